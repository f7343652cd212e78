import { describe, expect, it } from 'vitest';
import { ProgressLine } from './progress-line';

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { isTTY, written, write: (t: string) => written.push(t) };
}

describe('ProgressLine', () => {
  it('in a log: a line at each new stage, and within a stage at most one every few seconds', () => {
    const out = stream(false);
    let t = 0;
    const p = new ProgressLine(out, 5000, () => t);
    p.update('ds: world', 'world');
    t = 1000;
    p.update('ds: retrieval', 'retrieval');
    t = 2000;
    p.update('ds: full 1/40', 'run full');
    t = 4000;
    p.update('ds: full 2/40', 'run full'); // 2 s after the last line: not printed
    t = 7500;
    p.update('ds: full 30/40', 'run full'); // 5.5 s after: printed
    p.clear();
    expect(out.written).toEqual(['ds: world\n', 'ds: retrieval\n', 'ds: full 1/40\n', 'ds: full 30/40\n']);
  });

  it('on a terminal: one line rewritten in place, cleared at the end', () => {
    const out = stream(true);
    const p = new ProgressLine(out, 5000, () => 0);
    p.update('a', 's');
    p.update('b', 's');
    p.clear();
    expect(out.written.map((w) => w.trim())).toEqual(['a', 'b', '']);
    expect(out.written[0]!.startsWith('\r')).toBe(true);
  });
});
