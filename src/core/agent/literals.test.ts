import { describe, expect, it } from 'vitest';
import { DEMO_TOOLS } from '../demo/demo-tools';
import { findDates, findDurations, findTimes } from './dates';
import { fillArguments } from './fill-args';
import { residualText } from './free-text';
import { findLiterals, parseAmount } from './literals';
import { splitSubIntents } from './sub-intents';
import { insertLookups, sentThing } from './lookups';
import type { JsonSchemaObject, Tool } from '../tools/tool';
import { catalogueTool, stringField } from './agent-fixtures.test-util';

// Tuesday 24 November 2026, 10:00 UTC.
const TODAY = Date.UTC(2026, 10, 24, 10);
const tool = (name: string) => DEMO_TOOLS.find((t) => t.name === name)!;
const LEXICON = [
  { kind: 'person', value: 'Anna Keller', aliases: ['anna'] },
  { kind: 'city', value: 'New York', aliases: [] },
  { kind: 'city', value: 'Paris', aliases: [] },
];

function fill(name: string, intent: string, request = intent) {
  return fillArguments({
    tool: tool(name),
    intent,
    intentLiterals: findLiterals(intent, TODAY, LEXICON),
    requestLiterals: findLiterals(request, TODAY, LEXICON),
    known: () => undefined,
    today: TODAY,
  });
}

const num = (description: string): JsonSchemaObject => ({ type: 'number', description });

/** A hand-written tool whose every input is required. */
const allRequired = (name: string, properties: Record<string, JsonSchemaObject>): Tool =>
  catalogueTool(name, name.replace(/_/g, ' '), properties, Object.keys(properties), {});

/** The arguments an imported tool (no lexicon) gets from one sub-intent alone. */
const fillWith = (t: Tool, intent: string) =>
  fillArguments({
    tool: t,
    intent,
    intentLiterals: findLiterals(intent, TODAY),
    requestLiterals: [],
    known: () => undefined,
    today: TODAY,
  }).args;

describe('dates and times in plain words', () => {
  it('resolves relative days against the reference day', () => {
    const d = (s: string) => findDates(s, TODAY).map((x) => x.date);
    expect(d('tomorrow')).toEqual(['2026-11-25']);
    expect(d('the day after tomorrow')).toEqual(['2026-11-26']);
    expect(d('on Friday')).toEqual(['2026-11-27']);
    // Today is a Tuesday: "Tuesday" alone means the next one, a week on.
    expect(d('on Tuesday')).toEqual(['2026-12-01']);
    expect(d('in 10 days')).toEqual(['2026-12-04']);
    expect(d('on 3 December')).toEqual(['2026-12-03']);
    expect(d('December 3rd, 2027')).toEqual(['2027-12-03']);
    // A day that passed this year means next year's.
    expect(d('on 2 March')).toEqual(['2027-03-02']);
    expect(d('2026-02-30')).toEqual([]);
  });

  it('reads times with and without am/pm; bare office hours lean to daytime', () => {
    const t = (s: string) => findTimes(s).map((x) => x.time);
    expect(t('at 9')).toEqual(['09:00']);
    expect(t('at 3')).toEqual(['15:00']);
    expect(t('at 3 am')).toEqual(['03:00']);
    expect(t('12pm and 12am')).toEqual(['12:00', '00:00']);
    expect(t('meet at 14:30')).toEqual(['14:30']);
    expect(t('at 5 km')).toEqual([]);
    expect(t('on Thursday evening or tomorrow morning')).toEqual(['19:00', '09:00']);
    expect(t('the evening news')).toEqual([]);
    expect(findDurations('for 90 minutes or an hour').map((x) => x.minutes)).toEqual([90, 60]);
    expect(findDurations('a free hour on Monday, then a 45-minute call').map((x) => x.minutes)).toEqual([
      60, 45,
    ]);
  });
});

describe('literals', () => {
  it('finds emails, phones, money, quantities and known names without overlaps', () => {
    const ls = findLiterals(
      'Send 100 EUR to anna@x.org or call +44 20 7946 0958 — 5 km from New York',
      TODAY,
      LEXICON,
    );
    const by = (k: string) => ls.filter((l) => l.kind === k).map((l) => [l.value, l.sub ?? null]);
    expect(by('money')).toEqual([[100, 'EUR']]);
    expect(by('email')).toEqual([['anna@x.org', null]]);
    expect(by('phone')).toEqual([['+442079460958', null]]);
    expect(by('quantity')).toEqual([[5, 'km']]);
    expect(by('entity')).toEqual([['New York', 'city']]);
  });
});

