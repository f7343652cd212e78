/** Where the switch keeps its choice between visits (`localStorage` in the app). */
export type SwitchStorage = Pick<Storage, 'getItem' | 'setItem'>;

const KEY = 'naviagent.simulate-unimplemented-tools';

/**
 * Whether a catalogue tool that has a schema but no implementation (an imported catalogue, a benchmark
 * dataset's world, an OpenAPI operation without a server) answers from the API simulator instead of
 * failing as not executable (issue 13, item 4). On by default: an imported catalogue is then usable at
 * once, and every such answer is labelled simulated in the chat, the final answer and the trace. The user
 * can switch it off in the chat's Tools tab; the choice is kept.
 */
export class SimulationSwitch {
  private enabled: boolean;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly storage?: SwitchStorage) {
    this.enabled = read(storage) ?? true;
  }

  getState = (): boolean => this.enabled;

  set(enabled: boolean): void {
    if (enabled === this.enabled) return;
    this.enabled = enabled;
    try {
      this.storage?.setItem(KEY, enabled ? 'on' : 'off');
    } catch {
      // a full or blocked storage keeps the choice for this tab only
    }
    for (const l of this.listeners) l();
  }

  /** `listener` runs after every change; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

function read(storage?: SwitchStorage): boolean | undefined {
  try {
    const v = storage?.getItem(KEY);
    return v === 'on' ? true : v === 'off' ? false : undefined;
  } catch {
    return undefined;
  }
}
