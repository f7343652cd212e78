/**
 * Hands call ends on in call-index order. Calls of a layer end in any order, but the turn's trace is a
 * list whose positions are the call indices (later calls' `deps` point at them), so an end waits until
 * every call started before it has ended.
 */
export class OrderedEnds<T> {
  private readonly held = new Map<number, T>();

  constructor(
    private next: number,
    private readonly deliver: (item: T) => void,
  ) {}

  end(index: number, item: T): void {
    this.held.set(index, item);
    while (this.held.has(this.next)) {
      const it = this.held.get(this.next)!;
      this.held.delete(this.next++);
      this.deliver(it);
    }
  }
}
