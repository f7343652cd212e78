/** A small OpenAPI 3 document: path and query parameters, a JSON body, $refs (one recursive), a list answer. */
export const PETSTORE = {
  openapi: '3.0.3',
  info: { title: 'Pet store', version: '1' },
  servers: [{ url: 'http://{host}/v1', variables: { host: { default: '127.0.0.1:9' } } }],
  paths: {
    '/pets/{petId}': {
      parameters: [
        {
          name: 'petId',
          in: 'path',
          required: true,
          schema: { type: 'string' },
          description: 'Id of the pet',
        },
      ],
      get: {
        operationId: 'getPet',
        summary: 'Get one pet',
        parameters: [{ name: 'fields', in: 'query', schema: { type: 'string' } }],
        responses: {
          '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
        },
      },
    },
    '/pets': {
      get: {
        summary: 'List pets',
        parameters: [{ $ref: '#/components/parameters/Limit' }],
        responses: {
          '200': {
            content: {
              'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } },
            },
          },
        },
      },
      post: {
        operationId: 'createPet',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/NewPet' } } },
        },
        responses: {
          '201': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
        },
      },
    },
  },
  components: {
    parameters: { Limit: { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1 } } },
    schemas: {
      Pet: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          name: { type: 'string' },
          owner: { $ref: '#/components/schemas/Pet' },
        },
      },
      NewPet: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string' }, species: { type: 'string', enum: ['cat', 'dog'] } },
      },
    },
  },
};
