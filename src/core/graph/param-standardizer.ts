import { normalizeInPlace, type Embedder } from '../embed/embedder';

function dot(a: Float32Array, b: Float32Array): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) d += (a[i] as number) * (b[i] as number);
  return d;
}
import { fieldDescription, fieldType, inputNames, outputNames, type Tool } from '../tools/tool';
import { parameterConcept } from './param-concept';

export type Direction = 'in' | 'out';

/** One original parameter: an input argument or an output field of one tool. */
export interface ParamRef {
  tool: string;
  direction: Direction;
  field: string;
}

/** A standardized parameter (NaviAgent Appendix A, Table 3): one graph node shared by equivalent params. */
export interface ParamCluster {
  id: number;
  /** Standardized name, e.g. "city_name". */
  name: string;
  /** JSON type shared by the members ('any' when open). */
  type: string;
  /** Description of the first member, shown in the UI. */
  description: string;
  members: ParamRef[];
}

export interface StandardizerOptions {
  /** Cosine to a cluster's centroid at or above which a parameter joins it. */
  threshold?: number;
  /** Share of the vector taken from the concept (name, qualified) versus the full description. */
  conceptWeight?: number;
}

export interface StandardizerSnapshot {
  clusters: ParamCluster[];
}

export const refKey = (r: ParamRef): string => `${r.tool}\u0000${r.direction}\u0000${r.field}`;

interface ClusterState {
  cluster: ParamCluster;
  centroid: Float32Array;
  centroidNorm: number;
  conceptVotes: Map<string, number>;
  /** `<tool>\u0000<direction>` of every member: two inputs (or two outputs) of one tool never share a node. */
  slots: Set<string>;
}

/** A cluster as put or restored: its members mapped, its similarity index rebuilt lazily. */
const stateOf = (c: ParamCluster): ClusterState => ({
  cluster: { ...c, members: [...c.members] },
  centroid: new Float32Array(0),
  centroidNorm: 0,
  conceptVotes: new Map(),
  slots: new Set(),
});

const slotOf = (tool: string, direction: Direction): string => `${tool}\u0000${direction}`;

function typesCompatible(a: string, b: string): boolean {
  if (a === 'any' || b === 'any' || a === b) return true;
  const numeric = new Set(['number', 'integer']);
  return numeric.has(a) && numeric.has(b);
}

/**
 * Groups parameters that mean the same across tools into standardized parameters, incrementally:
 * each new parameter joins the most similar compatible cluster above the threshold, or founds one
 * (NaviAgent §3.2.4, incremental node integration via semantic similarity clustering).
 * Candidates come from an inverted index on concept words, so adding a tool costs O(its params).
 */
export class ParamStandardizer {
  readonly threshold: number;
  readonly conceptWeight: number;
  private readonly states: ClusterState[] = [];
  private readonly byRef = new Map<string, number>();
  private readonly byWord = new Map<string, Set<number>>();

  constructor(
    private readonly embedder: Embedder,
    options: StandardizerOptions = {},
  ) {
    this.threshold = options.threshold ?? 0.62;
    this.conceptWeight = options.conceptWeight ?? 0.8;
  }

  get embedderId(): string {
    return this.embedder.id;
  }

  clusters(): ParamCluster[] {
    return this.states.map((s) => s.cluster);
  }

  cluster(id: number): ParamCluster | undefined {
    return this.states[id]?.cluster;
  }

  clusterOf(ref: ParamRef): ParamCluster | undefined {
    const id = this.byRef.get(refKey(ref));
    return id === undefined ? undefined : this.states[id]?.cluster;
  }

