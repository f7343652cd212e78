import { describe, expect, it } from 'vitest';
import {
  escapeReferences,
  outputField,
  parseReference,
  printEmbeddedReference,
  printReference,
  referencesIn,
  rewriteReferences,
  substituteReferences,
} from './references';
import { UnresolvedReferenceError } from './unresolved-reference-error';

const ref = (step: number, field: string | null, path: string[] = []) => ({ step, field, path });

describe('reference grammar: whole strings', () => {
  it('reads $k, $k.field and deeper paths', () => {
    expect(parseReference('$2')).toEqual(ref(2, null));
    expect(parseReference('$0.skyId')).toEqual(ref(0, 'skyId'));
    expect(parseReference('$12.city_name')).toEqual(ref(12, 'city_name'));
    expect(parseReference('$0.events.0.title')).toEqual(ref(0, 'events', ['0', 'title']));
    expect(parseReference('$0.location.name')).toEqual(ref(0, 'location', ['name']));
    // NESTFUL writes list indices in brackets too.
    expect(parseReference('$0.author[0].id')).toEqual(ref(0, 'author', ['0', 'id']));
    expect(parseReference('$0.restaurants[0]')).toEqual(ref(0, 'restaurants', ['0']));
    expect(parseReference('$1.eco-friendly_hotels')).toEqual(ref(1, 'eco-friendly_hotels'));
    expect(parseReference('$0["Exchange Rate"]')).toEqual(ref(0, 'Exchange Rate'));
    expect(parseReference('$0["pm2.5_level"]')).toEqual(ref(0, 'pm2.5_level'));
  });

  it('does not take money, decimals or prose for references', () => {
    for (const s of [
      'a $5 budget',
      '$5 off',
      '$1.5',
      '$0.8325777738861961',
      'costs $3',
      'US$10',
      '$20-$30',
      '$100,000 - $500,000',
      '$0.shipping_cost$ + $var2.tip_amount',
      '$',
      '$x',
      '$1.',
      '$1.a.',
      '$1..a',
      '$1[0]',
      '$1.a[x]',
      '$1.a["unterminated]',
      ' $1.a',
      '$1.a ',
      '$1.a b',
      '{$1.a}',
    ])
      expect(parseReference(s), s).toBeNull();
  });

  it('prints what it parses, quoting keys that are not names', () => {
    expect(printReference(3, null)).toBe('$3');
    expect(printReference(0, 'city_name')).toBe('$0.city_name');
    expect(printReference(0, 'events', ['0', 'title'])).toBe('$0.events.0.title');
    expect(printReference(0, 'Exchange Rate')).toBe('$0["Exchange Rate"]');
    expect(printReference(0, '404')).toBe('$0["404"]');
    expect(printReference(0, 'a', ['x y', '"q"'])).toBe('$0.a["x y"]["\\"q\\""]');
    expect(printEmbeddedReference(1, 'gpa')).toBe('{$1.gpa}');
    for (const [step, field, path] of [
      [0, null, []],
      [7, 'pm2.5_level', []],
      [1, 'MA(5)', ['0', 'k-1', '']],
      [2, '', []],
      [4, 'a', ['"]', '\\']],
    ] as const) {
      expect(parseReference(printReference(step, field, path))).toEqual(ref(step, field, [...path]));
      expect(referencesIn(`x ${printEmbeddedReference(step, field, path)} y`)).toEqual([
        ref(step, field, [...path]),
      ]);
    }
    expect(() => printReference(-1, 'a')).toThrow(RangeError);
    expect(() => printReference(1.5, 'a')).toThrow(RangeError);
    expect(() => printReference(0, null, ['x'])).toThrow(RangeError);
  });
});

describe('reference grammar: inside text', () => {
  it('finds braced references only, spaces allowed inside the braces', () => {
    expect(referencesIn('from {$0.city} to {$3.city}')).toEqual([ref(0, 'city'), ref(3, 'city')]);
    expect(referencesIn('5 * {$0.Exchange Rate}')).toEqual([ref(0, 'Exchange Rate')]);
    expect(referencesIn('all: {$2}')).toEqual([ref(2, null)]);
    expect(referencesIn('{$0.a.0.b}')).toEqual([ref(0, 'a', ['0', 'b'])]);
    for (const s of [
      'pay $0.city now',
      'a $5 budget',
      '{$5 budget}',
      '{$1.5}',
      '{$1.a }',
      '{$1.a',
      'costs {$} {$x}',
      'US{$10',
    ])
      expect(referencesIn(s), s).toEqual([]);
  });

  it('treats a backslash-escaped reference as a literal', () => {
    expect(referencesIn('literal \\{$1.x} and real {$2.y}')).toEqual([ref(2, 'y')]);
    expect(escapeReferences('show {$1.x} and {$2} but not $3.z')).toBe(
      'show \\{$1.x} and \\{$2} but not $3.z',
    );
    expect(referencesIn(escapeReferences('{$1.x}{$2.y}'))).toEqual([]);
  });

  it('walks lists and objects, deeply, in order', () => {
    expect(
      referencesIn({
        a: '$0.x',
        b: ['$1', { c: 'see {$2.y}', d: [['$3.z.0']] }],
        e: 5,
        f: null,
        g: true,
        h: '$4 off',
      }),
    ).toEqual([ref(0, 'x'), ref(1, null), ref(2, 'y'), ref(3, 'z', ['0'])]);
  });
});

