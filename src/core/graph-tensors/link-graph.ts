import { HGT_RELATIONS, type HgtGraphTensors } from './tensor-spec';

/** A directed node pair, as row indices of one graph's node order (the HGT's). */
export interface LinkPair {
  src: number;
  dst: number;
}

/** Relation indices (HGT_RELATIONS order) of the behavioural relations: what link prediction predicts. */
export const API_API = HGT_RELATIONS.indexOf('api->api');
export const PARAM_PARAM = HGT_RELATIONS.indexOf('param->param');

export const isBehavioural = (rel: number): boolean => rel === API_API || rel === PARAM_PARAM;

/** One edge of a `LinkGraph`: row indices, relation index and statistical weight. */
export interface LinkEdge {
  src: number;
  dst: number;
  rel: number;
  w: number;
}

/**
 * Adjacency over an HGT graph's edges, for the split and the baselines. Reading the same tensors the HGT
 * reads means every method sees exactly the same input graph: same held-out edges, same hidden statistics.
 */
export class LinkGraph {
  readonly n: number;
  readonly apiCount: number;
  readonly edges: LinkEdge[];
  private readonly keyed = new Map<number, LinkEdge>();
  private readonly outList: LinkEdge[][];
  private readonly inList: LinkEdge[][];
  private readonly undirected: Set<number>[];

  constructor(
    tensors: Pick<HgtGraphTensors, 'apiCount' | 'paramCount' | 'edgeSrc' | 'edgeDst' | 'edgeRel' | 'edgeW'>,
  ) {
    this.n = tensors.apiCount + tensors.paramCount;
    this.apiCount = tensors.apiCount;
    this.outList = Array.from({ length: this.n }, () => []);
    this.inList = Array.from({ length: this.n }, () => []);
    this.undirected = Array.from({ length: this.n }, () => new Set<number>());
    this.edges = [];
    for (let k = 0; k < tensors.edgeSrc.length; k++) {
      const e: LinkEdge = {
        src: tensors.edgeSrc[k] as number,
        dst: tensors.edgeDst[k] as number,
        rel: tensors.edgeRel[k] as number,
        w: tensors.edgeW[k] as number,
      };
      this.edges.push(e);
      this.keyed.set(this.key(e.src, e.dst), e);
      this.outList[e.src]!.push(e);
      this.inList[e.dst]!.push(e);
      this.undirected[e.src]!.add(e.dst);
      this.undirected[e.dst]!.add(e.src);
    }
  }

  isApi(i: number): boolean {
    return i < this.apiCount;
  }

  /** The behavioural relation a pair of these node kinds would have, or -1 for a mixed (structural) pair. */
  behaviouralRelation(src: number, dst: number): number {
    const a = this.isApi(src);
    if (a !== this.isApi(dst)) return -1;
    return a ? API_API : PARAM_PARAM;
  }

  private key(src: number, dst: number): number {
    return src * this.n + dst;
  }

  hasEdge(src: number, dst: number): boolean {
    return this.keyed.has(this.key(src, dst));
  }

  edge(src: number, dst: number): LinkEdge | undefined {
    return this.keyed.get(this.key(src, dst));
  }

  out(i: number): readonly LinkEdge[] {
    return this.outList[i]!;
  }

  in(i: number): readonly LinkEdge[] {
    return this.inList[i]!;
  }

  /** Neighbours ignoring direction and relation (Adamic–Adar reads these). */
  neighbours(i: number): ReadonlySet<number> {
    return this.undirected[i]!;
  }

  behaviouralEdges(): LinkEdge[] {
    return this.edges.filter((e) => isBehavioural(e.rel));
  }

  behaviouralOutDegree(i: number): number {
    return this.outList[i]!.filter((e) => isBehavioural(e.rel)).length;
  }

  behaviouralInDegree(i: number): number {
    return this.inList[i]!.filter((e) => isBehavioural(e.rel)).length;
  }
}

export const edgeIdOf = (nodeIds: readonly string[], p: LinkPair): string =>
  `${nodeIds[p.src]}|${nodeIds[p.dst]}`;
