import type { Tool } from '../../tools/tool';
import { editDistance, nameWords } from './name-words';
import type { ParamIndex } from './param-index';

/** Words that say little about which input a key means on their own. */
const GENERIC = new Set([
  'name',
  'id',
  'value',
  'type',
  'text',
  'data',
  'the',
  'of',
  'for',
  'to',
  'in',
  'param',
  'arg',
]);

/**
 * The declared input an unknown key stands for, or null. In order: the same standardized parameter (the
 * key's clusters anywhere in the catalogue include the input's cluster); the same words in another
 * spelling (`cityName` ↔ `city_name`); a close name (one's meaningful words contained in the other's,
 * `city_name` → `city`, or a typo within two edits, `adress` → `address`). Only an unambiguous match
 * counts, and only inputs the call does not already give are candidates.
 */
export function renameTarget(
  tool: Tool,
  key: string,
  given: ReadonlySet<string>,
  params?: ParamIndex,
): string | null {
  const inputs = Object.keys(tool.parameters.properties ?? {}).filter((f) => !given.has(f));
  if (inputs.length === 0) return null;
  const only = (list: string[]): string | null => (list.length === 1 ? list[0]! : null);
  if (params) {
    const clusters = params.clustersOfName(key);
    const hit = only(
      inputs.filter((f) => {
        const c = params.clusterOf(tool.name, f);
        return c !== null && clusters.has(c);
      }),
    );
    if (hit) return hit;
  }
  const kw = nameWords(key);
  const same = only(inputs.filter((f) => nameWords(f).join(' ') === kw.join(' ')));
  if (same) return same;
  const meaningful = (ws: string[]) => ws.filter((w) => !GENERIC.has(w));
  const km = new Set(meaningful(kw));
  const contained = inputs.filter((f) => {
    const fm = meaningful(nameWords(f));
    if (fm.length === 0 || km.size === 0) return false;
    return fm.every((w) => km.has(w)) || [...km].every((w) => fm.includes(w));
  });
  if (contained.length === 1) return contained[0]!;
  if (contained.length > 1) {
    // Several share words: the one sharing the most, if it is alone at the top.
    const score = (f: string) => meaningful(nameWords(f)).filter((w) => km.has(w)).length;
    const best = Math.max(...contained.map(score));
    return only(contained.filter((f) => score(f) === best));
  }
  const k = kw.join('');
  if (k.length < 5) return null;
  return only(inputs.filter((f) => editDistance(k, nameWords(f).join(''), 2) <= 2));
}
