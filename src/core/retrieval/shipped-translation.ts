import { TranslationModel, type TranslationTable } from './translation-model';

let shipped: Promise<TranslationModel | null> | undefined;

/**
 * The word-association table the project ships (models/translation-table.json, written by `npm run train`,
 * issue 17 sixth pass), loaded once on first use as its own chunk so the app shell does not carry it. A
 * missing or unreadable table gives null: the zero-shot hybrid then ranks without its translation features
 * (as before the sixth pass) instead of failing.
 */
export function shippedTranslationModel(): Promise<TranslationModel | null> {
  shipped ??= import('../../../models/translation-table.json').then(
    (m) => new TranslationModel((m as { default: TranslationTable }).default),
    () => null,
  );
  return shipped;
}
