// Progress of a long command on stderr. On a terminal one line is rewritten in place; in a log or a pipe
// (CI, a hidden check, `> run.log`) a line is printed when the stage changes and otherwise at most every
// few seconds, so a slow run never looks hung and a log does not fill with one line per task.

export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

export class ProgressLine {
  private lastStage: string | null = null;
  private lastAt = -Infinity;
  private shown = false;

  constructor(
    private readonly out: ProgressStream = process.stderr,
    private readonly everyMs = 5000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** `text` is the whole status; `stage` says when it has moved on (a new stage is always printed). */
  update(text: string, stage: string): void {
    if (this.out.isTTY) {
      this.out.write(`\r${text.slice(0, 100).padEnd(100)}`);
      this.shown = true;
      return;
    }
    const t = this.now();
    if (stage === this.lastStage && t - this.lastAt < this.everyMs) return;
    this.lastStage = stage;
    this.lastAt = t;
    this.out.write(`${text}\n`);
  }

  /** Clears the terminal line (nothing to do in a log). */
  clear(): void {
    if (this.out.isTTY && this.shown) this.out.write(`\r${''.padEnd(100)}\r`);
    this.shown = false;
  }
}
