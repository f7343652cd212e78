import type { StoredModel, WorldStore } from '../world/world-store';

/**
 * The part of the world store that keeps model files. `putModels` writes several in one transaction (the
 * IndexedDB store has it): a swap then lands whole or not at all, even if the tab dies in the middle.
 */
export type ModelStore = Pick<WorldStore, 'putModel' | 'getModel'> & {
  putModels?(models: StoredModel[]): Promise<void>;
};

/** Writes the models of one swap together: atomically where the store can, else one after the other. */
async function putTogether(store: ModelStore, models: StoredModel[]): Promise<void> {
  if (store.putModels) return store.putModels(models);
  for (const m of models) await store.putModel(m);
}

/** Where the model that was active before the last promotion is kept, so the user can go back. */
export const previousName = (name: string): string => `${name}.previous`;

export interface PromotionResult {
  swapped: boolean;
  /** The candidate's score on the validation set it was judged on. */
  candidateScore: number;
  /** The incumbent's score on the same validation set; null when there was no incumbent. */
  incumbentScore: number | null;
  /** One sentence for the UI. */
  reason: string;
}

/**
 * Swaps a retrained model in only if it validates at least as well as the model in use (issue 5: "swapped
 * in only if its validation AUC is not worse; the previous model is kept").
 *
 * Both models are scored by the same `score` function on the same, current validation set: a score stored
 * in an old manifest was measured on an older graph and would not be comparable. `fallback` is the model
 * in use when the store holds none yet (the one shipped with the app).
 */
export async function promoteIfNotWorse(
  store: ModelStore,
  name: string,
  candidate: Omit<StoredModel, 'name'>,
  score: (model: Omit<StoredModel, 'name'>) => Promise<number>,
  fallback?: Omit<StoredModel, 'name'>,
): Promise<PromotionResult> {
  const candidateScore = await score(candidate);
  if (!Number.isFinite(candidateScore))
    return {
      swapped: false,
      candidateScore,
      incumbentScore: null,
      reason: `the new model's validation score is ${candidateScore}; keeping the current model`,
    };
  const stored = await store.getModel(name);
  const incumbent = stored ?? fallback;
  const incumbentScore = incumbent ? await score(incumbent) : null;
  if (incumbentScore !== null && candidateScore < incumbentScore)
    return {
      swapped: false,
      candidateScore,
      incumbentScore,
      reason: `the new model validates worse (${candidateScore.toFixed(3)} < ${incumbentScore.toFixed(3)}); keeping the current model`,
    };
  // The model in use becomes "previous" and the candidate the model in use, in one write: a tab closed in the
  // middle leaves the model that was in use, in use (issue 21).
  await putTogether(store, [
    ...(stored ? [{ ...stored, name: previousName(name) }] : []),
    { ...candidate, name },
  ]);
  return {
    swapped: true,
    candidateScore,
    incumbentScore,
    reason:
      incumbentScore === null
        ? `new model in use (validation ${candidateScore.toFixed(3)})`
        : `new model in use (validation ${candidateScore.toFixed(3)} ≥ ${incumbentScore.toFixed(3)})`,
  };
}

/** Puts the previous model back in use (and keeps the current one as the new "previous"). */
export async function restorePrevious(store: ModelStore, name: string): Promise<boolean> {
  const previous = await store.getModel(previousName(name));
  if (!previous) return false;
  const current = await store.getModel(name);
  await putTogether(store, [
    ...(current ? [{ ...current, name: previousName(name) }] : []),
    { ...previous, name },
  ]);
  return true;
}
