import { HOME_CITY } from '../../demo/demo-traces';
import type { ToolImplementation } from '../../execute/tool-runtime';
import { optionalString, requireString } from '../args';
import { CITY_GEO, CITY_NAMES, type CityGeo } from '../data/geo';
import { findCity, locateAddress } from '../data/locate';
import { KIND_WORDS, PLACES, placeAddress, type Place, type PlaceKind } from '../data/places';
import { simulatedForecast } from '../data/weather';
import { parseDay } from '../dates';
import { InvalidArgumentError } from '../errors/invalid-argument-error';
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

/** The place's name or alias said in full beats a kind word ("coffee" → cafe), which beats name words. */
function placeScore(place: Place, query: string, words: string[]): number {
  const q = normalize(query);
  if (normalize(place.name) === q || place.aliases.some((a) => normalize(a) === q)) return 1000;
  const kindWords = KIND_WORDS[place.kind as PlaceKind];
  const kindHits = words.filter((w) =>
    kindWords.some((k) => k === w || k.startsWith(w) || wordMatches(w, [k])),
  ).length;
  const nameHits = words.filter((w) => wordMatches(w, normalize(place.name).split(' '))).length;
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
      const from = locateAddress(requireString(args, 'origin_address'), 'origin_address');
      const to = locateAddress(requireString(args, 'destination_address'), 'destination_address');
      return estimateRoute(from, to, modeArgument(optionalString(args, 'mode')));
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