describe('rewriting references', () => {
  const to9 = (r: { step: number; field: string | null }) =>
    r.step === 1 ? { step: 9, field: r.field === 'a' ? 'b' : 'c' } : null;

  it('rewrites the step and field, keeping the path and every other byte', () => {
    expect(
      rewriteReferences(
        { x: '$1.a[0].name', y: 'see {$1.a} and {$0.a}', z: ['$0.a', '$1.q'], w: { v: '$1' } },
        to9,
      ),
    ).toEqual({
      x: '$9.b.0.name',
      y: 'see {$9.b} and {$0.a}',
      z: ['$0.a', '$9.c'],
      w: { v: '$9.c' },
    });
  });

  it('never touches money, decimals, escaped references or references it keeps', () => {
    const every = (r: { step: number; field: string | null }) => ({ step: r.step + 10, field: r.field });
    const text = {
      budget: 'a $5 budget',
      price: '$1.5',
      cost: 'costs $3',
      us: 'US$10',
      range: '$20-$30',
      escaped: 'keep \\{$1.x}',
      mixed: 'A $1 fee for {$1.x}',
    };
    expect(rewriteReferences(text, every)).toEqual({ ...text, mixed: 'A $1 fee for {$11.x}' });
    // A kept reference keeps its spelling (brackets are not normalised when nothing changes).
    expect(rewriteReferences('$0.author[0].id', (r) => ({ step: r.step, field: r.field }))).toBe(
      '$0.author[0].id',
    );
    expect(rewriteReferences('$0.author[0].id', () => null)).toBe('$0.author[0].id');
  });

  it('can change the path, and quotes fields that are not names', () => {
    expect(rewriteReferences('$0.a.b', () => ({ step: 2, field: 'Exchange Rate', path: [] }))).toBe(
      '$2["Exchange Rate"]',
    );
    expect(rewriteReferences('x {$0.a} y', () => ({ step: 2, field: null, path: [] }))).toBe('x {$2} y');
  });
});

describe('reading outputs and substituting references', () => {
  const outputs = {
    0: { city_name: 'Paris', tags: ['a', 'b'], events: [{ title: 'Expo' }], 'Exchange Rate': 1.1 },
    1: 'plain text',
    2: { result: 7 },
    3: [1, 2],
  };

  it('reads a field the way a tool without returns is read: result is the whole output', () => {
    expect(outputField(outputs[0], 'city_name')).toEqual({ found: true, value: 'Paris' });
    expect(outputField(outputs[0], 'events', ['0', 'title'])).toEqual({ found: true, value: 'Expo' });
    expect(outputField(outputs[0], 'events', ['5', 'title'])).toEqual({ found: true, value: undefined });
    expect(outputField(outputs[0], 'country')).toEqual({ found: false, value: undefined });
    expect(outputField(outputs[1], 'result')).toEqual({ found: true, value: 'plain text' });
    expect(outputField(outputs[2], 'result')).toEqual({ found: true, value: 7 });
    expect(outputField(outputs[3], null)).toEqual({ found: true, value: [1, 2] });
    expect(outputField(undefined, 'result')).toEqual({ found: false, value: undefined });
  });

  it('gives whole references their value with its type and writes embedded ones as text', () => {
    expect(
      substituteReferences(
        {
          city: '$0.city_name',
          first: '$0.tags[0]',
          title: '$0.events.0.title',
          rate: '$0["Exchange Rate"]',
          whole: '$1',
          list: '$3',
          plain: '$1.result',
          keyed: '$2.result',
          text: 'Weather in {$0.city_name} please',
          json: 'tags: {$0.tags}, rate x {$0.Exchange Rate}',
          nested: [{ deep: ['$0.city_name', 'x'] }],
          price: '$5 off',
          decimal: '$1.5',
          escaped: 'type \\{$0.city_name} literally',
          n: 3,
        },
        outputs,
      ),
    ).toEqual({
      city: 'Paris',
      first: 'a',
      title: 'Expo',
      rate: 1.1,
      whole: 'plain text',
      list: [1, 2],
      plain: 'plain text',
      keyed: 7,
      text: 'Weather in Paris please',
      json: 'tags: ["a","b"], rate x 1.1',
      nested: [{ deep: ['Paris', 'x'] }],
      price: '$5 off',
      decimal: '$1.5',
      escaped: 'type {$0.city_name} literally',
      n: 3,
    });
  });

  it('throws a typed error for an unknown step or a missing field', () => {
    expect(() => substituteReferences('$0.country', outputs)).toThrow(UnresolvedReferenceError);
    expect(() => substituteReferences('$0.country', outputs)).toThrow(
      'step 0\'s output has no field "country"',
    );
    expect(() => substituteReferences({ a: ['in {$4.city}'] }, outputs)).toThrow('step 4 has not run');
    try {
      substituteReferences('$4', outputs);
    } catch (e) {
      expect(UnresolvedReferenceError.isInstance(e)).toBe(true);
      expect(e).toMatchObject({ step: 4, field: null, code: 'unresolved-reference' });
    }
    // Text that is not a reference never needs an output.
    expect(substituteReferences('a $9 budget, \\{$9.x}', {})).toBe('a $9 budget, {$9.x}');
  });
});
