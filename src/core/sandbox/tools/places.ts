import { HOME_CITY } from '../../demo/demo-traces';
import type { ToolImplementation } from '../../execute/tool-runtime';
import { optionalString, requireString } from '../args';
import { CITY_GEO, CITY_NAMES, type CityGeo } from '../data/geo';
import { findCity, locateAddress, type Located } from '../data/locate';
import { KIND_WORDS, PLACES, placeAddress, type Place, type PlaceKind } from '../data/places';
import { simulatedForecast } from '../data/weather';
import { parseDay } from '../dates';
import { InvalidArgumentError } from '../errors/invalid-argument-error';
import { UnknownAddressError } from '../errors/unknown-address-error';
import { PlaceNotFoundError } from '../errors/place-not-found-error';
import { UnknownCityError } from '../errors/unknown-city-error';
import type { SandboxAccess } from '../sandbox-access';
import { keywords, normalize, wordMatches } from '../text/normalize';
import { TRAVEL_MODES, estimateRoute, type TravelMode } from './directions';
import { DIRECTIONS_SOURCE, PLACES_SOURCE, WEATHER_SOURCE } from './sources';

function cityArgument(value: string): CityGeo {
  const city = findCity(value);
  if (!city) throw new UnknownCityError(value, [...CITY_NAMES]);
  return city;
}

/** A city named inside a query ("cafe in paris"), when the caller gave none. */
const cityInQuery = (query: string): CityGeo | undefined =>
  CITY_GEO.find((c) =>
    [normalize(c.name), ...c.aliases].some((n) => ` ${normalize(query)} `.includes(` ${n} `)),
  );

const KIND_WORD_SET = new Set(Object.values(KIND_WORDS).flat());

/** The place's name or alias said in full beats a kind word ("coffee" → cafe), which beats name words. */
function placeScore(place: Place, query: string, words: string[]): number {
  const q = normalize(query);
  if (normalize(place.name) === q || place.aliases.some((a) => normalize(a) === q)) return 1000;
  const kindWords = KIND_WORDS[place.kind as PlaceKind];
  // A word read as the start of a kind word needs 3 letters: "de" in "Rue de Rivoli" found the dentist
  // for "a coffee shop near Rue de Rivoli" (third QA pass).
  const kindHits = words.filter((w) =>
    kindWords.some((k) => k === w || (w.length >= 3 && wordMatches(w, [k]))),
  ).length;
  // A kind word in the name ("Green Cross Pharmacy") is no better match than a pharmacy named otherwise.
  const nameHits = words.filter(
    (w) => !KIND_WORD_SET.has(w) && wordMatches(w, normalize(place.name).split(' ')),
  ).length;
  return kindHits * 100 + nameHits * 10;
}

/** The best place for the query, in `city` when given; ties go to the user's home city, then list order. */
export function findPlace(query: string, city: CityGeo | undefined): Place | undefined {
  const words = keywords(query).filter((w) => !city || ![normalize(city.name), ...city.aliases].includes(w));
  let best: Place | undefined;
  let bestScore = 0;
  for (const p of PLACES) {
    if (city && p.city !== city.name) continue;
    const score = placeScore(p, query, words) + (p.city === HOME_CITY ? 1 : 0);
    // The +1 for home only breaks ties; it is not a match by itself.
    if (score > bestScore && score > 1) [best, bestScore] = [p, score];
  }
  return best;
}

/** The address located, or null when the map has no such address (other errors stay errors). */
function locateOrNull(text: string, field: string): Located | null {
  try {
    return locateAddress(text, field);
  } catch (e) {
    if (UnknownAddressError.isInstance(e)) return null;
    throw e;
  }
}

/** Whether `text` is a place's name alone (no city) that places in more than one city have. */
function sharedName(text: string): boolean {
  if (text.includes(',')) return false;
  const n = normalize(text);
  return new Set(PLACES.filter((p) => normalize(p.name) === n).map((p) => p.city)).size > 1;
}

/** `text` as a place search near `nearCity`; when nothing matches, the address error names the input. */
function locatePlace(text: string, field: string, nearCity: string | undefined): Located {
  const city = cityInQuery(text) ?? (nearCity ? findCity(nearCity) : undefined);
  const place = findPlace(text, city) ?? (city ? findPlace(text, undefined) : undefined);
  if (!place || !describes(text, place)) return locateAddress(text, field);
  return locateAddress(placeAddress(place), field);
}

/**
 * Whether every word of `text` says what `place` is ("train station", "the museum in Paris") — a name the
 * map does not know ("British Museum") is not the nearest museum of another name.
 */
function describes(text: string, place: Place): boolean {
  const known = [
    ...KIND_WORDS[place.kind],
    ...normalize(place.name).split(' '),
    ...place.aliases.flatMap((a) => normalize(a).split(' ')),
    ...[normalize(place.city), ...(findCity(place.city)?.aliases ?? [])].flatMap((c) => c.split(' ')),
  ];
  return keywords(text).every((w) => wordMatches(w, known));
}

function modeArgument(value: string | undefined): TravelMode {
  if (value === undefined) return 'driving';
  const mode = TRAVEL_MODES.find((m) => m === value.toLowerCase());
  if (!mode)
    throw new InvalidArgumentError('mode', `must be one of ${TRAVEL_MODES.join(', ')}, not "${value}".`);
  return mode;
}

export function placesTools(sandbox: SandboxAccess) {
  const places_search: ToolImplementation = {
    source: PLACES_SOURCE,
    async run(args) {
      const query = requireString(args, 'query');
      const cityText = optionalString(args, 'city');
      const city = cityText === undefined ? cityInQuery(query) : cityArgument(cityText);
      const place = findPlace(query, city);
      if (!place)
        throw new PlaceNotFoundError(
          query,
          city ? `in ${city.name}` : 'in any bundled city',
          Object.keys(KIND_WORDS),
        );
      return { place_id: place.id, name: place.name, address: placeAddress(place), city: place.city };
    },
  };

  const places_directions: ToolImplementation = {
    source: DIRECTIONS_SOURCE,
    async run(args) {
      const origin = requireString(args, 'origin_address');
      const destination = requireString(args, 'destination_address');
      let from = locateOrNull(origin, 'origin_address');
      let to = locateOrNull(destination, 'destination_address');
      // A name several cities have ("Pulse Fitness") is the one in the other end's city (twentieth QA
      // pass: from Baker Street, London, the map took the Paris gym, 347 km away).
      if (from && to && from.city !== to.city) {
        if (sharedName(destination)) to = locatePlace(destination, 'destination_address', from.city);
        else if (sharedName(origin)) from = locatePlace(origin, 'origin_address', to.city);
      }
      // Like a maps API, an end that is no address is searched as a place ("the train station"), in the
      // other end's city when that one is known ("from the Louvre to the train station" is in Paris).
      return estimateRoute(
        from ?? locatePlace(origin, 'origin_address', to?.city),
        to ?? locatePlace(destination, 'destination_address', from?.city),
        modeArgument(optionalString(args, 'mode')),
      );
    },
  };

  const places_weather: ToolImplementation = {
    source: WEATHER_SOURCE,
    async run(args) {
      const city = cityArgument(requireString(args, 'city'));
      const dateText = optionalString(args, 'date');
      const day = dateText === undefined ? sandbox.today() : parseDay(dateText, 'date', sandbox.today());
      return simulatedForecast(city.name, day);
    },
  };

  return { places_search, places_directions, places_weather };
}
