import { stepPoints } from './metrics';
import type { RetrievalTask } from './retriever';
import { endRow, FEATURE_COUNT, featureRow, type FusionExample } from './zero-shot-fusion';
import type { ZeroShotHybrid } from './zero-shot-hybrid';

/**
 * Training points for `fitZeroShotFusion` from a catalogue's plans: every step of every task (gold prefix
 * as history, as the evaluation scores it), with a shortlist of candidates — the top `k` tools by each
 * whole-request and residual score, every tool with an io match, and every acceptable and called tool —
 * so a 4,000-tool catalogue does not cost 4,000 rows a point. A tool outside every shortlist has a low score
 * on every feature the fit could raise, so dropping it changes little but memory.
 * The hybrid must be fitted and the texts of `textsToEmbed` cached.
 */
export function fusionExamples(
  hybrid: ZeroShotHybrid,
  names: readonly string[],
  tasks: readonly RetrievalTask[],
  k = 30,
): FusionExample[] {
  const index = new Map(names.map((n, i) => [n, i]));
  const out: FusionExample[] = [];
  for (const task of tasks) {
    for (const sp of stepPoints(task)) {
      const p = hybrid.fusionPoint({ query: task.query, history: sp.history });
      const cands = new Set<number>();
      for (const x of [p.ev.bm25, p.ev.tfidf, p.ev.cos, p.ev.residual, p.ev.residualTfidf, p.residualCos])
        for (const t of top(x, k)) cands.add(t);
      for (let t = 0; t < names.length; t++)
        if ((p.io[t] as number) > 0 || (p.ioEarlier[t] as number) > 0) cands.add(t);
      for (const c of p.called) cands.add(c);
      const ok = new Set(sp.acceptable.map((a) => index.get(a)).filter((i): i is number => i !== undefined));
      for (const a of ok) cands.add(a);
      const list = [...cands];
      const x = new Float32Array(list.length * FEATURE_COUNT);
      list.forEach((t, j) => featureRow(p, t, x, j * FEATURE_COUNT));
      out.push({
        x,
        m: list.length,
        acceptable: Uint8Array.from(list, (t) => (ok.has(t) ? 1 : 0)),
        isEnd: sp.isEnd,
        end: endRow(p),
        tools: Int32Array.from(list),
        query: task.query,
      });
    }
  }
  return out;
}

function top(x: ArrayLike<number>, k: number): number[] {
  const idx: number[] = [];
  for (let i = 0; i < x.length; i++) if ((x[i] as number) > 0) idx.push(i);
  idx.sort((a, b) => (x[b] as number) - (x[a] as number) || a - b);
  return idx.slice(0, k);
}
