import type { Random } from '../../util/prng';

/**
 * How long to wait before calling a tool that is unavailable again (no Retry-After given): exponential
 * backoff with jitter. A short outage (a rolling restart, a 503 that clears) is over after a second or
 * two; a client that tries again a couple of times rides it out instead of dropping the tool for the turn.
 */
export interface BackoffPolicy {
  /** Calls again after an outage before routing around it (0: route around at once, as before). */
  retries: number;
  /** Wait before the first of them. */
  initialMs: number;
  /** Each further wait is this many times the one before. */
  multiplier: number;
  /** Each wait is drawn from ±this share around its interval (0: no jitter). */
  jitter: number;
}

/**
 * The defaults. Waits: Google HTTP Client for Java's `ExponentialBackOff` (initial interval 0.5 s,
 * multiplier 1.5, randomization factor 0.5; also the defaults of its ports, Go's cenkalti/backoff and
 * Rust's `backoff`), so the two waits are drawn from [0.25, 0.75] s and [0.375, 1.125] s. Count: the AWS
 * SDKs' standard retry mode (3 attempts: 2 retries), since ExponentialBackOff stops by elapsed time (15
 * min) and a person watching a chat turn does not wait minutes.
 */
export const DEFAULT_BACKOFF: BackoffPolicy = { retries: 2, initialMs: 500, multiplier: 1.5, jitter: 0.5 };

/**
 * The `attempt`-th wait (0-based): initialMs · multiplier^attempt, drawn uniformly within ±jitter of it.
 * One draw of `random` per wait, so a seeded generator gives the same waits every run.
 */
export function backoffDelay(policy: BackoffPolicy, attempt: number, random: Random): number {
  const interval = policy.initialMs * policy.multiplier ** attempt;
  return Math.round(interval * (1 - policy.jitter + 2 * policy.jitter * random()));
}

/** Default for the total wait a turn may add (backoff and Retry-After together). */
export const MAX_WAIT_PER_TURN_MS = 10_000;

/**
 * The total time one turn may spend waiting for tools to come back (backoff and Retry-After), so a turn
 * with many failing tools stays bounded: 10 s by default, a few outages' worth (each costs at most
 * 0.75 + 1.125 s with the default backoff). Shared by every chain and every parallel call of the turn.
 */
export class WaitBudget {
  private spent = 0;

  constructor(readonly limitMs: number) {}

  /** What is left. */
  get leftMs(): number {
    return Math.max(0, this.limitMs - this.spent);
  }

  get spentMs(): number {
    return this.spent;
  }

  /** Takes `ms` from the budget when that much is left (true), else takes nothing (false). */
  take(ms: number): boolean {
    if (ms > this.leftMs) return false;
    this.spent += ms;
    return true;
  }
}
