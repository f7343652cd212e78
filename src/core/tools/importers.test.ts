import { describe, expect, it } from 'vitest';
import { ToolCatalogue } from './catalogue';
import { describeIssue } from './import-issue';
import { parseCatalogue, parseCatalogueText } from './importers';
import { CatalogueFormatError } from './catalogue-format-error';

const weather = {
  name: 'get_weather',
  description: 'Weather for a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

describe('catalogue importers', () => {
  it('reads the shared datasets tools.json format, returns and category included', () => {
    const r = parseCatalogue([
      { ...weather, returns: { type: 'object', properties: { t: { type: 'number' } } }, category: 'Weather' },
    ]);
    expect(r.format).toBe('dataset');
    expect(r.issues).toEqual([]);
    expect(r.tools[0]).toMatchObject({ name: 'get_weather', category: 'Weather', source: 'dataset' });
    expect(r.tools[0]!.returns?.properties).toHaveProperty('t');
  });

  it('reads an OpenAI tools array and a request body holding one', () => {
    const list = [{ type: 'function', function: weather }];
    for (const json of [list, { tools: list }]) {
      const r = parseCatalogue(json);
      expect(r.format).toBe('openai');
      expect(r.tools[0]).toMatchObject({
        name: 'get_weather',
        returns: null,
        category: 'uncategorized',
        source: 'openai',
      });
    }
  });

  it('reads an MCP tools/list result, bare or inside a JSON-RPC response', () => {
    const tools = [
      {
        name: 'read_file',
        description: 'Read a file',
        inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
        outputSchema: { type: 'object', properties: { content: { type: 'string' } } },
      },
      { name: 'ping', inputSchema: { type: 'object' } },
    ];
    for (const json of [{ tools }, { jsonrpc: '2.0', id: 1, result: { tools } }]) {
      const r = parseCatalogue(json);
      expect(r.format).toBe('mcp');
      expect(r.tools.map((t) => t.name)).toEqual(['read_file', 'ping']);
      expect(r.tools[0]!.returns?.properties).toHaveProperty('content');
      expect(r.tools[1]!.description).toBe('');
    }
  });

  it('reports each malformed entry with its position and reason and keeps the valid rest', () => {
    const r = parseCatalogue([
      weather, // #1 valid
      'not an object', // #2
      { description: 'no name', parameters: { type: 'object' } }, // #3
      { name: 'bad_schema', parameters: { type: 'object', properties: { x: { type: 'strnig' } } } }, // #4
      { name: 'bad_required', parameters: { type: 'object', properties: { a: {} }, required: ['b'] } }, // #5
      { name: 'not_object', parameters: { type: 'array', items: {} } }, // #6
      { ...weather }, // #7 duplicate
      { name: 'bad_returns', parameters: { type: 'object' }, returns: 'text' }, // #8
      { name: 'ok_too', parameters: { type: 'object', properties: {} } }, // #9 valid
      { name: ' padded', parameters: { type: 'object' } }, // #10
    ]);
    expect(r.tools.map((t) => t.name)).toEqual(['get_weather', 'ok_too']);
    const byIndex = Object.fromEntries(r.issues.map((i) => [i.index + 1, i.reason]));
    expect(byIndex[2]).toMatch(/entry must be an object, got string/);
    expect(byIndex[3]).toMatch(/missing tool name/);
    expect(byIndex[4]).toMatch(/parameters is not a valid JSON Schema at parameters\/properties\/x\/type/);
    expect(byIndex[5]).toMatch(/required names "b", which is not in parameters.properties/);
    expect(byIndex[6]).toMatch(/must have type "object", got "array"/);
    expect(byIndex[7]).toMatch(/duplicate name: entry #1 already defines "get_weather"/);
    expect(byIndex[8]).toMatch(/returns must be a JSON Schema object, got string/);
    expect(byIndex[10]).toMatch(/leading or trailing spaces/);
    expect(describeIssue(r.issues.find((i) => i.index === 4)!)).toMatch(/^entry #5 \(bad_required\): /);
  });

  it('rejects an OpenAI entry that is not a function tool, and files that are not catalogues', () => {
    const r = parseCatalogue([{ type: 'function', function: weather }, { type: 'retrieval' }]);
    expect(r.tools).toHaveLength(1);
    expect(r.issues[0]!.reason).toMatch(/expected \{"type":"function"/);
    expect(() => parseCatalogue({ hello: 'world' })).toThrow(CatalogueFormatError);
    expect(() => parseCatalogueText('{"tools": [')).toThrow(/not valid JSON/);
  });

  it('counts re-importing a changed tool as an update, an identical one as unchanged', () => {
    const cat = new ToolCatalogue();
    const first = parseCatalogue([weather]).tools;
    expect(cat.upsert(first, 1).added).toHaveLength(1);
    expect(cat.upsert(first, 2).unchanged).toHaveLength(1);
    const changed = parseCatalogue([{ ...weather, description: 'Forecast for a city' }]).tools;
    const r = cat.upsert(changed, 3);
    expect(r.updated).toHaveLength(1);
    expect(r.updated[0]!.before.description).toBe('Weather for a city');
    expect(cat.record('get_weather')).toMatchObject({ revision: 2, addedAt: 1, updatedAt: 3 });
    expect(cat.size).toBe(1);
  });
});
