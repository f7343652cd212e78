import { frameDelay, type PlaybackFrame } from './graph-playback';
import { Store } from './store';

export interface GraphPlayerState {
  /** The turn being shown (null: none yet). */
  turnId: string | null;
  frames: PlaybackFrame[];
  /** Frames shown so far (0…frames.length). */
  at: number;
  playing: boolean;
  /** The turn is still running: more frames may come. */
  live: boolean;
  /** 1 = readable; 4 = fast. */
  speed: number;
}

/**
 * Plays a turn's frames in the graph view at a readable speed, with pause, step and skip. Framework-free
 * (docs/conventions.md §7): the view subscribes and draws `playbackView(frames, at)`. A live turn is
 * followed as it grows: the player catches up frame by frame and waits at the end for more.
 */
export class GraphPlayer extends Store<GraphPlayerState> {
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor() {
    super({ turnId: null, frames: [], at: 0, playing: false, live: false, speed: 1 });
  }

  /**
   * The running (or just finished) turn: a new turn plays from its first frame; the same turn takes the
   * new frames and keeps its place.
   */
  follow(turnId: string, frames: PlaybackFrame[], live: boolean): void {
    if (turnId !== this.state.turnId) {
      this.set({ turnId, frames, at: 0, playing: true, live });
    } else {
      this.set({ frames, live, at: Math.min(this.state.at, frames.length) });
    }
    this.schedule();
  }

  /** A turn shown as it ended (no animation), e.g. when the view opens after the turn. */
  show(turnId: string, frames: PlaybackFrame[]): void {
    this.stopTimer();
    this.set({ turnId, frames, at: frames.length, playing: false, live: false });
  }

  /** Plays a turn (this one when no frames are given) again from its start. */
  replay(turnId?: string, frames?: PlaybackFrame[]): void {
    this.set({
      ...(turnId !== undefined && frames ? { turnId, frames } : {}),
      at: 0,
      playing: true,
    });
    this.schedule();
  }

  play(): void {
    if (this.state.at >= this.state.frames.length && !this.state.live) this.set({ at: 0 });
    this.set({ playing: true });
    this.schedule();
  }

  pause(): void {
    this.stopTimer();
    this.set({ playing: false });
  }

  /** One frame forward (pauses). */
  step(): void {
    this.pause();
    if (this.state.at < this.state.frames.length) this.set({ at: this.state.at + 1 });
  }

  /** One frame back (pauses). */
  back(): void {
    this.pause();
    if (this.state.at > 0) this.set({ at: this.state.at - 1 });
  }

  /** Shows the end at once. */
  skip(): void {
    this.pause();
    this.set({ at: this.state.frames.length });
  }

  setSpeed(speed: number): void {
    this.set({ speed: speed > 0 ? speed : 1 });
  }

  dispose(): void {
    this.stopTimer();
  }

  /** Done: every frame shown and no more to come. */
  get done(): boolean {
    return this.state.at >= this.state.frames.length && !this.state.live;
  }

  private schedule(): void {
    if (this.timer !== null || !this.state.playing) return;
    const { frames, at, speed } = this.state;
    if (at >= frames.length) {
      // Caught up: a finished turn stops here, a live one waits for its next frames (follow re-schedules).
      if (!this.state.live) this.set({ playing: false });
      return;
    }
    const delay = at === 0 ? 0 : frameDelay(frames[at - 1]!, frames[at]) / speed;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.state.playing) return;
      this.set({ at: Math.min(this.state.at + 1, this.state.frames.length) });
      this.schedule();
    }, delay);
  }

  private stopTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
