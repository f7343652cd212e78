import { describe, expect, it } from 'vitest';
import { inThreadApp } from './world-session.test-util';

/** An OpenAPI document with no `servers`: every operation becomes a tool, none is skipped. */
const pets = JSON.stringify({
  openapi: '3.0.0',
  info: { title: 'Pets', version: '1' },
  paths: {
    '/pets': {
      get: {
        operationId: 'listPets',
        summary: 'List pets',
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
        responses: { '200': { description: 'ok' } },
      },
    },
    '/pets/{petId}': {
      get: {
        operationId: 'showPetById',
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'ok' } },
      },
    },
  },
});

describe('WorldSession import notice (second QA pass)', () => {
  it('does not count a remark on the whole file as a skipped entry', async () => {
    const { session: s } = await inThreadApp();
    await s.importFile('pets.json', pets);
    expect(s.world.catalogue.has('listPets')).toBe(true);
    expect(s.world.catalogue.has('showPetById')).toBe(true);
    const notice = s.getState().notices.at(-1)!;
    // It read "2 added, 0 updated, 0 unchanged, 1 skipped", and "1 skipped entries" named no entry.
    expect(notice.text).toBe(
      'pets.json (openapi format): 2 added, 0 updated, 0 unchanged. Note: the document names no absolute ' +
        'server URL: its tools are imported but cannot be called. Add "servers": [{"url": "https://…"}] to ' +
        'the document and import it again.',
    );
    expect(notice.text).not.toContain('skipped');
    expect(notice.level).toBe('warn');
    expect(notice.details).toBeUndefined();
  });

  it('says a catalogue with no tools in it lists none, instead of a bare "0 added"', async () => {
    const { session: s } = await inThreadApp();
    const before = s.world.catalogue.size;
    await s.importFile('empty.json', '[]');
    const notice = s.getState().notices.at(-1)!;
    expect(notice.text).toBe(
      'empty.json (dataset format): 0 added, 0 updated, 0 unchanged. The file lists no tools.',
    );
    expect(notice.level).toBe('warn');
    expect(s.world.catalogue.size).toBe(before);
  });
});
