import { describe, expect, it } from 'vitest';
import type { Tool } from '../../tools/tool';
import { stringFieldTool } from '../../tools/tool-fixtures.test-util';
import { chooseDecoding, pairsRight, type CalibrationTask } from './decoding-calibration';
import { RETO_DECODING } from './layer-decoding';

/** A tool with one string input `q` and one string output `<name>_out`. */
const tool = (name: string): Tool => stringFieldTool(name, ['q'], [`${name}_out`]);

// A two-tool task whose gold order is [0, 1] and whose probabilities sit under ½ (E = 0.1 and 0.5):
// RETO's thresholds tie the pair (wrong), a margin of 0.3 or 0.2 or 0.1 orders it (right). No schema
// match, so the shift rule changes nothing.
const ordered = (id: number): CalibrationTask => ({
  probs: [
    [0.1, 0, 0],
    [0.3, 0.2, 0],
  ],
  tools: [tool(`p${id}`), tool(`c${id}`)],
  gold: [0, 1],
});

describe('choosing a decoding on validation', () => {
  it('pairs right: before / same / after must match, layers renumbered first', () => {
    expect(pairsRight([0, 1, 1], [0, 2, 2])).toEqual([true, true, true]);
    expect(pairsRight([0, 1, 1], [0, 0, 1])).toEqual([false, true, false]);
  });

  it('keeps RETO’s decoding when the margin wins only 2 pairs to 0 (p = 1/4 > 0.1)', () => {
    const choice = chooseDecoding([ordered(1), ordered(2)]);
    expect(choice.decoding).toEqual(RETO_DECODING);
    expect(choice.p).toBe(1);
  });

  it('moves to the widest margin that wins 4 pairs to 0 (p = 1/16 ≤ 0.1), the rule kept on a tie', () => {
    const choice = chooseDecoding([1, 2, 3, 4].map(ordered));
    // Margins 0.3, 0.2 and 0.1 all win 4–0; 0.5 does not split E = 0.1 / 0.5; 0.3 comes first.
    expect(choice.decoding).toEqual({ margin: 0.3, shift: true });
    expect([choice.wins, choice.losses]).toEqual([4, 0]);
    expect(choice.p).toBeCloseTo(1 / 16, 12);
  });

  it('a decoding that wins and loses as often is not taken', () => {
    // Two tied-gold tasks with the same probabilities: the margin splits them (wrong) where RETO ties them.
    const tied = (id: number): CalibrationTask => ({ ...ordered(id + 10), gold: [0, 0] });
    const choice = chooseDecoding([1, 2, 3, 4].map(ordered).concat([1, 2, 3, 4].map(tied)));
    expect(choice.decoding).toEqual(RETO_DECODING);
  });
});
