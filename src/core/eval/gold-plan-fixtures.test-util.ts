import type { GoldStep } from './eval-task';
import type { ExecutedCall } from './tsr';

/** A successful call as the evaluation sees it. */
export const ok = (tool: string, args: Record<string, unknown>, output: unknown = {}): ExecutedCall => ({
  tool,
  args,
  status: 'ok',
  output,
});

/** Two airport lookups (independent), then a flight search that reads both: 5 gold arguments. */
export const flights: GoldStep[] = [
  { step: 0, tool: 'SearchAirport', args: { query: 'New York' }, deps: [] },
  { step: 1, tool: 'SearchAirport', args: { query: 'London' }, deps: [] },
  {
    step: 2,
    tool: 'FlightSearch',
    args: { origin: '$0.skyId', destination: '$1.skyId', date: '2024-08-15' },
    deps: [0, 1],
  },
];
