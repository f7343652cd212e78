import type { GraphPlayer, GraphPlayerState } from '../app/graph-player';

export interface TurnChoice {
  id: string;
  request: string;
}

/** Play, pause, step and speed of the graph's replay of a turn, with what the current frame shows. */
export function PlaybackBar({
  player,
  state,
  caption,
  turns,
  onPickTurn,
}: {
  player: GraphPlayer;
  state: GraphPlayerState;
  caption: string;
  turns: TurnChoice[];
  onPickTurn: (id: string) => void;
}) {
  const total = state.frames.length;
  return (
    <div className="playback" data-testid="playback" data-at={state.at} data-total={total}>
      <select
        aria-label="Turn to replay"
        value={state.turnId ?? ''}
        onChange={(e) => onPickTurn(e.target.value)}
        data-testid="playback-turn"
      >
        {state.turnId === null ? <option value="">Replay a turn…</option> : null}
        {turns.map((t, i) => (
          <option key={t.id} value={t.id}>
            {i + 1}. {t.request.length > 40 ? `${t.request.slice(0, 40)}…` : t.request}
          </option>
        ))}
      </select>
      <button onClick={() => player.back()} disabled={state.at === 0} title="One frame back">
        Back
      </button>
      {state.playing ? (
        <button onClick={() => player.pause()} data-testid="playback-pause">
          Pause
        </button>
      ) : (
        <button onClick={() => player.play()} data-testid="playback-play" title="Play the turn">
          {state.at >= total && !state.live ? 'Replay' : 'Play'}
        </button>
      )}
      <button
        onClick={() => player.step()}
        disabled={state.at >= total}
        data-testid="playback-step"
        title="One frame forward"
      >
        Step
      </button>
      <button onClick={() => player.skip()} disabled={state.at >= total} title="Show the end">
        End
      </button>
      <select
        aria-label="Speed"
        value={state.speed}
        onChange={(e) => player.setSpeed(Number(e.target.value))}
        data-testid="playback-speed"
      >
        <option value={0.5}>½×</option>
        <option value={1}>1×</option>
        <option value={4}>4×</option>
      </select>
      <span className="playback-count">
        {state.at}/{total}
      </span>
      <span className="playback-caption" data-testid="playback-caption">
        {caption}
      </span>
    </div>
  );
}
