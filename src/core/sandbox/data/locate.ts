import { HOME_ADDRESS } from '../../demo/demo-traces';
import { UnknownAddressError } from '../errors/unknown-address-error';
import { normalize } from '../text/normalize';
import { CITY_GEO, CITY_NAMES, type CityGeo, type LatLon } from './geo';
import { KIND_WORDS, PLACES, placeAddress } from './places';

const PLACE_KINDS = Object.keys(KIND_WORDS);

/** Finding cities and addresses on the bundled map, forgivingly ("nyc", "Lisboa", "27 upper st, london"). */

/** The city a text names ("Paris", "paris, france", "NYC"), or undefined. */
export function findCity(text: string): CityGeo | undefined {
  const n = normalize(text);
  const first = normalize(text.split(',')[0] ?? '');
  const names = (c: CityGeo) => [normalize(c.name), ...c.aliases];
  return (
    CITY_GEO.find((c) => names(c).includes(n)) ??
    CITY_GEO.find((c) => names(c).includes(first)) ??
    // "London SW7", "Berlin Mitte": the city's name as a whole word inside the text.
    CITY_GEO.find((c) => names(c).some((name) => ` ${n} `.includes(` ${name} `)))
  );
}

export interface Located {
  /** The address as the map understood it, "<number> <street>, <city>". */
  address: string;
  city: string;
  point: LatLon;
}

/** Common street-word abbreviations, expanded before matching ("Upper St" → "upper street"). */
const ABBREVIATIONS: Record<string, string> = {
  st: 'street',
  str: 'strasse',
  rd: 'road',
  ave: 'avenue',
  av: 'avenue',
  blvd: 'boulevard',
  bd: 'boulevard',
  pl: 'place',
};

const expand = (s: string): string =>
  normalize(s)
    .split(' ')
    .map((w) => ABBREVIATIONS[w] ?? w)
    .join(' ');

/** A house number moves the point up to ~200 m along the street, so two numbers give a short walk. */
const offset = (point: LatLon, houseNumber: number): LatLon => [
  point[0] + (houseNumber % 60) * 0.00003,
  point[1],
];

const HOME_WORDS = new Set(['home', 'my home', 'my place', 'my house', 'my address']);

/**
 * Where an address is on the bundled map. Accepts "<number> <street>, <city>" (abbreviations, accents,
 * any case), a street without a city when only one city has it, a bundled place's name ("Louvre Museum")
 * and "home". Throws `UnknownAddressError` saying what it could not find.
 */
export function locateAddress(text: string, field: string): Located {
  if (HOME_WORDS.has(normalize(text))) return locateAddress(HOME_ADDRESS, field);

  const [head = '', ...rest] = text.split(',');
  const cityPart = rest.join(',');
  const place = placeNamed(head, cityPart);
  if (place) return locateAddress(placeAddress(place), field);
  // A city alone ("Paris", "paris, france") is its centre, as a maps service reads it.
  const wholeCity = findCity(text);
  if (wholeCity && [normalize(wholeCity.name), ...wholeCity.aliases].includes(normalize(head)))
    return { address: wholeCity.name, city: wholeCity.name, point: wholeCity.centre };

  const m = /^\s*(\d+)\s*[a-z]?\s+(.+)$/i.exec(head);
  const houseNumber = m ? Number(m[1]) : 0;
  const street = expand(m ? m[2]! : head);
  const city = cityPart.trim() === '' ? undefined : findCity(cityPart);
  if (cityPart.trim() !== '' && !city)
    throw new UnknownAddressError(field, text, `the bundled map covers only ${CITY_NAMES.join(', ')}.`);

  const candidates = (city ? [city] : CITY_GEO).flatMap((c) =>
    Object.entries(c.streets)
      .filter(([name]) => expand(name) === street)
      .map(([name, point]) => ({ city: c, name, point })),
  );
  const hit = candidates[0];
  if (!hit || candidates.length > 1) {
    const hint = city
      ? `no street "${head.trim()}" in ${city.name}; its streets are ${Object.keys(city.streets).join(', ')}.`
      : hit
        ? `"${head.trim()}" is in ${candidates.map((c) => c.city.name).join(' and ')}; add the city.`
        : houseNumber > 0
          ? 'no street of that name on the bundled map; add the city to see its streets.'
          : `no street or place of that name on the bundled map, which knows a ${PLACE_KINDS.join(', ')} in each of ${CITY_NAMES.join(', ')}.`;
    throw new UnknownAddressError(field, text, hint);
  }
  const numberPart = houseNumber > 0 ? `${houseNumber} ` : '';
  return {
    address: `${numberPart}${hit.name}, ${hit.city.name}`,
    city: hit.city.name,
    point: offset(hit.point, houseNumber),
  };
}

function placeNamed(head: string, cityPart: string) {
  const n = normalize(head);
  const city = cityPart.trim() === '' ? undefined : findCity(cityPart);
  return PLACES.find(
    (p) =>
      (!city || p.city === city.name) &&
      (normalize(p.name) === n || p.aliases.some((a) => normalize(a) === n)),
  );
}

const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in km (haversine). Symmetric by construction. */
export function haversineKm(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const dLat = (b[0] - a[0]) * rad;
  const dLon = (b[1] - a[1]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The region of a bundled city (every located address is in one). */
export const regionOf = (cityName: string): CityGeo['region'] | undefined =>
  CITY_GEO.find((c) => c.name === cityName)?.region;
