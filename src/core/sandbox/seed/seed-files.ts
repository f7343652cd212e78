import { FILES } from '../../demo/demo-traces';
import type { SandboxFile } from '../sandbox-state';

/** The demo traces' files (same paths and text) plus a few personal ones. */
const EXTRA: [path: string, content: string][] = [
  [
    '/Documents/Work/meeting-notes-quarterly-planning.md',
    'Quarterly planning: ship the API docs before launch, hire two backend engineers, review cloud costs monthly.',
  ],
  [
    '/Documents/Personal/recipes/banana-bread.txt',
    'Banana bread: 3 ripe bananas, 250 g flour, 100 g butter, 150 g sugar, 2 eggs. Bake 60 minutes at 175 °C.',
  ],
  [
    '/Documents/Personal/passport-renewal.txt',
    'Passport expires March 2027. Renewal takes about 6 weeks: photo, old passport, form, fee of 88 GBP.',
  ],
];

export function seedFiles(): SandboxFile[] {
  const all: [string, string][] = [...FILES.map((f): [string, string] => [f.path, f.content]), ...EXTRA];
  return all.map(([path, content], i) => ({ id: `f-${5001 + i}`, path, content }));
}
