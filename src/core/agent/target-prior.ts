import type { AgentWorld } from './agent-world';

/**
 * Bonus for a candidate the learnt plans still expect in this turn. The words' relevance of a good
 * target is about 0.5–2, so the bonus decides between look-alikes ("file_write" or "file_modify" for
 * "write … into the file") and not against a clear word match. Chosen on the development split
 * (`eval:agent --dev`): 0.5 and 1 solved 18 and 14 more of 553 requests than none.
 */
export const ROLLOUT_BONUS = 0.5;
/**
 * Least familiarity (`AgentWorld.familiarity`) of the request for the learnt plans to count: below it
 * the plans were learnt from other requests and the model guesses (on the 45-request fixture, whose
 * requests the demo traces do not contain, the rollout took 12 of 42 solved requests away).
 */
export const FAMILIAR_REQUEST = 0.3;
/** Longest rollout of learnt plans (DTDR plans are short; a loop stops it earlier). */
const MAX_ROLLOUT = 6;

/**
 * The tools learnt plans expect for the rest of a request after `history`: DTDR's hybrid asked for the
 * next tool again and again until it says "done" (END_OF_PLAN), repeats itself or runs long. Undefined
 * when no model has learnt plans in this world.
 */
export async function learntRollout(
  world: Pick<AgentWorld, 'nextTool'>,
  request: string,
  history: readonly string[],
): Promise<string[] | undefined> {
  if (!world.nextTool) return undefined;
  const seq = [...history];
  const out: string[] = [];
  for (let i = 0; i < MAX_ROLLOUT; i++) {
    const next = await world.nextTool(request, seq);
    if (next === undefined) return i === 0 ? undefined : out;
    if (next === null || out.includes(next)) break;
    out.push(next);
    seq.push(next);
  }
  return out;
}

/**
 * What learnt plans say about which candidate should serve a sub-intent, as a bonus per tool that
 * `chooseTarget` adds to the words' score: the tools the plans still expect for this request after the
 * calls so far, less those another sub-intent already serves — when the request is familiar enough for
 * the plans to know it. Undefined when they say nothing.
 */
export async function targetPrior(
  world: Pick<AgentWorld, 'nextTool' | 'familiarity'>,
  request: string,
  history: readonly string[],
  taken: ReadonlySet<string>,
): Promise<ReadonlyMap<string, number> | undefined> {
  if (!world.nextTool || !world.familiarity) return undefined;
  if ((await world.familiarity(request)) < FAMILIAR_REQUEST) return undefined;
  const prior = new Map<string, number>();
  for (const t of (await learntRollout(world, request, history)) ?? [])
    if (!taken.has(t)) prior.set(t, ROLLOUT_BONUS);
  return prior.size > 0 ? prior : undefined;
}
