import { DEFAULT_AUTO_RETRAIN, type AutoRetrainSettings } from '../core/link-model/hgt-app-retrain-policy';
import { loadSaved, positiveInt, saveSetting, type SettingsStorage } from './saved-settings';

const KEY = 'naviagent.linkModel';

/** The Link model view's settings: epochs of a retraining and when to retrain automatically. */
export interface LinkModelSettings extends AutoRetrainSettings {
  epochs: number;
}

/** The trainer's default epochs (docs/hgt.md), the auto-retrain default of hgt-app-retrain-policy.ts. */
export const DEFAULT_LINK_MODEL_SETTINGS: LinkModelSettings = { ...DEFAULT_AUTO_RETRAIN, epochs: 60 };

/** Settings saved in localStorage, each field checked on its own (a bad field falls back to its default). */
export function loadLinkModelSettings(storage: SettingsStorage | undefined): LinkModelSettings {
  const d = DEFAULT_LINK_MODEL_SETTINGS;
  return loadSaved(storage, KEY, (v) => {
    if (!v || typeof v !== 'object') return d;
    const saved = v as Partial<Record<keyof LinkModelSettings, unknown>>;
    return {
      enabled: typeof saved.enabled === 'boolean' ? saved.enabled : d.enabled,
      threshold: positiveInt(saved.threshold, d.threshold),
      epochs: positiveInt(saved.epochs, d.epochs),
    };
  });
}

export function saveLinkModelSettings(storage: SettingsStorage | undefined, s: LinkModelSettings): void {
  saveSetting(storage, KEY, s);
}