  /** Adds every parameter of the tools that is not mapped yet; returns the ids of clusters touched. */
  async addTools(tools: Tool[]): Promise<{ ref: ParamRef; clusterId: number; created: boolean }[]> {
    const pending: { ref: ParamRef; description: string; type: string }[] = [];
    for (const tool of tools) {
      for (const direction of ['in', 'out'] as const) {
        const fields = direction === 'in' ? inputNames(tool) : outputNames(tool);
        for (const field of fields) {
          const ref = { tool: tool.name, direction, field };
          if (this.byRef.has(refKey(ref))) continue;
          pending.push({
            ref,
            description: fieldDescription(tool, direction, field),
            type: fieldType(tool, direction, field),
          });
        }
      }
    }
    return this.addParams(pending);
  }

  /** Adds parameters seen only in traces (undeclared fields); type unknown. */
  async addParams(
    params: { ref: ParamRef; description: string; type: string }[],
  ): Promise<{ ref: ParamRef; clusterId: number; created: boolean }[]> {
    const fresh = params.filter((p) => !this.byRef.has(refKey(p.ref)));
    if (fresh.length === 0) return [];
    await this.ensureIndexed();
    const concepts = fresh.map((p) => parameterConcept(p.ref.field, p.description));
    const conceptVecs = await this.embedder.embed(concepts.map((c) => c.words.join(' ')));
    const descVecs = await this.embedder.embed(
      fresh.map((p, i) => p.description || (concepts[i]?.words.join(' ') ?? '')),
    );
    const out: { ref: ParamRef; clusterId: number; created: boolean }[] = [];
    fresh.forEach((p, i) => {
      const concept = concepts[i]!;
      const v = this.blend(conceptVecs[i]!, descVecs[i]!);
      const best = this.bestCluster(v, concept.words, p.type, slotOf(p.ref.tool, p.ref.direction));
      if (best === null) {
        out.push({
          ref: p.ref,
          clusterId: this.found(p.ref, concept.key, concept.words, p.type, p.description, v),
          created: true,
        });
      } else {
        this.join(best, p.ref, concept.key, concept.words, p.type, v);
        out.push({ ref: p.ref, clusterId: best, created: false });
      }
    });
    return out;
  }

  snapshot(): StandardizerSnapshot {
    return { clusters: this.states.map((s) => ({ ...s.cluster, members: [...s.cluster.members] })) };
  }

  /**
   * Restores clusters and the (tool, param) → cluster mapping from a snapshot at once; the similarity
   * index (embeddings, centroids) is rebuilt lazily before the next addition, so a cold start does not
   * pay for re-embedding thousands of parameters it may never compare.
   */
  restore(snapshot: StandardizerSnapshot, describe: (ref: ParamRef) => string): void {
    this.states.length = 0;
    this.byRef.clear();
    this.byWord.clear();
    for (const c of snapshot.clusters) {
      this.states[c.id] = stateOf(c);
      for (const m of c.members) this.byRef.set(refKey(m), c.id);
    }
    this.pendingIndex = describe;
  }

  /**
   * Sets clusters as another copy of this standardizer holds them (the owner's change, applied by a reader):
   * the mapping is updated at once; the similarity index is rebuilt lazily, as after `restore`.
   */
  putClusters(clusters: readonly ParamCluster[], describe: (ref: ParamRef) => string): void {
    if (clusters.length === 0) return;
    for (const c of clusters) {
      const before = this.states[c.id]?.cluster;
      for (const m of before?.members ?? []) this.byRef.delete(refKey(m));
      this.states[c.id] = stateOf(c);
      for (const m of c.members) this.byRef.set(refKey(m), c.id);
    }
    // Every centroid is recomputed before the next addition, so the put clusters compare like the rest.
    this.byWord.clear();
    for (const s of this.states) {
      s?.conceptVotes.clear();
      s?.slots.clear();
    }
    this.pendingIndex = describe;
  }

  private pendingIndex: ((ref: ParamRef) => string) | null = null;

