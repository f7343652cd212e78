import { DEFAULT_RETRIEVAL_POLICY, type RetrievalPolicy } from '../core/retrieval/retrain-policy';
import { countOrZero, loadSaved, saveSetting, type SettingsStorage } from './saved-settings';

const KEY = 'naviagent.retrievalPolicy';

/** When the hybrid and DTDR-L retrain by themselves, as the user last set it (Next tool tab). */
export function loadRetrievalPolicy(storage: SettingsStorage | undefined): RetrievalPolicy {
  const d = DEFAULT_RETRIEVAL_POLICY;
  return loadSaved(storage, KEY, (v) => ({
    retrainAfter: countOrZero((v as { retrainAfter?: unknown } | null)?.retrainAfter, d.retrainAfter),
  }));
}

export function saveRetrievalPolicy(storage: SettingsStorage | undefined, policy: RetrievalPolicy): void {
  saveSetting(storage, KEY, policy);
}
