import type { FieldKind } from './field-kind';
import { recipientsFirst, type Literal } from './literals';

/** Literal kinds that mean the same thing for every tool, whatever the input is called. */
const GLOBAL: Partial<Record<FieldKind, (l: Literal) => boolean>> = {
  person: (l) => l.kind === 'entity' && l.sub === 'person',
  city: (l) => l.kind === 'entity' && l.sub === 'city',
  email: (l) => l.kind === 'email',
  phone: (l) => l.kind === 'phone',
  url: (l) => l.kind === 'url',
  date: (l) => l.kind === 'date',
  'duration-minutes': (l) => l.kind === 'duration',
};

/**
 * Known values by standardized parameter node from the request's literals, for the inputs of the
 * producers a toolchain adds ("email Anna": the contact lookup's `name` is "Anna Keller"). Only kinds
 * that cannot mean something else are used; free text goes to the target alone.
 */
export function literalKnown(
  kinds: ReadonlyMap<string, FieldKind>,
  intentLiterals: readonly Literal[],
  requestLiterals: readonly Literal[],
  /** Keywords of the sub-intent, for the search inputs of producers ("read the file about X"). */
  searchWords = '',
): Record<string, unknown> {
  const known: Record<string, unknown> = {};
  for (const [node, kind] of kinds) {
    if (kind === 'query' && searchWords) {
      known[node] = searchWords;
      continue;
    }
    const match = GLOBAL[kind];
    if (!match) continue;
    const l =
      recipientsFirst(intentLiterals).find(match) ??
      (kind === 'date' || kind === 'duration-minutes' ? undefined : requestLiterals.find(match));
    if (l) known[node] = l.value;
  }
  return known;
}