  /** Re-embeds restored members so later additions compare like with like. */
  private async ensureIndexed(): Promise<void> {
    const describe = this.pendingIndex;
    if (!describe) return;
    this.pendingIndex = null;
    const all = this.states.flatMap((s) => s.cluster.members.map((m) => ({ s, m })));
    const descs = all.map(({ m }) => describe(m));
    const concepts = all.map(({ m }, i) => parameterConcept(m.field, descs[i] ?? ''));
    const cv = await this.embedder.embed(concepts.map((c) => c.words.join(' ')));
    const dv = await this.embedder.embed(descs.map((d, i) => d || (concepts[i]?.words.join(' ') ?? '')));
    for (const s of this.states) {
      s.cluster.members = [];
      s.centroid = new Float32Array(this.embedder.dimension);
    }
    all.forEach(({ s, m }, i) =>
      this.join(
        s.cluster.id,
        m,
        concepts[i]!.key,
        concepts[i]!.words,
        s.cluster.type,
        this.blend(cv[i]!, dv[i]!),
        false,
      ),
    );
  }

  private blend(concept: Float32Array, description: Float32Array): Float32Array {
    const v = new Float32Array(concept.length);
    for (let i = 0; i < v.length; i++) {
      v[i] =
        this.conceptWeight * (concept[i] as number) + (1 - this.conceptWeight) * (description[i] as number);
    }
    return normalizeInPlace(v);
  }

  private bestCluster(v: Float32Array, words: string[], type: string, slot: string): number | null {
    const candidates = new Set<number>();
    for (const w of words) for (const id of this.byWord.get(w) ?? []) candidates.add(id);
    let best: number | null = null;
    let bestScore = this.threshold;
    for (const id of candidates) {
      const s = this.states[id]!;
      // Two inputs of one tool are distinct even when they look alike (origin/destination address);
      // an input and an output of one tool may share a node (date_add takes and returns a date).
      if (s.slots.has(slot) || !typesCompatible(s.cluster.type, type)) continue;
      // v is unit length, so cosine = v·centroid / |centroid|, with |centroid| kept up to date by join().
      const score = s.centroidNorm === 0 ? 0 : dot(v, s.centroid) / s.centroidNorm;
      if (score >= bestScore) {
        bestScore = score;
        best = id;
      }
    }
    return best;
  }

  private found(
    ref: ParamRef,
    key: string,
    words: string[],
    type: string,
    description: string,
    v: Float32Array,
  ): number {
    const id = this.states.length;
    this.states.push({
      cluster: { id, name: key, type, description, members: [] },
      centroid: new Float32Array(v.length),
      centroidNorm: 0,
      conceptVotes: new Map(),
      slots: new Set(),
    });
    this.join(id, ref, key, words, type, v);
    return id;
  }

  private join(
    id: number,
    ref: ParamRef,
    key: string,
    words: string[],
    type: string,
    v: Float32Array,
    rename = true,
  ): void {
    const s = this.states[id]!;
    s.cluster.members.push(ref);
    s.slots.add(slotOf(ref.tool, ref.direction));
    let norm = 0;
    for (let i = 0; i < v.length; i++) {
      const c = (s.centroid[i] as number) + (v[i] as number);
      s.centroid[i] = c;
      norm += c * c;
    }
    s.centroidNorm = Math.sqrt(norm);
    if (s.cluster.type === 'any' && type !== 'any') s.cluster.type = type;
    s.conceptVotes.set(key, (s.conceptVotes.get(key) ?? 0) + 1);
    if (rename) s.cluster.name = this.preferredName(s.conceptVotes);
    this.byRef.set(refKey(ref), id);
    for (const w of words) {
      let set = this.byWord.get(w);
      if (!set) this.byWord.set(w, (set = new Set()));
      set.add(id);
    }
  }

  /** Most frequent concept among members; ties go to the more specific (longer) name. */
  private preferredName(votes: Map<string, number>): string {
    let best = '';
    let bestVotes = -1;
    for (const [k, n] of votes) {
      if (n > bestVotes || (n === bestVotes && k.length > best.length)) {
        best = k;
        bestVotes = n;
      }
    }
    return best;
  }
}
