import type { ResultSource } from '../../execute/call-outcome';
import { RATES_DATE } from '../data/rates';

/** Where each tool's results come from, shown beside them; the sandbox label comes from the store. */
export const sandboxSource = (storeLabel: string): ResultSource => ({ kind: 'sandbox', label: storeLabel });

export const PLACES_SOURCE: ResultSource = { kind: 'bundled-data', label: 'bundled places data' };
export const DIRECTIONS_SOURCE: ResultSource = {
  kind: 'bundled-data',
  label: 'estimated from bundled map coordinates (straight line × detour factor), not a real route',
};
export const WEATHER_SOURCE: ResultSource = {
  kind: 'simulated',
  label: 'simulated forecast from bundled monthly climate normals (not a real forecast)',
};
export const RATES_SOURCE: ResultSource = { kind: 'bundled-data', label: `bundled rates of ${RATES_DATE}` };
export const UNITS_SOURCE: ResultSource = { kind: 'bundled-data', label: 'built-in unit definitions' };
export const CALENDAR_MATHS_SOURCE: ResultSource = {
  kind: 'bundled-data',
  label: 'date arithmetic (Gregorian calendar)',
};
