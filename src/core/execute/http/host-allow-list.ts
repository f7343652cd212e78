/**
 * The hosts HTTP tools may call: none until the user allows one. Everything else the agent does stays on
 * the device; a tool imported from an OpenAPI document only reaches its server after a person said yes
 * for that host (host with port, as `URL.host` gives it).
 */
export class HostAllowList {
  private readonly hosts = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private snapshot: readonly string[] = [];

  constructor(initial: Iterable<string> = []) {
    for (const h of initial) this.hosts.add(h.toLowerCase());
    this.snapshot = this.list();
  }

  /** The allowed hosts, sorted; the same array until the next change (for `useSyncExternalStore`). */
  getState = (): readonly string[] => this.snapshot;

  allowed(host: string): boolean {
    return this.hosts.has(host.toLowerCase());
  }

  allow(host: string): void {
    this.hosts.add(host.toLowerCase());
    this.changed();
  }

  revoke(host: string): void {
    this.hosts.delete(host.toLowerCase());
    this.changed();
  }

  list(): string[] {
    return [...this.hosts].sort();
  }

  /** `listener` runs after every change; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed(): void {
    this.snapshot = this.list();
    for (const l of this.listeners) l();
  }
}
