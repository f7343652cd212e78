import { CITIES } from '../../demo/demo-traces';

/**
 * The bundled map: each demo city with its streets' coordinates (a point on the street, WGS 84), enough to
 * locate every address the demo traces, the seed and the places table use. Directions are computed from
 * these points, so they are estimates, not routes.
 */

export type LatLon = readonly [lat: number, lon: number];

export interface CityGeo {
  name: string;
  /** Land mass: no route by land crosses between regions. */
  region: 'europe' | 'north-america' | 'japan';
  centre: LatLon;
  /** Other names a user may type, lower case. */
  aliases: string[];
  streets: Record<string, LatLon>;
}

const GEO: CityGeo[] = [
  {
    name: 'Paris',
    region: 'europe',
    centre: [48.8566, 2.3522],
    aliases: ['paris france', 'parigi'],
    streets: {
      'Rue Oberkampf': [48.8652, 2.377],
      'Rue de Rivoli': [48.8606, 2.347],
      'Boulevard Voltaire': [48.8575, 2.3835],
      'Rue de Dunkerque': [48.8808, 2.354],
      'Rue de Vaugirard': [48.8462, 2.33],
      'Avenue Anatole France': [48.8584, 2.2945],
    },
  },
  {
    name: 'Berlin',
    region: 'europe',
    centre: [52.52, 13.405],
    aliases: ['berlin germany'],
    streets: {
      Torstrasse: [52.529, 13.401],
      Kastanienallee: [52.538, 13.41],
      Oranienstrasse: [52.501, 13.417],
      Bodestrasse: [52.5212, 13.3969],
      Europaplatz: [52.5251, 13.3694],
      'Strasse des 17. Juni': [52.5145, 13.3501],
      'Pariser Platz': [52.5163, 13.3777],
    },
  },
  {
    name: 'London',
    region: 'europe',
    centre: [51.5074, -0.1278],
    aliases: ['london uk', 'london england', 'londres'],
    streets: {
      'Upper Street': [51.538, -0.103],
      'Brick Lane': [51.5215, -0.0717],
      'Baker Street': [51.5226, -0.1571],
      'Cromwell Road': [51.4967, -0.1764],
      'Euston Road': [51.5308, -0.1238],
      'Park Lane': [51.51, -0.153],
      'Bridge Street': [51.5007, -0.1246],
    },
  },
  {
    name: 'Lisbon',
    region: 'europe',
    centre: [38.7223, -9.1393],
    aliases: ['lisboa', 'lisbon portugal'],
    streets: {
      'Rua Augusta': [38.7104, -9.1371],
      'Rua da Prata': [38.711, -9.136],
      'Avenida da Liberdade': [38.7196, -9.1451],
      'Avenida de Berna': [38.7375, -9.154],
      'Avenida Infante Dom Henrique': [38.7139, -9.1227],
      'Rua Marques de Fronteira': [38.729, -9.153],
      'Avenida Brasilia': [38.6916, -9.216],
    },
  },
  {
    name: 'Tokyo',
    region: 'japan',
    centre: [35.6762, 139.6503],
    aliases: ['tokyo japan', 'tokio'],
    streets: {
      'Omotesando Avenue': [35.6654, 139.712],
      'Meiji Dori': [35.67, 139.705],
      'Aoyama Dori': [35.665, 139.72],
      'Ueno Koen': [35.7188, 139.7765],
      Marunouchi: [35.6812, 139.7671],
      'Yoyogi Kamizonocho': [35.6717, 139.6949],
      Shibakoen: [35.6586, 139.7454],
    },
  },
  {
    name: 'New York',
    region: 'north-america',
    centre: [40.7128, -74.006],
    aliases: ['nyc', 'new york city', 'manhattan'],
    streets: {
      'Bleecker Street': [40.729, -74.0],
      'Lexington Avenue': [40.76, -73.97],
      'Atlantic Avenue': [40.686, -73.98],
      'Fifth Avenue': [40.7794, -73.9632],
      'East 42nd Street': [40.7527, -73.9772],
      'Central Park West': [40.78, -73.973],
      'West 34th Street': [40.7484, -73.9857],
    },
  },
  {
    name: 'Toronto',
    region: 'north-america',
    centre: [43.6532, -79.3832],
    aliases: ['toronto canada'],
    streets: {
      'Queen Street West': [43.649, -79.396],
      'Spadina Avenue': [43.653, -79.398],
      'Bloor Street': [43.668, -79.394],
      'Queens Park': [43.6677, -79.3948],
      'Front Street West': [43.6453, -79.3806],
      'Parkside Drive': [43.6465, -79.4637],
      'Bremner Boulevard': [43.6426, -79.3871],
    },
  },
  {
    name: 'Madrid',
    region: 'europe',
    centre: [40.4168, -3.7038],
    aliases: ['madrid spain'],
    streets: {
      'Calle Mayor': [40.4155, -3.709],
      'Gran Via': [40.42, -3.704],
      'Calle de Alcala': [40.419, -3.695],
      'Paseo del Prado': [40.4138, -3.6921],
      'Plaza del Emperador Carlos V': [40.4066, -3.6892],
      'Plaza de la Independencia': [40.42, -3.6887],
      'Calle de Bailen': [40.418, -3.7143],
    },
  },
];

/** The map's cities, in the demo's order (CITIES in src/core/demo/demo-traces.ts). */
export const CITY_GEO: readonly CityGeo[] = CITIES.map((c) => {
  const geo = GEO.find((g) => g.name === c.name);
  // A demo city without map data would make every address in it unknown; fail loudly at load instead.
  if (!geo) throw new Error(`bundled map has no city "${c.name}"`);
  return geo;
});

export const CITY_NAMES: readonly string[] = CITY_GEO.map((c) => c.name);
