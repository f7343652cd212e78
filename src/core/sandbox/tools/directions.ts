import { NoRouteError } from '../errors/no-route-error';
import { haversineKm, regionOf, type Located } from '../data/locate';

export const TRAVEL_MODES = ['driving', 'walking', 'cycling', 'transit'] as const;
export type TravelMode = (typeof TRAVEL_MODES)[number];

/** Straight lines above this are trips between cities: motorway and train speeds apply. */
const LONG_TRIP_KM = 50;

interface ModeModel {
  /** Route length per straight-line km: streets are not straight. */
  detour: number;
  /** Average speed, km/h, in town and on long trips. */
  kmh: number;
  longKmh: number;
  /** Minutes added to every trip: waiting for the train, parking. */
  overhead: number;
  longOverhead: number;
  /** Longest straight line this mode is offered for, km. */
  maxKm: number;
}

const MODES: Record<TravelMode, ModeModel> = {
  walking: { detour: 1.25, kmh: 5, longKmh: 5, overhead: 0, longOverhead: 0, maxKm: 60 },
  cycling: { detour: 1.25, kmh: 15, longKmh: 15, overhead: 0, longOverhead: 0, maxKm: 200 },
  driving: { detour: 1.35, kmh: 25, longKmh: 80, overhead: 3, longOverhead: 10, maxKm: Infinity },
  transit: { detour: 1.3, kmh: 20, longKmh: 110, overhead: 6, longOverhead: 20, maxKm: Infinity },
};

const round1 = (x: number): number => Math.round(x * 10) / 10;

/**
 * Distance and time between two located addresses: straight line × a detour factor at a mode's average
 * speed. Only inputs that do not depend on direction are used, so A→B and B→A always agree.
 */
export function estimateRoute(from: Located, to: Located, mode: TravelMode) {
  const regionFrom = regionOf(from.city);
  if (regionFrom !== regionOf(to.city))
    throw new NoRouteError(
      from.address,
      to.address,
      `${from.city} and ${to.city} have no land route between them; the bundled map has no flights.`,
    );
  const straight = haversineKm(from.point, to.point);
  const m = MODES[mode];
  if (straight > m.maxKm)
    throw new NoRouteError(
      from.address,
      to.address,
      `${Math.round(straight)} km is too far for ${mode}; try driving or transit.`,
    );
  const long = straight > LONG_TRIP_KM;
  const km = straight * m.detour;
  const minutes =
    km === 0 ? 0 : (km / (long ? m.longKmh : m.kmh)) * 60 + (long ? m.longOverhead : m.overhead);
  return { duration_minutes: Math.max(km === 0 ? 0 : 1, Math.round(minutes)), distance_km: round1(km) };
}
