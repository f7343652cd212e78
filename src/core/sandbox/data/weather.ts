import { CITIES, CONDITIONS } from '../../demo/demo-traces';
import { mulberry32 } from '../../util/prng';

/**
 * Simulated forecasts: a bundled table of typical midday temperatures per city and month (November equals
 * the demo's `baseTempC`, so traces and sandbox agree), plus a deterministic per-day wobble and condition
 * drawn from a hash of city and date. Not a real forecast, and labelled so wherever it is shown.
 */

/** Typical midday temperature, °C, January … December. */
export const MONTHLY_NORMALS_C: Record<string, readonly number[]> = {
  Paris: [6, 7, 11, 14, 18, 21, 24, 24, 20, 15, 9, 7],
  Berlin: [2, 4, 8, 13, 18, 21, 24, 23, 19, 13, 6, 3],
  London: [8, 9, 11, 14, 17, 20, 23, 22, 19, 15, 10, 8],
  Lisbon: [15, 16, 18, 20, 22, 26, 28, 28, 27, 22, 16, 15],
  Tokyo: [10, 10, 14, 19, 23, 26, 30, 31, 27, 21, 14, 12],
  'New York': [4, 5, 10, 16, 22, 27, 29, 28, 24, 18, 8, 6],
  Toronto: [-1, 0, 5, 12, 19, 24, 27, 26, 21, 14, 4, 1],
  Madrid: [10, 12, 16, 18, 23, 29, 33, 32, 27, 20, 12, 10],
};

/** FNV-1a, 32 bit: a stable seed from a string. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

const round1 = (x: number): number => Math.round(x * 10) / 10;

export interface Forecast {
  temperature_c: number;
  condition: string;
}

/** The simulated forecast for a bundled city (exact name) on a day "YYYY-MM-DD". */
export function simulatedForecast(city: string, day: string): Forecast {
  const month = Number(day.slice(5, 7)) - 1;
  const normal = MONTHLY_NORMALS_C[city]?.[month] ?? CITIES.find((c) => c.name === city)?.baseTempC ?? 10;
  const rand = mulberry32(hash(`${city}|${day}`));
  const temperature = round1(normal + (rand() * 6 - 3));
  // A uniform pick of the demo's conditions, as the demo traces' forecasts make.
  const condition = CONDITIONS[Math.floor(rand() * CONDITIONS.length)] ?? 'overcast';
  return { temperature_c: temperature, condition };
}
