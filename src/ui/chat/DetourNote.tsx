import { DETOUR_LABEL, type DetourView } from '../../core/execute/reto/detour';

/** Under a failed call: the way around it the agent took (recombination mode and the tools it brought in). */
export function DetourNote({ detour }: { detour: DetourView }) {
  return (
    <div className="detour notice-line-warning" data-testid="call-detour" data-mode={detour.mode}>
      ↪ Detour by {DETOUR_LABEL[detour.mode]}
      {detour.newTools.length > 0 ? `: ${detour.newTools.join(', ')} instead of ${detour.failedTool}` : ''}
      <div className="meta">{detour.reason}</div>
    </div>
  );
}
