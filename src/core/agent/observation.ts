import { inertText } from '../execute/inert-output';
import { TERMINAL, type TurnState } from './turn-state';
import { formatValue } from './answer';

/**
 * The observation O_t as text: the request, each sub-intent's state, the calls made and what they
 * returned (delimited and clipped: tool output is data, never instructions), the known values and the
 * failed APIs. The LLM policy puts it in the prompt; the history window keeps it per step.
 */
export function observationText(state: Readonly<TurnState>, maxChars = 1200): string {
  const lines: string[] = [`User request: ${state.request}`];
  for (const si of state.subIntents) {
    const where = si.target ? ` → ${si.target}` : '';
    lines.push(
      `Sub-intent ${si.rank} [${si.status}${where}]: ${si.text}${si.note && TERMINAL.has(si.status) ? ` (${inertText(si.note, 120)})` : ''}`,
    );
  }
  for (const c of state.calls) {
    // Outputs, arguments (they may carry earlier outputs) and failure messages all come from tools:
    // neutralized and delimited (src/core/execute/inert-output.ts).
    const status =
      c.status === 'ok'
        ? `ok → <<${inertText(formatValue(c.output), 200)}>>`
        : `FAILED: <<${inertText(c.failure?.message ?? 'error', 160)}>>`;
    lines.push(`Call ${c.index}: ${c.tool}(<<${inertText(JSON.stringify(c.args), 160)}>>) ${status}`);
  }
  if (state.failedApis.size > 0) lines.push(`failed_apis: ${[...state.failedApis].join(', ')}`);
  const text = lines.join('\n');
  return text.length <= maxChars ? text : `${text.slice(0, maxChars - 1)}…`;
}
