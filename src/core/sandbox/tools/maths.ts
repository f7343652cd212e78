import type { ToolImplementation } from '../../execute/tool-runtime';
import { requireInteger, requireNumber, requireString } from '../args';
import { CURRENCY_ALIASES, EUR_VALUE, RATES_DATE } from '../data/rates';
import { UNITS, findUnit, fromCelsius, toCelsius, type UnitDef } from '../data/units';
import { addDays, parseDay } from '../dates';
import { IncompatibleUnitsError } from '../errors/incompatible-units-error';
import { InvalidArgumentError } from '../errors/invalid-argument-error';
import { UnknownCurrencyError } from '../errors/unknown-currency-error';
import { UnknownUnitError } from '../errors/unknown-unit-error';
import type { SandboxAccess } from '../sandbox-access';
import { CALENDAR_MATHS_SOURCE, RATES_SOURCE, UNITS_SOURCE } from './sources';

const round2 = (x: number): number => Math.round(x * 100) / 100;

function unitArgument(value: string): UnitDef {
  const unit = findUnit(value);
  if (!unit)
    throw new UnknownUnitError(
      value,
      UNITS.map((u) => u.name),
    );
  return unit;
}

/** `value` in `from` expressed in `to`, rounded to two decimals as the schema says. */
export function convertUnits(value: number, from: UnitDef, to: UnitDef): number {
  if (from.dimension !== to.dimension)
    throw new IncompatibleUnitsError(from.name, from.dimension, to.name, to.dimension);
  if (from.dimension === 'temperature') return round2(fromCelsius(toCelsius(value, from.name), to.name));
  return round2((value * from.factor) / to.factor);
}

/** An ISO code ("usd"), a name ("euros") or a symbol ("£"), as the ISO code of a bundled rate. */
export function currencyCode(value: string): string | undefined {
  const v = value.trim().toLowerCase();
  if (EUR_VALUE[v.toUpperCase()] !== undefined) return v.toUpperCase();
  return Object.entries(CURRENCY_ALIASES).find(([, names]) => names.includes(v))?.[0];
}

function currencyArgument(value: string): string {
  const code = currencyCode(value);
  if (!code) throw new UnknownCurrencyError(value, Object.keys(EUR_VALUE), RATES_DATE);
  return code;
}

/** `amount` of `from` in `to` at the bundled rates (both through the euro), rounded to two decimals. */
export function convertCurrency(amount: number, from: string, to: string): number {
  return round2((amount * EUR_VALUE[from]!) / EUR_VALUE[to]!);
}

/** ±1000 years: beyond that Date cannot represent the result and no user means it. */
const MAX_DAYS = 365_000;

export function mathsTools(sandbox: SandboxAccess) {
  const units_convert: ToolImplementation = {
    source: UNITS_SOURCE,
    async run(args) {
      const value = requireNumber(args, 'value');
      const from = unitArgument(requireString(args, 'from_unit'));
      const to = unitArgument(requireString(args, 'to_unit'));
      return { value: convertUnits(value, from, to) };
    },
  };

  const currency_convert: ToolImplementation = {
    source: RATES_SOURCE,
    async run(args) {
      const amount = requireNumber(args, 'amount');
      const from = currencyArgument(requireString(args, 'from_currency'));
      const to = currencyArgument(requireString(args, 'to_currency'));
      return { amount: convertCurrency(amount, from, to) };
    },
  };

  const date_add: ToolImplementation = {
    source: CALENDAR_MATHS_SOURCE,
    async run(args) {
      const day = parseDay(requireString(args, 'date'), 'date', sandbox.today());
      const days = requireInteger(args, 'days');
      if (Math.abs(days) > MAX_DAYS)
        throw new InvalidArgumentError('days', `must be within ±${MAX_DAYS}, not ${days}.`);
      return { date: addDays(day, days) };
    },
  };

  return { units_convert, currency_convert, date_add };
}
