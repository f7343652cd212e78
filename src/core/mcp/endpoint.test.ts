import { describe, expect, it } from 'vitest';
import { endpointSupported, parseEndpoint } from './endpoint';

describe('endpointSupported in the browser', () => {
  it('reads a host and port typed without http:// as a URL missing its scheme, not as a program', () => {
    expect(endpointSupported(parseEndpoint('localhost:3001'), 'browser')).toBe(
      '"localhost:3001" has no http:// or https://: did you mean http://localhost:3001/mcp? ' +
        'A browser page reaches MCP servers over Streamable HTTP only.',
    );
    expect(endpointSupported(parseEndpoint('127.0.0.1:3001/mcp'), 'browser')).toMatch(
      /did you mean http:\/\/127\.0\.0\.1:3001\/mcp\?/,
    );
    expect(endpointSupported(parseEndpoint('tools.example.com:8443/rpc'), 'browser')).toMatch(
      /did you mean http:\/\/tools\.example\.com:8443\/rpc\?/,
    );
  });

  it('still says a command line cannot start in a page, and allows it in Node', () => {
    for (const cmd of ['node server.js', 'server.js', 'uvx mcp-server-time'])
      expect(endpointSupported(parseEndpoint(cmd), 'browser')).toMatch(/cannot start programs/);
    expect(endpointSupported(parseEndpoint('localhost:3001'), 'node')).toBeNull();
    expect(endpointSupported(parseEndpoint('http://localhost:3001/mcp'), 'browser')).toBeNull();
  });
});
