import type { GateReport } from '../../core/execute/gate/gate-report';

const VERDICT: Record<GateReport['verdict'], string> = {
  passed: 'schema gate: passed',
  repaired: 'schema gate: repaired',
  rejected: 'schema gate: refused',
};

/** What the schema gate found in a call's arguments (field, rule, value) and what repair changed. */
export function GateReportView({ gate }: { gate: GateReport }) {
  const problems = gate.verdict === 'rejected' ? (gate.remaining ?? gate.issues) : gate.issues;
  return (
    <details
      className={`gate gate-${gate.verdict}`}
      data-testid="call-gate"
      data-verdict={gate.verdict}
      open={gate.verdict !== 'passed'}
    >
      <summary className={gate.verdict === 'rejected' ? 'failure' : 'meta'}>
        {VERDICT[gate.verdict]}
        {gate.llmRepairs ? ' (LLM repair prompt used)' : ''}
      </summary>
      {problems.length > 0 && (
        <ul>
          {problems.map((i, n) => (
            <li key={n} data-testid="gate-issue">
              <code>{i.field || '(arguments)'}</code> · {i.rule}
              {i.value !== undefined && <span className="meta"> · {i.value}</span>}: {i.message}
            </li>
          ))}
        </ul>
      )}
      {gate.repairs.length > 0 && (
        <ul>
          {gate.repairs.map((e, n) => (
            <li key={n} data-testid="gate-repair">
              repaired ({e.kind}): {e.note}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
