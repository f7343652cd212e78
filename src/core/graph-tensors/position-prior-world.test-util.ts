import { HGT_RELATIONS } from './tensor-spec';
import { LinkGraph } from './link-graph';

const API_API = HGT_RELATIONS.indexOf('api->api');

/**
 * Four tools, no parameters, for the position prior's tests. Plans ran search (0) → get (1) → book (2);
 * find (3) is new: no links, the text of search. One-number text vectors 1, 0, −1, 1.
 */
export function positionPriorWorld() {
  const graph = new LinkGraph({
    apiCount: 4,
    paramCount: 0,
    edgeSrc: Int32Array.of(0, 1),
    edgeDst: Int32Array.of(1, 2),
    edgeRel: Int32Array.of(API_API, API_API),
    edgeW: Float32Array.of(1, 1),
  });
  const embeddings = [Float32Array.of(1), Float32Array.of(0), Float32Array.of(-1), Float32Array.of(1)];
  return { graph, embeddings, io: [] };
}
