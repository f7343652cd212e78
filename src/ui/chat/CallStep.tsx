import type { CallView } from '../../core/agent/agent-events';
import { DetourNote } from './DetourNote';
import { GateReportView } from './GateReportView';
import { msText, valueText } from './value-text';

/** One tool call: arguments (and where each came from), then its result and source, or its failure in red. */
export function CallStep({ call }: { call: CallView }) {
  return (
    <div
      className={`call call-${call.status}`}
      data-testid="chat-call"
      data-tool={call.tool}
      data-status={call.status}
    >
      <div>
        <span className="step-label">Call</span> <span className="tool-name">{call.tool}</span>{' '}
        <span className={`status status-${call.status}`}>
          {call.status === 'running' ? 'running…' : call.status}
        </span>
        {call.ms !== undefined && <span className="meta"> · {msText(call.ms)}</span>}
        {call.layer !== undefined && (
          <span className="meta" data-testid="call-layer">
            {' '}
            · layer {call.layer + 1}
            {call.layerSource ? ` (${call.layerSource === 'graph' ? 'graph' : 'predictor'})` : ''}
          </span>
        )}
      </div>
      <ul className="call-args">
        {Object.entries(call.args).map(([k, v]) => (
          <li key={k}>
            <code>{k}</code> = {valueText(v)}
            {call.argSources?.[k] && <span className="arg-source"> from {call.argSources[k]}</span>}
          </li>
        ))}
      </ul>
      {call.status === 'ok' && (
        <div className="call-result">
          → {valueText(call.output, 300)}
          {call.source && (
            <span className={`source source-${call.source.kind}`} data-testid="call-source">
              {call.source.label}
            </span>
          )}
        </div>
      )}
      {call.gate && <GateReportView gate={call.gate} />}
      {call.failure && (
        <div className="failure" data-testid="call-failure">
          ✗ {call.failure.message} <span className="meta">({call.failure.kind})</span>
        </div>
      )}
      {call.detour && <DetourNote detour={call.detour} />}
    </div>
  );
}