describe('free text and argument filling', () => {
  it('a reminder: the text is what is left without the command and the time', () => {
    const r = fill('reminders_create', 'Remind me to call Anna tomorrow at 9');
    expect(r.args).toEqual({ text: 'call Anna', due_time: '2026-11-25T09:00:00' });
    expect(r.missing).toEqual([]);
  });

  it('an event gets start and end (one hour by default, or the stated duration)', () => {
    expect(
      fill('calendar_create_event', 'Schedule a dentist appointment on Friday at 3 pm').args,
    ).toMatchObject({
      start_time: '2026-11-27T15:00:00',
      end_time: '2026-11-27T16:00:00',
    });
    expect(
      fill('calendar_create_event', 'Book a 30 minutes call with Bob tomorrow at 10').args,
    ).toMatchObject({
      start_time: '2026-11-25T10:00:00',
      end_time: '2026-11-25T10:30:00',
    });
  });

  it('currency and unit conversions take both sides from the words', () => {
    expect(fill('currency_convert', 'How much is 250 euros in yen?').args).toEqual({
      amount: 250,
      from_currency: 'EUR',
      to_currency: 'JPY',
    });
    expect(fill('units_convert', 'Convert 5 km to miles').args).toEqual({
      value: 5,
      from_unit: 'km',
      to_unit: 'miles',
    });
    expect(fill('date_add', 'What date is 10 days after 2026-12-25?').args).toEqual({
      date: '2026-12-25',
      days: 10,
    });
  });

  it('each end of a route goes to its own side, in either order, a known place by its name', () => {
    const PLACES = [
      { kind: 'place', value: 'Louvre Museum', aliases: ['the louvre'] },
      { kind: 'place', value: 'Gare du Nord', aliases: [] },
    ];
    const route = (intent: string) =>
      fillArguments({
        tool: tool('places_directions'),
        intent,
        intentLiterals: findLiterals(intent, TODAY, PLACES),
        requestLiterals: [],
        known: () => undefined,
        today: TODAY,
      }).args;
    expect(route('How far is it from the Louvre to Gare du Nord by bike?')).toEqual({
      origin_address: 'Louvre Museum',
      destination_address: 'Gare du Nord',
      mode: 'cycling',
    });
    expect(route('Directions to the train station from Gare du Nord')).toMatchObject({
      origin_address: 'Gare du Nord',
      destination_address: 'train station',
    });
    // "how far X is from Y" (seventh QA pass: Marseille was left out and a search result went in).
    expect(route('Can you tell me how far Marseille is from Nice by car?')).toEqual({
      origin_address: 'Nice',
      destination_address: 'Marseille',
      mode: 'driving',
    });
    expect(route('How far away is the Louvre from Gare du Nord?')).toMatchObject({
      origin_address: 'Gare du Nord',
      destination_address: 'Louvre Museum',
    });
  });

  it('"pounds" is a weight where the request converts into a unit, a currency where into money', () => {
    const units = (intent: string) => fill('units_convert', intent).args;
    expect(units('How many pounds is 10 kg?')).toEqual({ value: 10, from_unit: 'kg', to_unit: 'pounds' });
    expect(units('Convert 10 pounds to kg')).toEqual({ value: 10, from_unit: 'pounds', to_unit: 'kg' });
    expect(units('What is 10 kg in pounds?')).toEqual({ value: 10, from_unit: 'kg', to_unit: 'pounds' });
    expect(fill('currency_convert', 'Convert 10 pounds to euros').args).toEqual({
      amount: 10,
      from_currency: 'GBP',
      to_currency: 'EUR',
    });
    const kinds = (s: string) => findLiterals(s, TODAY).map((l) => [l.kind, l.sub ?? l.value]);
    expect(kinds('Convert 10 pounds to kg')).toEqual([['quantity', 'pounds']]);
    expect(kinds('Convert 10 pounds to euros')).toEqual([
      ['money', 'GBP'],
      ['currency', 'EUR'],
    ]);
  });

  it("several number inputs take the request's numbers in order", () => {
    const sum = {
      name: 'get_sum',
      description: 'Add two numbers.',
      parameters: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      },
      returns: null,
      category: 'maths',
      source: 'mcp' as const,
    };
    const intent = 'get the sum of 2 and 3';
    const r = fillArguments({
      tool: sum,
      intent,
      intentLiterals: findLiterals(intent, TODAY),
      requestLiterals: [],
      known: () => undefined,
      today: TODAY,
    });
    expect(r.args).toEqual({ a: 2, b: 3 });
  });

  it('a percentage goes to the input for one — as a fraction where the tool wants a decimal', () => {
    const tax = allRequired('calculate_sales_tax', {
      amount: num('The purchase amount'),
      tax_rate: num('The tax rate as a decimal'),
    });
    expect(fillWith(tax, 'Calculate the sales tax for an amount of $100 with a tax rate of 7%.')).toEqual({
      amount: 100,
      tax_rate: 0.07,
    });
    const discount = allRequired('calculate_discount', {
      original_price: num('The original price of the item'),
      discount_percentage: num('The percentage of discount to be applied'),
    });
    // The number after an input's name, even after "of"; the percentage never becomes the price.
    expect(fillWith(discount, 'the discount for a price of 100 and a discount percentage of 10.')).toEqual({
      original_price: 100,
      discount_percentage: 10,
    });
    expect(fillWith(discount, 'take 15 percent off an item that costs 80')).toEqual({
      original_price: 80,
      discount_percentage: 15,
    });
  });

  it('languages: each side its own, as a name or the code the input shows, English for plain English', () => {
    const translate = (source: string, target: string): Tool =>
      catalogueTool(
        'translate_text',
        'Translate a text from one language to another',
        {
          text: stringField('The text to translate'),
          source_language: stringField(source),
          target_language: stringField(target),
        },
        ['text', 'source_language', 'target_language'],
        {},
      );
    const named = translate('The source language of the text', 'The target language');
    expect(fillWith(named, "Translate 'Bonjour' from French into German")).toMatchObject({
      source_language: 'French',
      target_language: 'German',
    });
    expect(fillWith(named, 'Translate "Hello, how are you?" to Spanish')).toMatchObject({
      source_language: 'English',
      target_language: 'Spanish',
    });
    const coded = translate('Source language code, e.g. en', 'Target language code (ISO 639-1)');
    expect(fillWith(coded, "translate 'discount' from English to Spanish")).toMatchObject({
      source_language: 'en',
      target_language: 'es',
    });
    // Nothing says what "Hola amigos" is written in: the source stays a question, never the text.
    const r = fillArguments({
      tool: named,
      intent: 'Translate "Hola amigos" to English',
      intentLiterals: findLiterals('Translate "Hola amigos" to English', TODAY),
      requestLiterals: [],
      known: () => undefined,
      today: TODAY,
    });
    expect(r.args.target_language).toBe('English');
    expect(r.missing.map((f) => f.name)).toEqual(['source_language']);
  });

  it('each number input takes the number its words are about; an optional one no stray number', () => {
    const carbon = catalogueTool(
      'calculate_carbon_footprint',
      'Calculate the carbon footprint of a lifestyle',
      {
        daily_miles: num('Miles driven per day'),
        meat_meals_per_week: num('Meat-based meals per week'),
        annual_trash_weight: num('Trash produced per year in pounds'),
        flights_per_year: num('Flights taken per year'),
      },
      ['daily_miles', 'meat_meals_per_week', 'annual_trash_weight'],
      {},
    );
    expect(
      fillWith(
        carbon,
        'I drive 20 miles a day, consume 3 meat meals a week, and produce 500 lbs of trash in a year.',
      ),
    ).toEqual({ daily_miles: 20, meat_meals_per_week: 3, annual_trash_weight: 500 });
    // Said in another order, the words still decide.
    expect(
      fillWith(carbon, 'I eat 4 meat meals weekly, 300 lbs of trash a year and drive 12 miles a day'),
    ).toEqual({
      daily_miles: 12,
      meat_meals_per_week: 4,
      annual_trash_weight: 300,
    });
  });

  it('a yes/no input is on when the request names it, off when it says without, unset otherwise', () => {
    const flag = (description: string): JsonSchemaObject => ({ type: 'boolean', description });
    const route = catalogueTool(
      'fastest_route',
      'Find the fastest route between two places',
      {
        start_location: stringField('Where the route starts'),
        end_location: stringField('Where the route ends'),
        avoid_tolls: flag('Avoid toll roads'),
        include_traffic: flag('Account for live traffic'),
      },
      ['start_location', 'end_location'],
      {},
    );
    expect(
      fillWith(route, 'the fastest route from San Francisco to Los Angeles with toll roads avoided'),
    ).toEqual({
      start_location: 'San Francisco',
      end_location: 'Los Angeles',
      avoid_tolls: true,
    });
    expect(fillWith(route, 'the fastest route from Lyon to Paris, not avoiding tolls, with traffic')).toEqual(
      {
        start_location: 'Lyon',
        end_location: 'Paris',
        avoid_tolls: false,
        include_traffic: true,
      },
    );
  });

  it('a person is no tail of a place: "in New York City" names nobody; "Email Anna Keller" names Anna', () => {
    const book = catalogueTool(
      'book_table',
      'Book a table at a restaurant',
      { guest_name: stringField('Name of the guest') },
      ['guest_name'],
      {},
    );
    expect(fillWith(book, 'Book a table at a restaurant in New York City')).toEqual({});
    expect(fillWith(book, 'Book a table for Anna Keller in New York City')).toEqual({
      guest_name: 'Anna Keller',
    });
  });

  it('reads a number that ends a sentence, and a percentage with its sign', () => {
    expect(
      findLiterals('The total is 100. Add 7%. Version 1.2.3', TODAY).map((l) => [l.value, l.sub]),
    ).toEqual([
      [100, undefined],
      [7, 'percent'],
    ]);
  });

  it('never invents a required value: a recipient with no email stays missing', () => {
    const r = fill('mail_send', 'Send an email to Anna');
    expect(r.missing.map((f) => f.name)).toEqual(expect.arrayContaining(['to_email', 'body']));
    expect(r.args.to_email).toBeUndefined();
  });

  it('notes: a named title and spelled-out content', () => {
    expect(fill('notes_create', 'Create a note called Groceries saying milk, eggs and bread').args).toEqual({
      title: 'Groceries',
      content: 'milk, eggs and bread',
    });
  });

  it('residual text drops recipients and structured values', () => {
    expect(residualText('text her that I am late', [])).toBe('that I am late');
    expect(
      residualText(
        'Remind me about the rent on Friday',
        findLiterals('Remind me about the rent on Friday', TODAY),
      ),
    ).toBe('the rent');
  });
});

