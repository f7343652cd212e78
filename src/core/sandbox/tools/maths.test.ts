import { describe, expect, it } from 'vitest';
import { EUR_RATES } from '../../demo/demo-traces';
import { callFails, callOk, demoTool, openSandbox } from '../sandbox.test-util';

describe('currency_convert', () => {
  it('converts at the bundled rate and says which date the rates are from', async () => {
    const sandbox = await openSandbox();
    const outcome = await sandbox.call(demoTool('currency_convert'), {
      amount: 100,
      from_currency: 'EUR',
      to_currency: 'USD',
    });
    // EUR_RATES are euro values of one unit: 1 USD = 0.92 EUR, so 100 EUR = 100 / 0.92 USD.
    const rate = EUR_RATES.EUR! / EUR_RATES.USD!;
    expect(outcome).toMatchObject({
      ok: true,
      output: { amount: Math.round(100 * rate * 100) / 100 },
      source: { kind: 'bundled-data', label: 'bundled rates of 2026-11-01' },
    });
    expect(
      await callOk(sandbox, 'currency_convert', { amount: 100, from_currency: 'EUR', to_currency: 'USD' }),
    ).toEqual({
      amount: 108.7,
    });
  });

  it('accepts lower case codes, names and symbols', async () => {
    const sandbox = await openSandbox();
    const convert = async (from: string, to: string) =>
      (await callOk(sandbox, 'currency_convert', { amount: 50, from_currency: from, to_currency: to }))
        .amount;
    expect(await convert('gbp', 'eur')).toBe(58.5);
    expect(await convert('pounds', '€')).toBe(58.5);
    expect(await convert('£', 'EUR')).toBe(58.5);
    expect(await convert('EUR', 'EUR')).toBe(50);
  });

  it('an unknown currency fails listing the bundled ones', async () => {
    const sandbox = await openSandbox();
    const failure = await callFails(sandbox, 'currency_convert', {
      amount: 1,
      from_currency: 'XYZ',
      to_currency: 'EUR',
    });
    expect(failure).toMatchObject({ kind: 'invalid-arguments', code: 'unknown-currency' });
    expect(failure.message).toContain('2026-11-01');
    expect(failure.message).toContain('USD');
  });
});

describe('units_convert', () => {
  it('converts length, temperature, mass and volume, rounded to two decimals', async () => {
    const sandbox = await openSandbox();
    const convert = async (value: number, from_unit: string, to_unit: string) =>
      (await callOk(sandbox, 'units_convert', { value, from_unit, to_unit })).value;
    expect(await convert(10, 'km', 'miles')).toBe(6.21);
    expect(await convert(6.21, 'miles', 'km')).toBe(9.99);
    expect(await convert(20, 'celsius', 'fahrenheit')).toBe(68);
    expect(await convert(-40, 'F', 'C')).toBe(-40);
    expect(await convert(0, 'celsius', 'kelvin')).toBe(273.15);
    expect(await convert(1, 'kg', 'lbs')).toBe(2.2);
    expect(await convert(1, 'gallon', 'litres')).toBe(3.79);
    expect(await convert(1500, 'Meters', 'KM')).toBe(1.5);
  });

  it('fails on an unknown unit and on units of different kinds', async () => {
    const sandbox = await openSandbox();
    const unknown = await callFails(sandbox, 'units_convert', {
      value: 1,
      from_unit: 'parsec',
      to_unit: 'km',
    });
    expect(unknown).toMatchObject({ kind: 'invalid-arguments', code: 'unknown-unit' });
    expect(unknown.message).toContain('miles');
    const mixed = await callFails(sandbox, 'units_convert', { value: 1, from_unit: 'km', to_unit: 'kg' });
    expect(mixed).toMatchObject({ code: 'incompatible-units' });
    expect(mixed.message).toContain('length');
  });
});

describe('date_add', () => {
  it('does real calendar arithmetic: month and year ends, leap days, going back', async () => {
    const sandbox = await openSandbox();
    const add = async (date: string, days: number) =>
      (await callOk(sandbox, 'date_add', { date, days })).date;
    expect(await add('2026-11-30', 1)).toBe('2026-12-01');
    expect(await add('2026-12-31', 1)).toBe('2027-01-01');
    expect(await add('2028-02-28', 1)).toBe('2028-02-29');
    expect(await add('2027-02-28', 1)).toBe('2027-03-01');
    expect(await add('2026-03-01', -1)).toBe('2026-02-28');
    expect(await add('2026-11-25', 0)).toBe('2026-11-25');
    expect(await add('today', 7)).toBe('2026-12-02');
  });

  it('fails on a date that does not exist or is not a date, and on fractional days', async () => {
    const sandbox = await openSandbox();
    expect(await callFails(sandbox, 'date_add', { date: '2026-02-30', days: 1 })).toMatchObject({
      kind: 'invalid-arguments',
      code: 'invalid-date',
    });
    expect((await callFails(sandbox, 'date_add', { date: 'Tuesday', days: 1 })).message).toContain(
      '"Tuesday"',
    );
    expect((await callFails(sandbox, 'date_add', { date: '2026-11-25', days: 1.5 })).code).toBe(
      'invalid-argument',
    );
  });
});
