import { CITIES, PLACE_NAMES } from '../../demo/demo-traces';

/**
 * The bundled places table: per city a museum, a station, a park and its best-known sight (real landmarks,
 * "How do I get to the Eiffel Tower from the Louvre?" is the first thing a visitor asks; addresses simplified
 * to a street of the bundled map) and one of each kind the demo traces look for (cafe, restaurant,
 * dentist, pharmacy, bookshop, gym), named from the demo's PLACE_NAMES so traces and sandbox agree.
 */

export interface Place {
  /** "pl-<city code>-<kind>", stable across versions so traces keep pointing at the same place. */
  id: string;
  name: string;
  kind: PlaceKind;
  city: string;
  street: string;
  number: number;
  /** Other names a user may say, lower case ("the louvre"); "the <kind>" is added by the lexicon. */
  aliases: string[];
}

export type PlaceKind =
  | 'museum'
  | 'station'
  | 'park'
  | 'sight'
  | 'cafe'
  | 'restaurant'
  | 'dentist'
  | 'pharmacy'
  | 'bookshop'
  | 'gym';

/** Words that ask for a kind of place ("coffee" → cafe), normalized (no accents, lower case). */
export const KIND_WORDS: Record<PlaceKind, string[]> = {
  museum: ['museum', 'gallery', 'exhibition'],
  station: ['station', 'train', 'railway', 'rail', 'terminal'],
  park: ['park', 'gardens', 'jardin'],
  sight: ['sight', 'sights', 'landmark', 'monument', 'attraction', 'sightseeing'],
  cafe: ['cafe', 'coffee', 'coffeeshop'],
  restaurant: ['restaurant', 'food', 'dinner', 'lunch', 'eat', 'bistro'],
  dentist: ['dentist', 'dental'],
  pharmacy: ['pharmacy', 'chemist', 'drugstore'],
  bookshop: ['bookshop', 'bookstore', 'books', 'book'],
  gym: ['gym', 'fitness', 'workout'],
};

const CODES: Record<string, string> = {
  Paris: 'par',
  Berlin: 'ber',
  London: 'lon',
  Lisbon: 'lis',
  Tokyo: 'tok',
  'New York': 'nyc',
  Toronto: 'tor',
  Madrid: 'mad',
};

type Landmark = [
  kind: 'museum' | 'station' | 'park' | 'sight',
  name: string,
  number: number,
  street: string,
  aliases: string[],
];

const LANDMARKS: Record<string, Landmark[]> = {
  Paris: [
    ['museum', 'Louvre Museum', 99, 'Rue de Rivoli', ['louvre', 'the louvre']],
    ['station', 'Gare du Nord', 18, 'Rue de Dunkerque', ['gare du nord']],
    ['park', 'Jardin du Luxembourg', 1, 'Rue de Vaugirard', ['luxembourg gardens']],
    [
      'sight',
      'Eiffel Tower',
      5,
      'Avenue Anatole France',
      ['eiffel tower', 'the eiffel tower', 'tour eiffel'],
    ],
  ],
  Berlin: [
    ['museum', 'Pergamon Museum', 1, 'Bodestrasse', ['pergamon']],
    ['station', 'Berlin Hauptbahnhof', 1, 'Europaplatz', ['hauptbahnhof', 'berlin central station']],
    ['park', 'Tiergarten', 1, 'Strasse des 17. Juni', ['tiergarten']],
    ['sight', 'Brandenburg Gate', 1, 'Pariser Platz', ['brandenburg gate', 'brandenburger tor']],
  ],
  London: [
    ['museum', 'Natural History Museum', 1, 'Cromwell Road', ['natural history museum']],
    ['station', "King's Cross Station", 1, 'Euston Road', ["king's cross", 'kings cross']],
    ['park', 'Hyde Park', 10, 'Park Lane', ['hyde park']],
    ['sight', 'Big Ben', 1, 'Bridge Street', ['big ben', 'elizabeth tower']],
  ],
  Lisbon: [
    ['museum', 'Gulbenkian Museum', 45, 'Avenida de Berna', ['gulbenkian']],
    ['station', 'Santa Apolonia Station', 1, 'Avenida Infante Dom Henrique', ['santa apolonia']],
    ['park', 'Eduardo VII Park', 1, 'Rua Marques de Fronteira', ['parque eduardo vii']],
    ['sight', 'Belem Tower', 1, 'Avenida Brasilia', ['belem tower', 'torre de belem']],
  ],
  Tokyo: [
    ['museum', 'Tokyo National Museum', 13, 'Ueno Koen', ['national museum']],
    ['station', 'Tokyo Station', 1, 'Marunouchi', ['tokyo station']],
    ['park', 'Yoyogi Park', 2, 'Yoyogi Kamizonocho', ['yoyogi']],
    ['sight', 'Tokyo Tower', 4, 'Shibakoen', ['tokyo tower']],
  ],
  'New York': [
    ['museum', 'Metropolitan Museum of Art', 1000, 'Fifth Avenue', ['the met', 'met museum']],
    ['station', 'Grand Central Terminal', 89, 'East 42nd Street', ['grand central']],
    ['park', 'Central Park', 72, 'Central Park West', ['central park']],
    ['sight', 'Empire State Building', 20, 'West 34th Street', ['empire state building', 'empire state']],
  ],
  Toronto: [
    ['museum', 'Royal Ontario Museum', 100, 'Queens Park', ['rom']],
    ['station', 'Union Station', 65, 'Front Street West', ['union station']],
    ['park', 'High Park', 1, 'Parkside Drive', ['high park']],
    ['sight', 'CN Tower', 290, 'Bremner Boulevard', ['cn tower']],
  ],
  Madrid: [
    ['museum', 'Prado Museum', 1, 'Paseo del Prado', ['prado', 'museo del prado']],
    ['station', 'Atocha Station', 1, 'Plaza del Emperador Carlos V', ['atocha']],
    ['park', 'Retiro Park', 7, 'Plaza de la Independencia', ['retiro', 'el retiro']],
    ['sight', 'Royal Palace of Madrid', 1, 'Calle de Bailen', ['royal palace', 'palacio real']],
  ],
};

const SHOP_KINDS = ['cafe', 'restaurant', 'dentist', 'pharmacy', 'bookshop', 'gym'] as const;

function buildPlaces(): Place[] {
  const places: Place[] = [];
  CITIES.forEach((city, c) => {
    const code = CODES[city.name] ?? city.name.slice(0, 3).toLowerCase();
    for (const [kind, name, number, street, aliases] of LANDMARKS[city.name] ?? [])
      places.push({ id: `pl-${code}-${kind}`, name, kind, city: city.name, street, number, aliases });
    SHOP_KINDS.forEach((kind, k) => {
      const names = PLACE_NAMES[kind] ?? ['Unnamed place'];
      places.push({
        id: `pl-${code}-${kind}`,
        // Spread the demo's names over the cities so neighbouring cities do not share every name.
        name: names[(c + k) % names.length]!,
        kind,
        city: city.name,
        // The demo's three streets per city, so shop addresses look like the demo traces' addresses.
        street: city.streets[(c + k) % city.streets.length]!,
        number: 2 + ((c * 17 + k * 29) % 130),
        aliases: [],
      });
    });
  });
  return places;
}

export const PLACES: readonly Place[] = buildPlaces();

export const placeAddress = (p: Pick<Place, 'number' | 'street' | 'city'>): string =>
  `${p.number} ${p.street}, ${p.city}`;
