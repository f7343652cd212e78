import { EUR_RATES } from '../../demo/demo-traces';

/**
 * Bundled exchange rates of one fixed date: the demo's rates (so traces and sandbox convert alike) plus a
 * few more currencies. They never update; every result says which date they are from.
 */
export const RATES_DATE = '2026-11-01';

/** Euro value of one unit of each currency. */
export const EUR_VALUE: Readonly<Record<string, number>> = {
  ...EUR_RATES,
  AUD: 0.6,
  SEK: 0.087,
  NOK: 0.085,
  DKK: 0.134,
  PLN: 0.23,
  CNY: 0.13,
};

/** What people call the currencies, normalized (lower case, no accents), and their symbols. */
export const CURRENCY_ALIASES: Readonly<Record<string, string[]>> = {
  EUR: ['euro', 'euros', '€'],
  USD: ['dollar', 'dollars', 'us dollar', 'us dollars', '$', 'us$'],
  GBP: ['pound', 'pounds', 'pound sterling', 'sterling', 'british pound', 'british pounds', '£'],
  JPY: ['yen', 'japanese yen', '¥'],
  CAD: ['canadian dollar', 'canadian dollars', 'ca$'],
  CHF: ['swiss franc', 'swiss francs', 'franc', 'francs'],
  AUD: ['australian dollar', 'australian dollars', 'a$'],
  SEK: ['swedish krona', 'swedish kronor', 'krona', 'kronor'],
  NOK: ['norwegian krone', 'norwegian kroner'],
  DKK: ['danish krone', 'danish kroner'],
  PLN: ['zloty', 'polish zloty'],
  CNY: ['yuan', 'renminbi', 'rmb'],
};
