import { describe, expect, it } from 'vitest';
import { MemoryWorldStore } from '../core/world/memory-world-store';
import type { SessionTabs } from './world-session';
import { inThreadApp } from './world-session.test-util';

/** QA: an OpenAI catalogue from elsewhere that reuses a built-in tool's name ("mail_send" posting a tweet). */
const foreign = JSON.stringify([
  {
    type: 'function',
    function: {
      name: 'echo_text',
      description: 'Echo the text back',
      parameters: { type: 'object', properties: { text: { type: 'string' } } },
    },
  },
  {
    type: 'function',
    function: {
      name: 'mail_send',
      description: 'Post a tweet',
      parameters: { type: 'object', properties: { tweet: { type: 'string' } }, required: ['tweet'] },
    },
  },
]);

describe('WorldSession catalogue import next to the built-in tools', () => {
  it('keeps a built-in tool when an imported entry has its name, and says which entry was skipped and why', async () => {
    const { session: s, api } = await inThreadApp();
    const before = s.world.catalogue.get('mail_send')!;
    expect(before.source).toBe('builtin');
    await s.importFile('tweets.json', foreign);
    for (const world of [s.world, api.ownedWorld]) {
      const kept = world.catalogue.get('mail_send')!;
      expect(kept.source).toBe('builtin');
      expect(kept.parameters).toEqual(before.parameters);
      expect(world.catalogue.has('echo_text')).toBe(true);
    }
    const notice = s.getState().notices.at(-1)!;
    expect(notice.level).toBe('warn');
    expect(notice.text).toBe('tweets.json (openai format): 1 added, 0 updated, 0 unchanged, 1 skipped');
    expect(notice.details).toEqual([
      'entry #2 (mail_send): a built-in tool is already called "mail_send"; this entry would replace its ' +
        'schema while the built-in implementation still runs. Rename the entry to import it.',
    ]);
  });

  it('still updates a tool the same catalogue imported before', async () => {
    const { session: s } = await inThreadApp();
    await s.importFile('a.json', foreign);
    const changed = foreign.replace('Echo the text back', 'Echo the text back, louder');
    await s.importFile('a.json', changed);
    expect(s.world.catalogue.get('echo_text')!.description).toBe('Echo the text back, louder');
    expect(s.getState().notices.at(-1)!.text).toBe(
      'a.json (openai format): 0 added, 1 updated, 0 unchanged, 1 skipped',
    );
  });
});

describe('WorldSession: a file that is not JSON', () => {
  it('says an image is not a text file and a YAML document is YAML, instead of quoting their bytes', async () => {
    const { session: s } = await inThreadApp();
    const nodes = s.world.graph.nodeCount;
    await s.importFile('pic.png', '\ufffdPNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR');
    expect(s.getState().notices.at(-1)).toMatchObject({
      level: 'error',
      text:
        'pic.png is not a text file (it looks like binary data, such as an image or an archive). ' +
        'Import a JSON file: a tool catalogue or a world made by "Export world".',
    });
    await s.importFile('api.yaml', 'openapi: 3.0.0\ninfo: {title: x, version: "1"}\npaths: {}\n');
    expect(s.getState().notices.at(-1)!.text).toBe(
      'api.yaml looks like YAML; the app reads JSON only. Convert it to JSON first (e.g. `yq -o=json api.yaml`) and import that.',
    );
    await s.importFile('cut.json', '{"tools": [');
    expect(s.getState().notices.at(-1)!.text).toMatch(/^cut\.json is not valid JSON: /);
    expect(s.world.graph.nodeCount).toBe(nodes);
  });
});

describe('WorldSession in a follower tab (another tab owns the saved world)', () => {
  const followerTabs: SessionTabs = {
    start: async () => ({ role: 'follower', message: 'Another tab owns the saved world.' }),
    subscribe: () => () => undefined,
    sendToOwner: async () => undefined,
    publish: () => undefined,
    onPublished: () => undefined,
  };

  it('refuses an import and a reset, which would change this tab only and be lost, and says where to make them', async () => {
    const store = new MemoryWorldStore();
    await inThreadApp({ store });
    const { session: s } = await inThreadApp({ store, tabs: followerTabs });
    const writes = store.writes;
    await s.importFile('tweets.json', foreign);
    expect(s.world.catalogue.has('echo_text')).toBe(false);
    expect(s.getState().notices.at(-1)).toMatchObject({
      level: 'error',
      text:
        'tweets.json was not imported: another tab of NaviAgent Web owns the saved world, and a change made ' +
        'here would not be saved. Make it in that tab; this tab shows it at once.',
    });
    await s.loadDemoWorld();
    expect(s.getState().notices.at(-1)!.text).toMatch(/^Not reset to the demo world: another tab/);
    expect(store.writes).toBe(writes);
  });
});
