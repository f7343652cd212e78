/**
 * Units the converter knows: exact definitions (1 mile = 1609.344 m, 1 lb = 0.45359237 kg, US gallon),
 * not data that can go stale. Each linear unit is a factor to its dimension's base unit (m, kg, l);
 * temperature is affine, so it goes through celsius instead.
 */

export type Dimension = 'length' | 'mass' | 'volume' | 'temperature';

export interface UnitDef {
  /** Canonical name shown in messages. */
  name: string;
  dimension: Dimension;
  /** Base units per unit (linear units only). */
  factor: number;
  /** Spellings, normalized (lower case). */
  aliases: string[];
}

export const UNITS: readonly UnitDef[] = [
  {
    name: 'km',
    dimension: 'length',
    factor: 1000,
    aliases: ['kilometre', 'kilometres', 'kilometer', 'kilometers'],
  },
  { name: 'm', dimension: 'length', factor: 1, aliases: ['metre', 'metres', 'meter', 'meters'] },
  {
    name: 'cm',
    dimension: 'length',
    factor: 0.01,
    aliases: ['centimetre', 'centimetres', 'centimeter', 'centimeters'],
  },
  {
    name: 'mm',
    dimension: 'length',
    factor: 0.001,
    aliases: ['millimetre', 'millimetres', 'millimeter', 'millimeters'],
  },
  { name: 'miles', dimension: 'length', factor: 1609.344, aliases: ['mile', 'mi'] },
  { name: 'yards', dimension: 'length', factor: 0.9144, aliases: ['yard', 'yd'] },
  { name: 'feet', dimension: 'length', factor: 0.3048, aliases: ['foot', 'ft'] },
  { name: 'inches', dimension: 'length', factor: 0.0254, aliases: ['inch', 'in'] },
  { name: 'kg', dimension: 'mass', factor: 1, aliases: ['kilogram', 'kilograms', 'kilo', 'kilos'] },
  { name: 'g', dimension: 'mass', factor: 0.001, aliases: ['gram', 'grams'] },
  { name: 'lb', dimension: 'mass', factor: 0.45359237, aliases: ['lbs', 'pound', 'pounds'] },
  { name: 'oz', dimension: 'mass', factor: 0.028349523125, aliases: ['ounce', 'ounces'] },
  { name: 'stone', dimension: 'mass', factor: 6.35029318, aliases: ['stones', 'st'] },
  { name: 'l', dimension: 'volume', factor: 1, aliases: ['litre', 'litres', 'liter', 'liters'] },
  {
    name: 'ml',
    dimension: 'volume',
    factor: 0.001,
    aliases: ['millilitre', 'millilitres', 'milliliter', 'milliliters'],
  },
  {
    name: 'gallons',
    dimension: 'volume',
    factor: 3.785411784,
    aliases: ['gallon', 'gal', 'us gallon', 'us gallons'],
  },
  { name: 'cups', dimension: 'volume', factor: 0.2365882365, aliases: ['cup'] },
  // US customary, as the gallon and the cup are.
  { name: 'pints', dimension: 'volume', factor: 0.473176473, aliases: ['pint', 'pt', 'us pint', 'us pints'] },
  { name: 'quarts', dimension: 'volume', factor: 0.946352946, aliases: ['quart', 'qt'] },
  { name: 'fl oz', dimension: 'volume', factor: 0.0295735296, aliases: ['fluid ounce', 'fluid ounces'] },
  { name: 'tbsp', dimension: 'volume', factor: 0.01478676478, aliases: ['tablespoon', 'tablespoons'] },
  { name: 'tsp', dimension: 'volume', factor: 0.00492892159, aliases: ['teaspoon', 'teaspoons'] },
  {
    name: 'celsius',
    dimension: 'temperature',
    factor: 1,
    aliases: ['c', '°c', 'degrees celsius', 'centigrade'],
  },
  { name: 'fahrenheit', dimension: 'temperature', factor: 1, aliases: ['f', '°f', 'degrees fahrenheit'] },
  { name: 'kelvin', dimension: 'temperature', factor: 1, aliases: ['k'] },
];

/** The unit a spelling names ("Kilometers", "°F", "lbs"), or undefined. */
export function findUnit(text: string): UnitDef | undefined {
  const t = text.trim().toLowerCase().replace(/\.$/, '');
  return UNITS.find((u) => u.name === t || u.aliases.includes(t));
}

/** A temperature in `unit` as celsius, and back. */
export const toCelsius = (value: number, unit: string): number =>
  unit === 'fahrenheit' ? ((value - 32) * 5) / 9 : unit === 'kelvin' ? value - 273.15 : value;
export const fromCelsius = (value: number, unit: string): number =>
  unit === 'fahrenheit' ? (value * 9) / 5 + 32 : unit === 'kelvin' ? value + 273.15 : value;