describe('places and coded enums, without a lexicon', () => {
  // A weather tool as an imported catalogue describes it: a location query and a unit code.
  const weather: Tool = {
    name: 'current_get',
    description: 'Current weather for a location',
    category: 'weather',
    source: 'openapi',
    parameters: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'The location(s) you want to get weather data for.' },
        units: {
          type: 'string',
          enum: ['m', 's', 'f'],
          description: 'Unit identifier (m: Metric, s: Scientific, f: Fahrenheit).',
        },
      },
      required: ['query'],
    },
    returns: { type: 'object', properties: {} },
  };
  const run = (intent: string) => fillWith(weather, intent);

  it('takes the place a location query asks for, and the enum code its label names', () => {
    expect(run("What's the temperature in Fahrenheit? I'm heading out for a run in San Francisco")).toEqual({
      query: 'San Francisco',
      units: 'f',
    });
  });

  it('never takes the target currency as the source: an unknown code is missing, not swapped', () => {
    const r = fill('currency_convert', 'Convert 100 XYZ to EUR');
    expect(r.args.to_currency).toBe('EUR');
    expect(r.args.from_currency).toBeUndefined();
    expect(r.missing.map((f) => f.name)).toContain('from_currency');
    // A known source still fills as before.
    expect(fill('currency_convert', 'Convert 100 USD to EUR').args.from_currency).toBe('USD');
  });

  it('never reads a one-letter code as the start of a word', () => {
    // Before: "m" matched "make" and "more", so the units came out metric.
    expect(run('Make sure to tell me more about the weather at Lake Tahoe')).toEqual({
      query: 'Lake Tahoe',
    });
  });
});

