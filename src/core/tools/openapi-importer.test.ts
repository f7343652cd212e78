import { describe, expect, it } from 'vitest';
import { CatalogueFormatError } from './catalogue-format-error';
import { parseCatalogue } from './importers';
import { parseOpenApi } from './openapi-importer';
import { PETSTORE } from './openapi-importer.test-util';

describe('OpenAPI 3 importer', () => {
  it('makes one tool per operation with parameters, returns and an HTTP binding', () => {
    const { tools, issues } = parseOpenApi(PETSTORE);
    expect(issues).toEqual([]);
    expect(tools.map((t) => t.name)).toEqual(['getPet', 'get_pets', 'createPet']);
    const [get, list, create] = tools;
    expect(get).toMatchObject({
      description: 'Get one pet',
      category: 'Pet store',
      source: 'openapi',
      parameters: {
        properties: { petId: { type: 'string', description: 'Id of the pet' }, fields: { type: 'string' } },
        required: ['petId'],
      },
      http: {
        method: 'GET',
        baseUrl: 'http://127.0.0.1:9/v1',
        path: '/pets/{petId}',
        args: { petId: 'path', fields: 'query' },
      },
    });
    // A recursive $ref is cut, not followed forever.
    expect(get!.returns?.properties).toMatchObject({ id: { type: 'string' }, name: { type: 'string' } });
    expect(list!.parameters.properties).toEqual({ limit: { type: 'integer', minimum: 1 } });
    expect(list!.http).toMatchObject({ wrapResult: true });
    expect(list!.returns).toMatchObject({ type: 'object', properties: { result: { type: 'array' } } });
    expect(create).toMatchObject({
      parameters: {
        properties: { name: { type: 'string' }, species: { enum: ['cat', 'dog'] } },
        required: ['name'],
      },
      http: { method: 'POST', args: { name: 'body', species: 'body' } },
    });
  });

  it('is one of the catalogue formats, and refuses Swagger 2 with a reason', () => {
    const r = parseCatalogue(PETSTORE);
    expect(r.format).toBe('openapi');
    expect(r.tools).toHaveLength(3);
    expect(() => parseCatalogue({ swagger: '2.0', paths: {} })).toThrow(CatalogueFormatError);
  });

  it('says when the document names no absolute server', () => {
    const { tools, issues } = parseOpenApi({ ...PETSTORE, servers: [{ url: '/v1' }] });
    expect(tools[0]!.http!.baseUrl).toBe('');
    expect(issues[0]!.reason).toMatch(/no absolute server URL/);
    expect(
      parseOpenApi(
        { ...PETSTORE, servers: [{ url: '/v1' }] },
        { documentUrl: 'https://api.example.com/spec.json' },
      ).tools[0]!.http!.baseUrl,
    ).toBe('https://api.example.com/v1');
  });
});
