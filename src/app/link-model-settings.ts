import { DEFAULT_AUTO_RETRAIN, type AutoRetrainSettings } from '../core/ml/hgt/hgt-app-retrain-policy';
import type { ChoiceStorage } from './embedder-choice-storage';

const KEY = 'naviagent.linkModel';

/** The Link model view's settings: epochs of a retraining and when to retrain automatically. */
export interface LinkModelSettings extends AutoRetrainSettings {
  epochs: number;
}

/** The trainer's default epochs (docs/hgt.md), the auto-retrain default of hgt-app-retrain-policy.ts. */
export const DEFAULT_LINK_MODEL_SETTINGS: LinkModelSettings = { ...DEFAULT_AUTO_RETRAIN, epochs: 60 };

const positiveInt = (v: unknown, fallback: number): number =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 10_000 ? v : fallback;

/** Settings saved in localStorage, each field checked on its own (a bad field falls back to its default). */
export function loadLinkModelSettings(storage: ChoiceStorage | undefined): LinkModelSettings {
  const d = DEFAULT_LINK_MODEL_SETTINGS;
  try {
    const saved = JSON.parse(storage?.getItem(KEY) ?? 'null') as Partial<
      Record<keyof LinkModelSettings, unknown>
    > | null;
    if (!saved || typeof saved !== 'object') return d;
    return {
      enabled: typeof saved.enabled === 'boolean' ? saved.enabled : d.enabled,
      threshold: positiveInt(saved.threshold, d.threshold),
      epochs: positiveInt(saved.epochs, d.epochs),
    };
  } catch {
    return d;
  }
}

export function saveLinkModelSettings(storage: ChoiceStorage | undefined, s: LinkModelSettings): void {
  try {
    storage?.setItem(KEY, JSON.stringify(s));
  } catch {
    // Storage full or disabled: the settings last for this session only.
  }
}