describe('a value named right after its input', () => {
  const books: Tool = {
    name: 'search_books',
    description: 'Search the library catalogue',
    category: 'library',
    source: 'openapi',
    parameters: {
      type: 'object',
      properties: {
        author: { type: 'string', description: 'Author name' },
        member_id: { type: 'integer', description: 'Library member' },
        shelf: { type: 'string', description: 'Shelf code' },
      },
    },
    returns: { type: 'object', properties: {} },
  };
  const run = (intent: string) => fillWith(books, intent);

  it('takes "author Tolkien" for author and "member 42" for member_id (the id may be left out)', () => {
    expect(run('Search books by author Tolkien for member 42')).toMatchObject({
      author: 'Tolkien',
      member_id: 42,
    });
    expect(run('Find the books on shelf B12')).toMatchObject({ shelf: 'B12' });
  });

  it('keeps a decimal point, stops at a line break, and reads "the Asia region" before the name', () => {
    const geo: Tool = {
      ...books,
      parameters: {
        type: 'object',
        properties: {
          latitude: { type: 'number', description: 'Latitude' },
          username: { type: 'string', description: 'Login' },
          region: { type: 'string', description: 'Region' },
        },
      },
    };
    expect(fillWith(geo, 'Check coverage at latitude 41.9676 and longitude 19.0.')).toMatchObject({
      latitude: 41.9676,
    });
    expect(fillWith(geo, 'Register me\nMy username is JohnSmith123\nMy password is x')).toMatchObject({
      username: 'JohnSmith123',
    });
    expect(fillWith(geo, 'Get the governance index for 2020 in the Asia region')).toMatchObject({
      region: 'Asia',
    });
    // The sentence's first word is no value: "Region data …" names no region.
    expect(fillWith(geo, 'Region data for 2020')).not.toHaveProperty('region');
  });

  it('gives a tool with one id input the id named by the generic word ("by id 42", "#A-17"), never a plain word', () => {
    const pet: Tool = {
      ...books,
      parameters: {
        type: 'object',
        properties: { petId: { type: 'string' } },
        required: ['petId'],
      },
    };
    expect(fillWith(pet, 'Show the pet by id 42')).toEqual({ petId: '42' });
    expect(fillWith(pet, 'Show pet #A-17 please')).toEqual({ petId: 'A-17' });
    expect(fillWith(pet, 'Show the pet with the ID: x7')).toEqual({ petId: 'x7' });
    expect(fillWith(pet, 'Show the pet with the id of my dog')).toEqual({});
    const integer: Tool = {
      ...pet,
      parameters: { type: 'object', properties: { order_id: { type: 'integer' } } },
    };
    expect(fillWith(integer, 'Cancel order number 1234')).toEqual({ order_id: 1234 });
    expect(fillWith(integer, 'Cancel order id AB12')).toEqual({});
    // Two id inputs: the generic word cannot say which one is meant.
    const two: Tool = {
      ...pet,
      parameters: {
        type: 'object',
        properties: { user_id: { type: 'string' }, item_id: { type: 'string' } },
      },
    };
    expect(fillWith(two, 'Give item id 9 to someone')).toEqual({ item_id: '9' });
    expect(fillWith(two, 'Link id 9 and id 10')).toEqual({});
  });

  it('takes no ordinary word after the name, and no word at all for a number', () => {
    // "author of the year" names no author; "member of staff" no member number.
    expect(run('Search books by the author of the year for a member of staff')).toEqual({});
  });
});

