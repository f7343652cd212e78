import { describe, expect, it } from 'vitest';
import { positionPriorMethod } from './position-prior-method';
import { positionPriorWorld as world } from '../graph-tensors/position-prior-world.test-util';

// position-prior.test.ts's four tools: search (0) → get (1) → book (2) ran in plans, ranks −0.5, 0, 0.5; find
// (3) is new, with search's text (one-number vectors 1, 0, −1, 1), so it is placed at −0.3 by text.
describe('positionPrior (the position prior alone as a rule row, issue 16)', () => {
  it('the rule row scores the forward pair above its reverse, also for the new tool', async () => {
    const { graph, embeddings, io } = world();
    const input = { graph, io, build: { embeddings } } as unknown as Parameters<
      typeof positionPriorMethod.fit
    >[0];
    const fitted = await positionPriorMethod.fit(input);
    const [fwd, back, coldFwd, coldBack] = await fitted.score([
      { src: 0, dst: 2 },
      { src: 2, dst: 0 },
      { src: 3, dst: 2 },
      { src: 2, dst: 3 },
    ]);
    expect(fwd).toBeCloseTo(1, 4);
    expect(back).toBeCloseTo(-1, 4);
    expect(coldFwd! - coldBack!).toBeCloseTo(2 * (0.5 + 0.3), 3);
  });
});
