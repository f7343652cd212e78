import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { trainLayerModel } from './train-layer-model';
import { trainTranslationTable } from './train-translation';

// `npm run train -- --data <dir>…`: the models that learn from datasets take the given folders, whatever
// their names, instead of the shared datasets under ../shared/data.

const TOOLS = JSON.stringify([
  {
    name: 'find_sku',
    description: 'Find a product by its title',
    parameters: { type: 'object', properties: {} },
  },
  { name: 'stock_level', description: 'Units on hand', parameters: { type: 'object', properties: {} } },
]);
const task = (i: number, plan: unknown[]) =>
  JSON.stringify({
    id: `t${i}`,
    query: `how many widgets number ${i}`,
    plan,
    split: i % 4 ? 'train' : 'test',
  });
const chain = [
  { step: 0, tool: 'find_sku', args: {}, deps: [] },
  { step: 1, tool: 'stock_level', args: { sku: '$0.sku' }, deps: [0] },
];

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'train-data-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function folder(name: string, plan: unknown[]): string {
  const dir = join(root, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'tools.json'), TOOLS);
  writeFileSync(join(dir, 'tasks.jsonl'), Array.from({ length: 12 }, (_, i) => task(i, plan)).join('\n'));
  return dir;
}

describe('train --data', () => {
  it('trains the translation table from a dataset folder in no list', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const out = join(root, 'out-translation');
    await trainTranslationTable(out, 'out', [folder('acme_widgets', chain)]);
    const manifest = JSON.parse(
      readFileSync(join(out, 'translation-table.manifest.json'), 'utf8'),
    ) as unknown;
    expect(JSON.stringify(manifest)).toContain('acme_widgets');
    vi.restoreAllMocks();
  });

  it('leaves the layer model alone when no train plan has steps to put in layers', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const out = join(root, 'out-layers');
    await trainLayerModel(out, 'out', [folder('acme_no_plans', [])]);
    expect(existsSync(join(out, 'reto-layers.onnx'))).toBe(false);
    expect(log.mock.calls.map((c) => String(c[0])).join('\n')).toMatch(
      /no train plan with two or more tools/,
    );
    vi.restoreAllMocks();
  });
});