describe('sub-intents', () => {
  it('splits at "and" before a verb, not inside a list of things', () => {
    expect(
      splitSubIntents('Remind me to call Anna tomorrow at 9 and send her the address of the museum').map(
        (s) => s.text,
      ),
    ).toEqual(['Remind me to call Anna tomorrow at 9', 'send her the address of the museum']);
    expect(splitSubIntents('Email Anna and Bob the agenda').map((s) => s.text)).toEqual([
      'Email Anna and Bob the agenda',
    ]);
    // A bare target after a conversion converts its result on, with the conversion's own lead.
    expect(splitSubIntents('Convert 250 GBP to USD and then to JPY')).toEqual([
      { rank: 1, text: 'Convert 250 GBP to USD', dependsOn: [] },
      { rank: 2, text: 'Convert that to JPY', dependsOn: [1] },
    ]);
    expect(splitSubIntents('How much is 40 euros in dollars and then in yen?').map((s) => s.text)).toEqual([
      'How much is 40 euros in dollars',
      'How much is that in yen?',
    ]);
    // Not after something that is no conversion, and not for a word that is no unit or currency.
    expect(splitSubIntents('Book a table and then to Paris').map((s) => s.text)).toEqual([
      'Book a table',
      'to Paris',
    ]);
    const two = splitSubIntents("Find Anna's email. Then text her that I'm late");
    expect(two.map((s) => s.dependsOn)).toEqual([[], [1]]);
  });

  it('a verb that ends a list item is a noun: "scarf, book, tea" is one note, "…, book a table" two requests', () => {
    const texts = (r: string) => splitSubIntents(r).map((s) => s.text);
    expect(texts('Make a note titled Gift ideas with the text scarf, book, tea')).toEqual([
      'Make a note titled Gift ideas with the text scarf, book, tea',
    ]);
    expect(texts('Make a note saying bread, milk and book')).toEqual([
      'Make a note saying bread, milk and book',
    ]);
    expect(texts('Find a restaurant in Paris, book a table for two')).toEqual([
      'Find a restaurant in Paris',
      'book a table for two',
    ]);
  });

  it('a connective left alone by a comma ("Additionally, provide …") is no part of the request', () => {
    expect(
      splitSubIntents(
        'Retrieve the index for the Asia region. Additionally, provide information about law.',
      ).map((s) => s.text),
    ).toEqual(['Retrieve the index for the Asia region', 'provide information about law']);
  });

  it('a second amount after "and" is a second conversion that borrows the first one\'s lead', () => {
    const texts = (r: string) => splitSubIntents(r).map((s) => s.text);
    expect(texts('What is 3 km in miles and 10 kg in pounds?')).toEqual([
      'What is 3 km in miles',
      'What is 10 kg in pounds?',
    ]);
    expect(texts('Convert 5 USD to EUR and 7 GBP to USD')).toEqual([
      'Convert 5 USD to EUR',
      'Convert 7 GBP to USD',
    ]);
    expect(texts('Convert 5 USD to EUR, 7 GBP to USD and €20 into yen')).toEqual([
      'Convert 5 USD to EUR, 7 GBP to USD',
      'Convert €20 into yen',
    ]);
    // Amounts that are no units or currencies, and lists of things, stay one request.
    expect(texts('Book a table for 4 people in Paris and 2 rooms in London')).toHaveLength(1);
    expect(texts('Add 3 apples and 2 pears to the list')).toHaveLength(1);
  });

  it('a sending command that names a thing sends what a lookup finds, when a reading tool covers it', () => {
    expect(sentThing('Email Hugo the weather forecast for Paris tomorrow')).toBe(
      'the weather forecast for Paris tomorrow',
    );
    expect(sentThing('send her the agenda')).toBe('the agenda');
    expect(sentThing("Text Bob that I'm on my way")).toBeNull();
    expect(sentThing('Find the weather in Paris')).toBeNull();
    const split = insertLookups(
      splitSubIntents('Email Hugo the weather forecast for Paris'),
      new Set(),
      () => false,
      (thing) => thing.includes('weather'),
    );
    expect(split).toEqual([
      { rank: 1, text: 'get the weather forecast for Paris', dependsOn: [] },
      { rank: 2, text: 'Email Hugo the weather forecast for Paris', dependsOn: [1], contentFrom: 1 },
    ]);
    // How it is sent and to whom are no part of the thing; a bare field is what the part before found.
    expect(sentThing('send the address to Anna by email')).toBe('the address');
    expect(
      insertLookups(
        splitSubIntents('Find a restaurant in Rome and send the address to Anna by email'),
        new Set(['address']),
        () => false,
        () => true,
      ),
    ).toEqual([
      { rank: 1, text: 'Find a restaurant in Rome', dependsOn: [] },
      {
        rank: 2,
        text: 'send the address to Anna by email',
        dependsOn: [1],
        contentFrom: 1,
        contentField: 'address',
      },
    ]);
    // Nothing reads "the quarterly report" here: no lookup, the command stays alone.
    expect(
      insertLookups(
        splitSubIntents('Send Anna the quarterly report'),
        new Set(),
        () => false,
        () => false,
      ),
    ).toHaveLength(1);
  });

  it('a `<thing>_name` input takes the one word of the request the tool does not explain', () => {
    const watering: Tool = {
      name: 'watering_schedule',
      description: 'Tells how often to water a plant.',
      category: 'garden',
      source: 'dataset',
      parameters: {
        type: 'object',
        properties: { plant_name: { type: 'string', description: 'Name of the plant.' } },
        required: ['plant_name'],
      },
      returns: { type: 'object', properties: { interval_days: { type: 'number' } } },
    };
    expect(fillWith(watering, 'How often should I water my tomato?')).toEqual({ plant_name: 'tomato' });
    // Two candidates: unsure, so asked, never guessed.
    expect(fillWith(watering, 'How often should I water my basil and my tomato?')).toEqual({});
  });

  it('a title that starts with "with" keeps the noun the command took: "Meeting with Bob"', () => {
    expect(fill('calendar_create_event', 'Schedule a meeting with Bob tomorrow at 3pm').args.title).toBe(
      'Meeting with Bob',
    );
  });

  it('"the exchange rate" converts one unit; where an event goes is no part of its title', () => {
    expect(fill('currency_convert', "What's the exchange rate from GBP to JPY?").args).toEqual({
      amount: 1,
      from_currency: 'GBP',
      to_currency: 'JPY',
    });
    expect(
      fill('calendar_create_event', "Add Carla's birthday party to my calendar on December 5 at 7 pm").args
        .title,
    ).toBe("Carla's birthday party");
  });

  it('"in 2 hours" is a moment from now; "called X with Y" has the content Y', () => {
    // TODAY is 10:00 UTC.
    expect(fill('reminders_create', 'Remind me to call mom in 2 hours').args).toEqual({
      text: 'call mom',
      due_time: '2026-11-24T12:00:00',
    });
    expect(fill('notes_create', 'Create a note called Shopping with eggs, milk and bread').args).toEqual({
      title: 'Shopping',
      content: 'eggs, milk and bread',
    });
  });

  it('a text input is never a reference or the kind of text ("the report", "a message"): it is asked', () => {
    const text = (name: string, intent: string) => fill(name, intent).args;
    expect(text('messages_send', 'Send Bob a message')).not.toHaveProperty('text');
    expect(text('mail_send', 'Email Zorblax the report')).not.toHaveProperty('body');
    expect(text('messages_send', "Text Bob that I'm on my way").text).toMatch(/on my way/);
    expect(fill('mail_send', 'Send Anna the quarterly report').missing.map((f) => f.name)).toContain('body');
  });

  it('a named output of another tool becomes a lookup before the command', () => {
    const split = insertLookups(
      splitSubIntents('Remind me to call Anna and send her the address of the museum'),
      new Set(['address']),
    );
    expect(split.map((s) => [s.rank, s.text, s.dependsOn])).toEqual([
      [1, 'Remind me to call Anna', []],
      [2, 'find the address of the museum', []],
      [3, 'send her the address of the museum', [1, 2]],
    ]);
  });
});

describe('amounts as written (tenth QA pass)', () => {
  it('groups thousands with commas, reads a decimal comma, and names currencies in words', () => {
    expect(parseAmount('2,000')).toBe(2000);
    expect(parseAmount('12,000.50')).toBe(12000.5);
    expect(parseAmount('3,5')).toBe(3.5);
    const money = findLiterals('send 2,000 Canadian dollars', 0).find((l) => l.kind === 'money');
    expect([money?.value, money?.sub]).toEqual([2000, 'CAD']);
    const swiss = findLiterals('250 Swiss francs to euros', 0).find((l) => l.kind === 'money');
    expect([swiss?.value, swiss?.sub]).toEqual([250, 'CHF']);
    const temp = findLiterals('30 degrees C', 0).find((l) => l.kind === 'quantity');
    expect([temp?.value, temp?.sub]).toEqual([30, 'celsius']);
    // "try" is a verb, never a currency.
    expect(findLiterals('try 3 times', 0).some((l) => l.kind === 'currency')).toBe(false);
  });
});
