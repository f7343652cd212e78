import type { McpEndpoint } from './mcp-session';

/** Thrown for a server address that is neither an http(s) URL nor a command line. */
export class McpEndpointError extends Error {
  override readonly name = 'McpEndpointError';
}

/**
 * Reads what a user typed: `http://127.0.0.1:3001/mcp` (Streamable HTTP) or a command line such as
 * `node node_modules/@modelcontextprotocol/server-memory/dist/index.js` (stdio; quotes group words).
 */
export function parseEndpoint(spec: string): McpEndpoint {
  const text = spec.trim();
  if (!text) throw new McpEndpointError('Give a server address: an http(s) URL or a command line.');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new McpEndpointError(`"${text}" is not a valid URL.`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new McpEndpointError(
        `${url.protocol} is not supported: MCP servers are reached over Streamable HTTP (http:// or https://) or stdio (a command line).`,
      );
    return { kind: 'http', url: url.href };
  }
  const words = splitCommandLine(text);
  return { kind: 'stdio', command: words[0]!, args: words.slice(1) };
}

/** Splits a command line into words; single and double quotes group, a backslash escapes one character. */
export function splitCommandLine(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let started = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === quote) quote = null;
      else if (ch === '\\' && quote === '"' && i + 1 < text.length) word += text[++i];
      else word += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      started = true;
    } else if (ch === '\\' && i + 1 < text.length) {
      word += text[++i];
      started = true;
    } else if (/\s/.test(ch)) {
      if (started) words.push(word);
      word = '';
      started = false;
    } else {
      word += ch;
      started = true;
    }
  }
  if (quote) throw new McpEndpointError(`Unclosed ${quote} in the command line: ${text}`);
  if (started) words.push(word);
  if (words.length === 0) throw new McpEndpointError('The command line is empty.');
  return words;
}

const quoteWord = (w: string): string => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);

/** The endpoint as a user would type it; also its identity among the connections. */
export function endpointText(e: McpEndpoint): string {
  return e.kind === 'http' ? e.url : [e.command, ...e.args].map(quoteWord).join(' ');
}

/** Short "where": `127.0.0.1:3001` for HTTP, the script or command's file name for stdio. */
export function endpointWhere(e: McpEndpoint): string {
  if (e.kind === 'http') {
    try {
      return new URL(e.url).host;
    } catch {
      return e.url;
    }
  }
  const script = e.args.find((a) => /\.(m?js|cjs|ts|py)$/.test(a));
  const file = (script ?? e.command).split(/[\\/]/);
  // `…/server-memory/dist/index.js` says less than the package folder it sits in.
  const name = file[file.length - 1]!;
  if (/^index\./.test(name) && file.length >= 3) {
    const up = file[file.length - 2] === 'dist' ? file[file.length - 3] : file[file.length - 2];
    if (up) return up;
  }
  return name;
}

/** Is this endpoint something the environment can open (the browser has no child processes)? */
export function endpointSupported(e: McpEndpoint, environment: 'browser' | 'node'): string | null {
  if (e.kind === 'stdio' && environment === 'browser') {
    // "localhost:3001" reads as a command line without its scheme; say what was probably meant.
    if (e.args.length === 0 && HOST_WITHOUT_SCHEME.test(e.command)) {
      const path = e.command.includes('/') ? '' : '/mcp';
      return `"${e.command}" has no http:// or https://: did you mean http://${e.command}${path}? A browser page reaches MCP servers over Streamable HTTP only.`;
    }
    return 'A browser page cannot start programs: give the server a Streamable HTTP endpoint (http://…/mcp), or run it from `npm run agent -- --mcp "<command>"`.';
  }
  return null;
}

/** `localhost`, an IPv4 address, or a dotted host name with a port, optionally followed by a path. */
const HOST_WITHOUT_SCHEME =
  /^(?:(?:localhost|\d{1,3}(?:\.\d{1,3}){3})(?::\d{1,5})?|[\w-]+(?:\.[\w-]+)+:\d{1,5})(?:\/\S*)?$/i;
