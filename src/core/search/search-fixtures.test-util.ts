import { LexicalEmbedder } from '../embed/lexical-embedder';
import { paramNodeId } from '../graph/graph-types';
import type { PlanStep } from '../plan/plan-step';
import type { Tool } from '../tools/tool';
import type { Trace } from '../trace/trace';
import { ToolWorld } from '../world/world';

const str = (description: string) => ({ type: 'string', description });

/** A hand-written tool: string inputs and outputs, `required` as given. */
export function tool(
  name: string,
  description: string,
  inputs: Record<string, string>,
  required: string[],
  outputs: Record<string, string> | null,
): Tool {
  const props = (o: Record<string, string>) =>
    Object.fromEntries(Object.entries(o).map(([k, d]) => [k, str(d)]));
  return {
    name,
    description,
    parameters: { type: 'object', properties: props(inputs), required },
    returns: outputs ? { type: 'object', properties: props(outputs) } : null,
    category: 'test',
    source: 'builtin',
  };
}

// Field names differ across tools for the same concept (city_name / city, station_id / weather_station_id),
// so plans must use each producer's own output field name.
export const LOCATE_CITY = tool(
  'locate_city',
  'Find the city a street address is in.',
  { address: 'Street address to locate' },
  ['address'],
  { city_name: 'Name of the city' },
);
export const FIND_STATION = tool(
  'find_station',
  'Find the weather station of a city.',
  { city: 'City to search in' },
  ['city'],
  { station_id: 'Identifier of the weather station' },
);
export const NEAREST_STATION = tool(
  'nearest_station',
  'Nearest weather station to a city.',
  { city: 'City to search near' },
  ['city'],
  { weather_station_id: 'ID of the nearest weather station' },
);
export const GET_FORECAST = tool(
  'get_forecast',
  'Weather forecast reported by a station.',
  { station_id: 'Weather station identifier', days: 'Number of days' },
  ['station_id'],
  { forecast: 'Weather forecast text' },
);
export const WEATHER_REPORT = tool(
  'weather_report',
  'Weather report for a city.',
  { city: 'City to report on' },
  ['city'],
  { forecast: 'Forecast text for the city' },
);
export const SECURE_FORECAST = tool(
  'secure_forecast',
  'Forecast from a station, for subscribers.',
  { station_id: 'Station id', api_key: 'Secret API key' },
  ['station_id', 'api_key'],
  { forecast: 'Forecast' },
);

export const GEOCODE = tool(
  'geocode',
  'Coordinates of a street address.',
  { address: 'Street address to geocode' },
  ['address'],
  { latitude: 'Latitude in degrees', longitude: 'Longitude in degrees' },
);
export const FIND_LATITUDE = tool(
  'find_latitude',
  'Latitude of a street address.',
  { address: 'Street address' },
  ['address'],
  { latitude_deg: 'Latitude of the address in degrees' },
);
export const FIND_LONGITUDE = tool(
  'find_longitude',
  'Longitude of a street address.',
  { address: 'Street address' },
  ['address'],
  { longitude_deg: 'Longitude of the address in degrees' },
);
export const WEATHER_AT = tool(
  'weather_at',
  'Weather at coordinates.',
  { latitude: 'Latitude in degrees', longitude: 'Longitude in degrees' },
  ['latitude', 'longitude'],
  { forecast: 'Forecast' },
);

export async function worldOf(tools: Tool[], traces: Trace[] = []) {
  const world = ToolWorld.empty(new LexicalEmbedder(), { now: () => 0 });
  await world.importTools(tools);
  for (const t of traces) await world.ingestTrace(t);
  /** Standardized param node id of a tool's field. */
  const param = (tool: string, direction: 'in' | 'out', field: string): string => {
    const c = world.standardizer.clusterOf({ tool, direction, field });
    if (!c) throw new Error(`${tool}.${field} (${direction}) is not standardized`);
    return paramNodeId(c.id);
  };
  return { world, param };
}

/** A successful trace: call i gets `outputs[i]`. */
export function okTrace(
  id: string,
  calls: { tool: string; args: Record<string, unknown>; output: unknown }[],
): Trace {
  return {
    id,
    query: id,
    calls: calls.map((c, i) => ({ ...c, status: 'ok' as const, startedAt: i, durationMs: 1 })),
  };
}

/** The station tools' request: an address to a forecast. */
export const ADDRESS = '10 Quai de la Tournelle';

/** locate_city → find_station → get_forecast, as extraction plans it. */
export const STATION_PLAN: PlanStep[] = [
  { step: 0, tool: 'locate_city', args: { address: ADDRESS }, deps: [] },
  { step: 1, tool: 'find_station', args: { city: '$0.city_name' }, deps: [0] },
  { step: 2, tool: 'get_forecast', args: { station_id: '$1.station_id' }, deps: [1] },
];
