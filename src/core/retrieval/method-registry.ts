import { Bm25Retriever } from './baselines/bm25';
import { QtsRetriever } from './baselines/qts';
import { RandomRetriever } from './baselines/random';
import { StaticDependencyRetriever } from './baselines/static-dependency';
import type { RetrieverContext } from './context';
import { DtdrC } from './dtdr-c';
import { DtdrL } from './dtdr-l';
import { Hybrid } from './hybrid';
import type { Retriever } from './retriever';
import { StaticLR } from './static-lr';
import { ZeroShotHybrid } from './zero-shot-hybrid';

export type { RetrieverContext } from './context';

/** Every retrieval method by id (the evaluator's `--methods`, the UI's picker). One entry per line. */
export const METHODS: Record<string, (ctx: RetrieverContext) => Retriever> = {
  random: (ctx) => new RandomRetriever(ctx),
  bm25: (ctx) => new Bm25Retriever(ctx),
  qts: (ctx) => new QtsRetriever(ctx),
  staticDependency: () => new StaticDependencyRetriever(),
  dtdrC: (ctx) => new DtdrC(ctx),
  staticLR: (ctx) => new StaticLR(ctx),
  dtdrL: (ctx) => new DtdrL(ctx),
  dtdrLJoint: (ctx) => new DtdrL(ctx, { variant: 'joint' }),
  hybrid: (ctx) => new Hybrid(ctx),
  zeroShotHybrid: (ctx) => new ZeroShotHybrid(ctx),
};
