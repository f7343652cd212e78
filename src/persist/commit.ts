/** All this needs of an idb transaction, so it serves any schema and store list. */
interface Tx {
  done: Promise<void>;
  abort(): void;
}

/**
 * Issues a transaction's requests and waits for it to commit. A request can throw while being issued (a
 * record without its key, a value that cannot be cloned); the transaction is then aborted rather than
 * left to auto-commit the requests issued before, so a change is written whole or not at all.
 */
export async function commit(
  tx: Tx,
  issue: (add: (request: Promise<unknown>) => void) => void,
): Promise<void> {
  const pending: Promise<unknown>[] = [];
  try {
    issue((request) => pending.push(request));
  } catch (e) {
    for (const p of [...pending, tx.done]) p.catch(() => undefined);
    tx.abort();
    throw e;
  }
  await Promise.all([...pending, tx.done]);
}
