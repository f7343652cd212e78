/** What the end-to-end tests and the benchmark read from the drawn graph (window.__naviTest). */
export interface GraphHandle {
  drawnNodeIds(): string[];
  /** Nodes drawn as part of the highlighted plan (the chat's running chain or the toolchain panel's plan). */
  planNodeIds(): string[];
  /** Nodes drawn as failed calls of the chat's turn. */
  failedNodeIds(): string[];
}

let current: GraphHandle | null = null;

export const setGraphHandle = (h: GraphHandle | null): void => {
  current = h;
};

export const graphHandle = (): GraphHandle | null => current;
