import { useState, type DragEvent } from 'react';
import { CONFIG_IDS, CONFIGS, ENGINE_CHOICES, type EngineChoice } from '../../core/eval/configs';
import type { DroppedFile } from '../../app/eval/eval-session';
import { downloadText } from '../download';
import { ResultChart } from './ResultChart';
import { useEval } from './use-eval';
import './evaluate.css';

const ENGINE_LABELS: Record<EngineChoice, string> = {
  'graph-only': 'Graph-only (no LLM)',
  oracle: 'Oracle (perfect LLM)',
  'noisy-oracle': 'Noisy oracle (20 % mistakes)',
  endpoint: 'Endpoint (your server)',
};

const pct = (v: number) => `${(100 * v).toFixed(1)}`;
const num = (v: number | null, d = 2) => (v === null ? '—' : v.toFixed(d));

/** Every file of a dropped folder (one level deep), or the dropped files themselves. */
async function droppedFiles(e: DragEvent): Promise<{ files: DroppedFile[]; folder?: string }> {
  const entries = Array.from(e.dataTransfer.items)
    .map((i) => i.webkitGetAsEntry?.())
    .filter((x): x is FileSystemEntry => !!x);
  const dir = entries.find((x) => x.isDirectory) as FileSystemDirectoryEntry | undefined;
  if (dir) {
    const children = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      dir.createReader().readEntries(resolve, reject),
    );
    const files = await Promise.all(
      children
        .filter((c): c is FileSystemFileEntry => c.isFile)
        .map(
          (c) =>
            new Promise<DroppedFile>((resolve, reject) =>
              c.file(async (f) => resolve({ path: `${dir.name}/${f.name}`, text: await f.text() }), reject),
            ),
        ),
    );
    return { files, folder: dir.name };
  }
  return {
    files: await Promise.all(
      Array.from(e.dataTransfer.files).map(async (f) => ({ path: f.name, text: await f.text() })),
    ),
  };
}

async function pickedFiles(list: FileList | null): Promise<{ files: DroppedFile[]; folder?: string }> {
  const files = await Promise.all(
    Array.from(list ?? []).map(async (f) => ({ path: f.webkitRelativePath || f.name, text: await f.text() })),
  );
  const folder = files[0]?.path.includes('/') ? files[0].path.split('/').slice(-2, -1)[0] : undefined;
  return folder ? { files, folder } : { files };
}

/**
 * The Evaluate tab (issue 15): the whole agent on a dataset folder in the shared format, run in the
 * evaluation worker — engine and configurations, progress with Cancel, the result table (TSR, TCR, F1,
 * Steps, LLM calls, tokens, time), a TSR/TCR chart, and the JSON export.
 */
export function EvaluatePanel() {
  const { session, state } = useEval();
  const [over, setOver] = useState(false);
  const [name, setName] = useState('');
  // What is typed, kept even when the session refuses it, so the refused value stays beside its message.
  const [limitText, setLimitText] = useState(state.limit === null ? '' : String(state.limit));
  const [failRateText, setFailRateText] = useState(String(state.failRate));
  const errors = state.fieldErrors;
  const ds = state.dataset;
  const load = (got: { files: DroppedFile[]; folder?: string }) =>
    session.load(got.files, got.folder ?? (name.trim() || undefined));
  const progress = state.progress;
  const fraction = progress && progress.total > 0 ? progress.done / progress.total : 0;
  return (
    <div className="eval-panel" data-testid="eval-panel">
      <div
        className="eval-drop"
        data-over={over}
        data-testid="eval-drop"
        onDragOver={(e) => {
          e.preventDefault();
          e.stopPropagation();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={async (e) => {
          // Ours, not the page's catalogue import (DropZone listens on the window).
          e.preventDefault();
          e.stopPropagation();
          setOver(false);
          load(await droppedFiles(e));
        }}
      >
        Drop a dataset folder here (tools.json + tasks.jsonl, the shared format)
        <div className="eval-row-fields">
          <label>
            or pick its files{' '}
            <input
              type="file"
              multiple
              accept=".json,.jsonl"
              data-testid="eval-files"
              onChange={async (e) => load(await pickedFiles(e.currentTarget.files))}
            />
          </label>
          <label>
            name{' '}
            <input
              value={name}
              placeholder="dataset"
              size={12}
              data-testid="eval-name"
              onChange={(e) => setName(e.currentTarget.value)}
            />
          </label>
        </div>
      </div>
      {state.loadError && (
        <p className="eval-message" data-level="error" data-testid="eval-load-error">
          {state.loadError}
        </p>
      )}
      {ds && (
        <p data-testid="eval-dataset">
          <b>{ds.name}</b>: {ds.tools} tools, {ds.train} train plans, {ds.test} test tasks
          {ds.zeroShot ? ' (zero-shot: no train split)' : ''}
        </p>
      )}
      {ds && state.loadWarning && (
        <p className="eval-message" data-level="warn" data-testid="eval-load-warning">
          {state.loadWarning}
        </p>
      )}
      <div className="eval-row-fields">
        <label>
          Engine{' '}
          <select
            value={state.engine}
            data-testid="eval-engine"
            onChange={(e) => session.setEngine(e.currentTarget.value as EngineChoice)}
          >
            {ENGINE_CHOICES.map((e) => (
              <option key={e} value={e}>
                {ENGINE_LABELS[e]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Tasks{' '}
          <input
            type="number"
            min={1}
            value={limitText}
            placeholder="all"
            aria-invalid={errors.limit !== null}
            data-testid="eval-limit"
            onChange={(e) => {
              const text = e.currentTarget.value;
              setLimitText(text);
              session.setLimit(text.trim() ? Number(text) : null);
            }}
          />
        </label>
        <label>
          Injected failures{' '}
          <input
            type="number"
            min={0}
            max={1}
            step={0.1}
            value={failRateText}
            aria-invalid={errors.failRate !== null}
            data-testid="eval-fail-rate"
            onChange={(e) => {
              const text = e.currentTarget.value;
              setFailRateText(text);
              session.setFailRate(text.trim() ? Number(text) : Number.NaN);
            }}
          />
        </label>
      </div>
      {errors.limit && (
        <p className="eval-message" data-level="error" role="alert" data-testid="eval-limit-error">
          {errors.limit}
        </p>
      )}
      {errors.failRate && (
        <p className="eval-message" data-level="error" role="alert" data-testid="eval-fail-rate-error">
          {errors.failRate}
        </p>
      )}
      {state.engine === 'endpoint' && (
        <div className="eval-row-fields">
          <label>
            Server{' '}
            <input
              value={state.endpoint.baseUrl}
              data-testid="eval-endpoint-url"
              onChange={(e) => session.setEndpoint({ ...state.endpoint, baseUrl: e.currentTarget.value })}
            />
          </label>
          <label>
            Model{' '}
            <input
              value={state.endpoint.model}
              data-testid="eval-endpoint-model"
              onChange={(e) => session.setEndpoint({ ...state.endpoint, model: e.currentTarget.value })}
            />
          </label>
        </div>
      )}
      <fieldset className="eval-configs">
        <legend>Configurations</legend>
        {CONFIG_IDS.map((id) => (
          <label key={id} title={CONFIGS[id].paper}>
            <input
              type="checkbox"
              checked={state.configs.includes(id)}
              data-testid={`eval-config-${id}`}
              onChange={(e) => session.toggleConfig(id, e.currentTarget.checked)}
            />{' '}
            {CONFIGS[id].label}
          </label>
        ))}
      </fieldset>
      <div className="eval-row-fields">
        <button disabled={!ds || state.running} onClick={() => void session.run()} data-testid="eval-run">
          Run
        </button>
        <button disabled={!state.running} onClick={() => session.cancel()} data-testid="eval-cancel">
          Cancel
        </button>
        <button
          disabled={!state.result}
          onClick={() =>
            downloadText(`eval-${state.result?.dataset ?? 'dataset'}.json`, session.exportJson())
          }
          data-testid="eval-export"
        >
          Export JSON
        </button>
      </div>
      {state.running && (
        <div
          className="progress"
          role="progressbar"
          aria-valuenow={Math.round(100 * fraction)}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-label={progress?.label ?? 'Starting'}
          data-testid="eval-progress"
        >
          <span>
            {progress
              ? `${progress.label} — ${progress.done}/${progress.total}`
              : 'Starting the evaluation worker…'}
          </span>
          <div className="progress-track">
            <div className="progress-fill" style={{ width: `${Math.round(100 * fraction)}%` }} />
          </div>
        </div>
      )}
      {state.message && (
        <p className="eval-message" data-level={state.message.level} data-testid="eval-message">
          {state.message.text}
        </p>
      )}
      {state.result && (
        <>
          <p data-testid="eval-summary">
            {state.result.dataset} · {state.result.engine} · {state.result.tasks} of {state.result.testTasks}{' '}
            test tasks{state.result.zeroShot ? ' · zero-shot' : ''}
            {state.result.failRate ? ` · ${pct(state.result.failRate)} % injected failures` : ''} ·{' '}
            {(state.result.timing.totalMs / 1000).toFixed(1)} s
          </p>
          <table className="eval-table" data-testid="eval-table">
            <thead>
              <tr>
                <th>config</th>
                <th>TSR %</th>
                <th>TCR %</th>
                <th>F1</th>
                <th>Steps</th>
                <th>LLM calls</th>
                <th>prompt tok</th>
                <th>compl. tok</th>
                <th>ms</th>
              </tr>
            </thead>
            <tbody>
              {state.result.configs.map((c) =>
                c.ran ? (
                  <tr key={c.config} data-testid="eval-row" data-config={c.config}>
                    <td title={CONFIGS[c.config].paper}>{CONFIGS[c.config].label}</td>
                    <td data-testid="eval-tsr">{pct(c.metrics.tsr)}</td>
                    <td>{pct(c.metrics.tcr)}</td>
                    <td>{num(c.metrics.f1)}</td>
                    <td>{num(c.metrics.steps)}</td>
                    <td>{num(c.metrics.llmCalls)}</td>
                    <td>{Math.round(c.metrics.promptTokens)}</td>
                    <td>{Math.round(c.metrics.completionTokens)}</td>
                    <td>{num(c.metrics.ms, 1)}</td>
                  </tr>
                ) : (
                  <tr key={c.config} data-testid="eval-row" data-config={c.config} data-ran="false">
                    <td>{CONFIGS[c.config].label}</td>
                    <td colSpan={8}>{c.notes.join('; ')}</td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
          <ResultChart configs={state.result.configs} />
          <ul className="eval-notes">
            {state.result.configs
              .filter((c) => c.ran && c.notes.length)
              .map((c) => (
                <li key={c.config}>
                  {c.config}: {c.notes.join('; ')}
                </li>
              ))}
            {state.result.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
            <li>
              Prompt tokens counted as characters / 4 in the browser (the CLI counts with the Qwen3
              tokenizer).
            </li>
          </ul>
        </>
      )}
    </div>
  );
}
