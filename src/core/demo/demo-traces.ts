import type { Trace, TraceCall } from '../trace/trace';
import { chance, mulberry32, pick, randInt, sample, type Random } from '../util/prng';

// The built-in demo world: realistic personal-assistant traces over DEMO_TOOLS. Every value a later
// call consumes is the very value an earlier call returned, so value flows are recoverable by
// equality alone, as they are in real traces where no plan states the dependencies.

const BASE_TIME = Date.UTC(2026, 10, 1);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Chance that any one call fails; together with RETRY_RATE this lands near 10% failed calls. */
const FAILURE_RATE = 0.1;
/** Chance that a failed call is retried; otherwise the agent gives up and the trace ends there. */
const RETRY_RATE = 0.65;
const ERRORS = ['timeout', 'rate limited', 'service unavailable', 'network error'] as const;

// ---------------------------------------------------------------------------------------------
// Bundled world data. Small on purpose: repeats across traces are what the graph learns from.

interface City {
  name: string;
  streets: string[];
  /** Typical November midday temperature, so forecasts look plausible per city. */
  baseTempC: number;
}

export const CITIES: City[] = [
  { name: 'Paris', streets: ['Rue Oberkampf', 'Rue de Rivoli', 'Boulevard Voltaire'], baseTempC: 9 },
  { name: 'Berlin', streets: ['Torstrasse', 'Kastanienallee', 'Oranienstrasse'], baseTempC: 6 },
  { name: 'London', streets: ['Upper Street', 'Brick Lane', 'Baker Street'], baseTempC: 10 },
  { name: 'Lisbon', streets: ['Rua Augusta', 'Rua da Prata', 'Avenida da Liberdade'], baseTempC: 16 },
  { name: 'Tokyo', streets: ['Omotesando Avenue', 'Meiji Dori', 'Aoyama Dori'], baseTempC: 14 },
  { name: 'New York', streets: ['Bleecker Street', 'Lexington Avenue', 'Atlantic Avenue'], baseTempC: 8 },
  { name: 'Toronto', streets: ['Queen Street West', 'Spadina Avenue', 'Bloor Street'], baseTempC: 4 },
  { name: 'Madrid', streets: ['Calle Mayor', 'Gran Via', 'Calle de Alcala'], baseTempC: 12 },
];

export const HOME_ADDRESS = '27 Upper Street, London';
export const HOME_CITY = 'London';

interface Contact {
  contact_id: string;
  first: string;
  name: string;
  email: string;
  phone: string;
  address: string;
}

const PEOPLE: [first: string, last: string, city: string][] = [
  ['Alice', 'Martin', 'London'],
  ['Bob', 'Chen', 'Paris'],
  ['Carol', 'Diaz', 'London'],
  ['Dan', 'Okafor', 'London'],
  ['Eve', 'Novak', 'Berlin'],
  ['Frank', 'Weber', 'Berlin'],
  ['Grace', 'Kim', 'New York'],
  ['Hugo', 'Laurent', 'Paris'],
  ['Ines', 'Silva', 'Lisbon'],
  ['Jonas', 'Berg', 'London'],
];

// Derived from the list index, not the PRNG, so a contact is the same person in every trace and seed.
export const CONTACTS: Contact[] = PEOPLE.map(([first, last, cityName], i) => {
  const city = CITIES.find((c) => c.name === cityName) ?? CITIES[0]!;
  const street = city.streets[i % city.streets.length]!;
  return {
    contact_id: `c-${101 + i}`,
    first,
    name: `${first} ${last}`,
    email: `${first}.${last}@example.com`.toLowerCase(),
    phone: `+1 555 01${String(10 + i * 7).padStart(2, '0')}`,
    address: `${3 + i * 11} ${street}, ${city.name}`,
  };
});

export const PLACE_NAMES: Record<string, string[]> = {
  cafe: ['Blue Door Cafe', 'Corner Roast', 'Little Bean', 'Cafe Lumen'],
  dentist: ['Bright Smile Dental', 'City Dental Care', 'Riverside Dental Clinic'],
  restaurant: ['The Olive Table', 'Saffron House', 'Harbour Kitchen'],
  pharmacy: ['Green Cross Pharmacy', 'Central Chemist'],
  bookshop: ['Paper Lantern Books', 'The Reading Room', 'Chapter & Verse'],
  gym: ['Iron Works Gym', 'Pulse Fitness'],
};

interface Topic {
  key: string;
  notes: string[];
}

export const TOPICS: Topic[] = [
  {
    key: 'budget',
    notes: [
      'Q4 budget: travel capped at 12k EUR, tooling 4k EUR, hiring freeze until January.',
      'Budget review moved to the 14th; finance wants contractor costs as separate line items.',
      'Cut the conference budget by 20% and move the savings to cloud costs.',
    ],
  },
  {
    key: 'offsite',
    notes: [
      'Offsite shortlist: Sintra guesthouse or a lake hotel near Berlin, 2 nights, 18 people.',
      'Offsite agenda: day 1 roadmap, day 2 retro and team dinner. Ask Ines about vegetarian menu.',
      'Offsite budget approved at 9k EUR including travel.',
    ],
  },
  {
    key: 'hiring plan',
    notes: [
      'Hiring plan: two backend engineers in Q1, one designer in Q2.',
      'Interview loop: screening call, take-home, system design, team chat.',
    ],
  },
  {
    key: 'product launch',
    notes: [
      'Launch checklist: press kit, pricing page, support macros, status page banner.',
      'Launch date pencilled for the 3rd week of November; beta users get early access.',
      'Launch risks: payment provider review still pending, docs missing for the API.',
    ],
  },
  {
    key: 'garden',
    notes: [
      'Plant tulip bulbs before the first frost, 15 cm deep.',
      'Order compost and mulch; the raised bed needs new boards in spring.',
    ],
  },
  {
    key: 'marathon training',
    notes: [
      'Long run Sunday 24 km at easy pace, fuel every 40 minutes.',
      'Tempo sessions Tuesday and Thursday; rest day after the long run.',
    ],
  },
];

interface FileEntry {
  query: string;
  path: string;
  content: string;
}

export const FILES: FileEntry[] = [
  {
    query: 'quarterly report',
    path: '/Documents/Reports/q3-report.txt',
    content: 'Q3 report: revenue up 8% quarter on quarter, churn down to 2.1%, two enterprise deals closed.',
  },
  {
    query: 'lease agreement',
    path: '/Documents/Home/lease-2026.txt',
    content: 'Lease for 27 Upper Street, London: 12 months from 1 December 2026, rent due on the 1st.',
  },
  {
    query: 'travel itinerary',
    path: '/Documents/Travel/itinerary-lisbon.txt',
    content: 'Flight TP1351 LHR-LIS 14 Nov 09:40, hotel Rua Augusta 3 nights, return 17 Nov 18:05.',
  },
  {
    query: 'invoice',
    path: '/Documents/Finance/invoice-1042.txt',
    content: 'Invoice 1042: 38 hours of design consulting at 85 EUR, total 3230 EUR, due in 30 days.',
  },
  {
    query: 'launch slides',
    path: '/Documents/Work/launch-slides.md',
    content: 'Launch deck: problem, demo, pricing tiers, rollout timeline, open questions.',
  },
];

export const CONDITIONS = ['sunny', 'partly cloudy', 'overcast', 'light rain', 'showers', 'windy', 'fog'];

const UNIT_FACTORS: Record<string, number> = { 'km>miles': 0.621371, 'miles>km': 1.609344 };

/** Euro value of one unit of each currency. */
export const EUR_RATES: Record<string, number> = {
  EUR: 1,
  USD: 0.92,
  GBP: 1.17,
  JPY: 0.0061,
  CAD: 0.67,
  CHF: 1.05,
};

// ---------------------------------------------------------------------------------------------
// Helpers

const round1 = (x: number) => Math.round(x * 10) / 10;
const round2 = (x: number) => Math.round(x * 100) / 100;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDays = (date: string, days: number) => isoDate(Date.parse(`${date}T00:00:00Z`) + days * DAY);
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const at = (date: string, minutes: number) => `${date}T${hhmm(minutes)}:00`;

function convertUnits(value: number, from: string, to: string): number {
  if (from === 'celsius' && to === 'fahrenheit') return round2((value * 9) / 5 + 32);
  const factor = UNIT_FACTORS[`${from}>${to}`];
  if (factor === undefined) throw new Error(`demo world cannot convert ${from} to ${to}`);
  return round2(value * factor);
}

function convertCurrency(amount: number, from: string, to: string): number {
  const a = EUR_RATES[from];
  const b = EUR_RATES[to];
  if (a === undefined || b === undefined) throw new Error(`demo world has no rate ${from}/${to}`);
  return round2((amount * a) / b);
}

const cityOf = (address: string) => address.slice(address.lastIndexOf(', ') + 2);

function randomAddress(rand: Random, city: City): string {
  return `${randInt(rand, 1, 140)} ${pick(rand, city.streets)}, ${city.name}`;
}

function place(rand: Random, kind: string, city: City) {
  return {
    place_id: `pl-${randInt(rand, 10000, 99999)}`,
    name: pick(rand, PLACE_NAMES[kind] ?? ['Unnamed place']),
    address: randomAddress(rand, city),
    city: city.name,
  };
}

function directions(rand: Random, origin: string, destination: string, mode: string) {
  // Cross-city trips are long-haul; the demo only needs travel times to be plausible, not exact.
  const local = cityOf(origin) === cityOf(destination);
  const km = local ? round1(0.8 + rand() * (mode === 'walking' ? 4 : 18)) : randInt(rand, 300, 1200);
  const speedKmh: Record<string, number> = { walking: 5, cycling: 15, transit: 22, driving: local ? 28 : 85 };
  return {
    duration_minutes: Math.max(3, Math.round((km / (speedKmh[mode] ?? 28)) * 60)),
    distance_km: km,
  };
}

function forecast(rand: Random, cityName: string) {
  const base = CITIES.find((c) => c.name === cityName)?.baseTempC ?? 10;
  return { temperature_c: round1(base + (rand() * 6 - 3)), condition: pick(rand, CONDITIONS) };
}

function notesAbout(rand: Random, topic: Topic) {
  const chosen = sample(rand, topic.notes, randInt(rand, 1, topic.notes.length));
  const notes = chosen.map((content, i) => ({
    note_id: `note-${randInt(rand, 100, 999)}`,
    title: `${topic.key[0]!.toUpperCase()}${topic.key.slice(1)} ${i === 0 ? '' : `(${i + 1})`}`.trim(),
    content,
  }));
  return { notes, count: notes.length };
}

function inbox(rand: Random, from: Contact, topic: Topic, today: string) {
  const subject = pick(rand, [
    `${topic.key} next steps`,
    `Re: ${topic.key}`,
    `Question about the ${topic.key}`,
  ]);
  const others = sample(
    rand,
    CONTACTS.filter((c) => c !== from),
    randInt(rand, 0, 2),
  );
  const messages = [from, ...others].map((c, i) => ({
    message_id: `msg-${randInt(rand, 10000, 99999)}`,
    from_email: c.email,
    subject: i === 0 ? subject : `Fwd: ${topic.key}`,
    date: addDays(today, -i - randInt(rand, 0, 3)),
  }));
  const body = `Hi, ${pick(rand, topic.notes)} Can you confirm by Friday? Thanks, ${from.first}`;
  return { messages, count: messages.length, body };
}

function agenda(rand: Random, date: string, people: Contact[], firstStart = randInt(rand, 8, 10) * 60) {
  const titles = ['Design review', 'Dentist appointment', 'Team lunch', 'Quarterly planning'];
  const count = Math.max(1, people.length);
  let start = firstStart;
  const events = Array.from({ length: count + randInt(rand, 0, 1) }, (_, i) => {
    const person = people[i];
    const city = person
      ? (CITIES.find((c) => c.name === cityOf(person.address)) ?? CITIES[2]!)
      : pick(rand, CITIES);
    const length = pick(rand, [30, 45, 60, 90]);
    const event = {
      event_id: `ev-${randInt(rand, 1000, 9999)}`,
      title: person
        ? `${pick(rand, ['Coffee', 'Project sync', 'Catch-up'])} with ${person.first}`
        : pick(rand, titles),
      start_time: at(date, start),
      end_time: at(date, start + length),
      location: randomAddress(rand, city),
      city: city.name,
    };
    start += length + pick(rand, [15, 30, 60, 90]);
    return event;
  });
  return { events, count: events.length };
}

function freeSlot(rand: Random, date: string, durationMinutes: number, earliest: number, latest: number) {
  const start = randInt(rand, earliest / 15, latest / 15) * 15;
  return { start_time: at(date, start), end_time: at(date, start + durationMinutes) };
}

// ---------------------------------------------------------------------------------------------
// Trace building

/** Thrown by a call that failed and was not retried: the agent gave up, so the trace ends. */
class GaveUp extends Error {}

class TraceBuilder {
  readonly calls: TraceCall[] = [];

  constructor(
    private readonly rand: Random,
    private clock: number,
  ) {}

  /**
   * Records one tool call. The output is computed by the caller before the call so a retry returns
   * exactly what the first attempt would have, keeping later value flows intact.
   */
  call<T extends Record<string, unknown>>(tool: string, args: Record<string, unknown>, output: T): T {
    if (chance(this.rand, FAILURE_RATE)) {
      const error = pick(this.rand, ERRORS);
      const durationMs = error === 'timeout' ? randInt(this.rand, 5000, 10000) : randInt(this.rand, 60, 400);
      this.push({ tool, args: { ...args }, status: 'error', error, startedAt: 0, durationMs });
      if (!chance(this.rand, RETRY_RATE)) throw new GaveUp();
      // Back off before retrying, as a real agent runtime would after an error.
      this.clock += randInt(this.rand, 1000, 3000);
    }
    this.push({ tool, args, output, status: 'ok', startedAt: 0, durationMs: randInt(this.rand, 40, 900) });
    return output;
  }

  private push(call: TraceCall): void {
    call.startedAt = this.clock;
    this.calls.push(call);
    // Model think time between calls so timestamps look like an agent, not a batch job.
    this.clock += call.durationMs + randInt(this.rand, 150, 1500);
  }
}

interface Context {
  rand: Random;
  /** The user's "today" for this trace, YYYY-MM-DD. */
  today: string;
  /** Minutes since midnight when the trace starts, for tasks about "now". */
  nowMinutes: number;
}

interface Scenario {
  query: string;
  run: (b: TraceBuilder) => void;
}

type Template = (ctx: Context) => Scenario;

const cityNamed = (name: string) => CITIES.find((c) => c.name === name) ?? CITIES[0]!;
const contactSearchOutput = (c: Contact) => ({
  contact_id: c.contact_id,
  name: c.name,
  email: c.email,
  phone: c.phone,
});

const emailNotes: Template = ({ rand }) => {
  const person = pick(rand, CONTACTS);
  const topic = pick(rand, TOPICS);
  return {
    query: `Email ${person.first} my notes about the ${topic.key}`,
    run: (b) => {
      const contact = b.call('contacts_search', { name: person.first }, contactSearchOutput(person));
      const found = b.call('notes_search', { query: topic.key }, notesAbout(rand, topic));
      const note = pick(rand, found.notes);
      b.call(
        'mail_send',
        { to_email: contact.email, subject: `Notes on the ${topic.key}`, body: note.content },
        { message_id: `sent-${randInt(rand, 10000, 99999)}` },
      );
    },
  };
};

const planLunch: Template = ({ rand, today }) => {
  const person = pick(rand, CONTACTS);
  // Lunch is usually where the friend lives; sometimes somewhere both are travelling to.
  const city = chance(rand, 0.75) ? cityNamed(cityOf(person.address)) : pick(rand, CITIES);
  const kind = pick(rand, ['cafe', 'restaurant']);
  return {
    query: `Plan lunch with ${person.first} tomorrow at a ${kind} in ${city.name}`,
    run: (b) => {
      const contact = b.call('contacts_search', { name: person.first }, contactSearchOutput(person));
      const { date } = b.call('date_add', { date: today, days: 1 }, { date: addDays(today, 1) });
      const slot = b.call(
        'calendar_find_free_slot',
        { date, duration_minutes: 60 },
        freeSlot(rand, date, 60, 11 * 60 + 30, 13 * 60 + 30),
      );
      const venue = b.call('places_search', { query: kind, city: city.name }, place(rand, kind, city));
      b.call(
        'calendar_create_event',
        {
          title: `Lunch with ${contact.name}`,
          start_time: slot.start_time,
          end_time: slot.end_time,
          attendee_email: contact.email,
          location: venue.address,
        },
        { event_id: `ev-${randInt(rand, 1000, 9999)}` },
      );
    },
  };
};

const driveToContact: Template = ({ rand }) => {
  const person = pick(rand, CONTACTS);
  return {
    query: `How long does it take to drive to ${person.first}'s place?`,
    run: (b) => {
      const hit = b.call('contacts_search', { name: person.first }, contactSearchOutput(person));
      const full = b.call(
        'contacts_get',
        { contact_id: hit.contact_id },
        { name: person.name, email: person.email, phone: person.phone, address: person.address },
      );
      b.call(
        'places_directions',
        { origin_address: HOME_ADDRESS, destination_address: full.address, mode: 'driving' },
        directions(rand, HOME_ADDRESS, full.address, 'driving'),
      );
    },
  };
};

const driveToPlace: Template = ({ rand }) => {
  const kind = pick(rand, ['dentist', 'pharmacy', 'gym']);
  const city = cityNamed(HOME_CITY);
  return {
    query: `How long to drive to the ${kind}?`,
    run: (b) => {
      const target = b.call('places_search', { query: kind, city: city.name }, place(rand, kind, city));
      // `mode` is left out on purpose: the tool defaults to driving, and real traces omit optional args.
      b.call(
        'places_directions',
        { origin_address: HOME_ADDRESS, destination_address: target.address },
        directions(rand, HOME_ADDRESS, target.address, 'driving'),
      );
    },
  };
};

const walkInMiles: Template = ({ rand }) => {
  const city = pick(rand, CITIES);
  const kind = pick(rand, ['bookshop', 'cafe', 'pharmacy']);
  const origin = randomAddress(rand, city);
  return {
    query: `How many miles is the walk from ${origin} to the nearest ${kind}?`,
    run: (b) => {
      const target = b.call('places_search', { query: kind, city: city.name }, place(rand, kind, city));
      const route = b.call(
        'places_directions',
        { origin_address: origin, destination_address: target.address, mode: 'walking' },
        directions(rand, origin, target.address, 'walking'),
      );
      b.call(
        'units_convert',
        { value: route.distance_km, from_unit: 'km', to_unit: 'miles' },
        { value: convertUnits(route.distance_km, 'km', 'miles') },
      );
    },
  };
};

const meetingWeather: Template = ({ rand, today }) => {
  const date = addDays(today, randInt(rand, 1, 4));
  return {
    query: `What will the weather be like for my first meeting on ${date}?`,
    run: (b) => {
      const day = b.call(
        'calendar_list_events',
        { date },
        agenda(rand, date, sample(rand, CONTACTS, randInt(rand, 0, 2))),
      );
      const first = day.events[0]!;
      b.call('places_weather', { city: first.city, date }, forecast(rand, first.city));
    },
  };
};

const weatherFahrenheit: Template = ({ rand, today }) => {
  const city = pick(rand, CITIES);
  const days = randInt(rand, 0, 3);
  const date = addDays(today, days);
  const when = days === 0 ? 'today' : days === 1 ? 'tomorrow' : `on ${date}`;
  return {
    query: `What's the temperature in ${city.name} ${when}, in Fahrenheit?`,
    run: (b) => {
      // Asking about today, the agent tends to drop the optional date.
      const args = days === 0 ? { city: city.name } : { city: city.name, date };
      const weather = b.call('places_weather', args, forecast(rand, city.name));
      b.call(
        'units_convert',
        { value: weather.temperature_c, from_unit: 'celsius', to_unit: 'fahrenheit' },
        { value: convertUnits(weather.temperature_c, 'celsius', 'fahrenheit') },
      );
    },
  };
};

const payBill: Template = ({ rand, today }) => {
  const [from, to] = sample(rand, ['USD', 'GBP', 'EUR', 'JPY', 'CAD', 'CHF'], 2) as [string, string];
  const amount = from === 'JPY' ? randInt(rand, 50, 400) * 100 : randInt(rand, 40, 900);
  const what = pick(rand, ['hotel bill', 'conference ticket', 'rent share', 'dinner bill']);
  const days = randInt(rand, 2, 7);
  return {
    query: `Convert the ${amount} ${from} ${what} to ${to} and remind me to pay it in ${days} days`,
    run: (b) => {
      const converted = b.call(
        'currency_convert',
        { amount, from_currency: from, to_currency: to },
        { amount: convertCurrency(amount, from, to) },
      );
      const due = b.call('date_add', { date: today, days }, { date: addDays(today, days) });
      b.call(
        'reminders_create',
        { text: `Pay ${what}: ${converted.amount} ${to}`, due_time: due.date },
        { reminder_id: `rem-${randInt(rand, 1000, 9999)}` },
      );
    },
  };
};

const replyReminder: Template = ({ rand, today }) => {
  const person = pick(rand, CONTACTS);
  const topic = pick(rand, TOPICS);
  return {
    query: `Remind me tomorrow to reply to ${person.first}'s email about the ${topic.key}`,
    run: (b) => {
      const box = inbox(rand, person, topic, today);
      const found = b.call(
        'mail_search',
        { query: `${person.first} ${topic.key}` },
        { messages: box.messages, count: box.count },
      );
      const hit = found.messages[0]!;
      const mail = b.call(
        'mail_read',
        { message_id: hit.message_id },
        { from_email: hit.from_email, subject: hit.subject, body: box.body },
      );
      const due = b.call('date_add', { date: today, days: 1 }, { date: addDays(today, 1) });
      b.call(
        'reminders_create',
        { text: `Reply to ${person.first}: ${mail.subject}`, due_time: due.date },
        { reminder_id: `rem-${randInt(rand, 1000, 9999)}` },
      );
    },
  };
};

const mailToNote: Template = ({ rand, today }) => {
  const person = pick(rand, CONTACTS);
  const topic = pick(rand, TOPICS);
  return {
    query: `Save ${person.first}'s latest email about the ${topic.key} as a note`,
    run: (b) => {
      const box = inbox(rand, person, topic, today);
      const found = b.call('mail_search', { query: topic.key }, { messages: box.messages, count: box.count });
      const hit = found.messages[0]!;
      const mail = b.call(
        'mail_read',
        { message_id: hit.message_id },
        { from_email: hit.from_email, subject: hit.subject, body: box.body },
      );
      b.call(
        'notes_create',
        { title: mail.subject, content: mail.body },
        { note_id: `note-${randInt(rand, 100, 999)}` },
      );
    },
  };
};

const sendFile: Template = ({ rand }) => {
  const person = pick(rand, CONTACTS);
  const file = pick(rand, FILES);
  return {
    query: `Send ${person.first} the ${file.query}`,
    run: (b) => {
      const hit = b.call(
        'files_search',
        { query: file.query },
        { file_id: `f-${randInt(rand, 1000, 9999)}`, path: file.path },
      );
      const read = b.call('files_read', { file_id: hit.file_id }, { content: file.content });
      const contact = b.call('contacts_search', { name: person.name }, contactSearchOutput(person));
      b.call(
        'mail_send',
        {
          to_email: contact.email,
          subject: hit.path.slice(hit.path.lastIndexOf('/') + 1),
          body: read.content,
        },
        { message_id: `sent-${randInt(rand, 10000, 99999)}` },
      );
    },
  };
};

const runningLate: Template = ({ rand, today, nowMinutes }) => {
  const person = pick(rand, CONTACTS);
  const minutes = pick(rand, [5, 10, 15, 20]);
  return {
    query: `Text ${person.first} that I'm running ${minutes} minutes late for our meeting`,
    run: (b) => {
      const day = b.call(
        'calendar_list_events',
        { date: today },
        agenda(rand, today, [person], Math.ceil((nowMinutes + 10) / 15) * 15),
      );
      const meeting = day.events[0]!;
      const contact = b.call('contacts_search', { name: person.first }, contactSearchOutput(person));
      b.call(
        'messages_send',
        { phone: contact.phone, text: `Running ${minutes} minutes late for "${meeting.title}", sorry!` },
        { message_id: `sms-${randInt(rand, 10000, 99999)}` },
      );
    },
  };
};

const focusBlock: Template = ({ rand, today }) => {
  const duration = pick(rand, [60, 90, 120]);
  const days = randInt(rand, 1, 3);
  const when = days === 1 ? 'tomorrow' : `in ${days} days`;
  return {
    query: `Block ${duration} minutes of focus time ${when}`,
    run: (b) => {
      const { date } = b.call('date_add', { date: today, days }, { date: addDays(today, days) });
      const slot = b.call(
        'calendar_find_free_slot',
        { date, duration_minutes: duration },
        freeSlot(rand, date, duration, 8 * 60, 16 * 60),
      );
      b.call(
        'calendar_create_event',
        { title: 'Focus time', start_time: slot.start_time, end_time: slot.end_time },
        { event_id: `ev-${randInt(rand, 1000, 9999)}` },
      );
    },
  };
};

const TEMPLATES: Record<string, Template> = {
  'email-notes': emailNotes,
  'plan-lunch': planLunch,
  'drive-to-contact': driveToContact,
  'drive-to-place': driveToPlace,
  'walk-in-miles': walkInMiles,
  'meeting-weather': meetingWeather,
  'weather-fahrenheit': weatherFahrenheit,
  'pay-bill': payBill,
  'reply-reminder': replyReminder,
  'mail-to-note': mailToNote,
  'send-file': sendFile,
  'running-late': runningLate,
  'focus-block': focusBlock,
};

/** Names of the task templates the demo traces are drawn from. */
export const DEMO_TEMPLATE_NAMES: readonly string[] = Object.keys(TEMPLATES);

/**
 * `count` deterministic demo traces for `seed`. Templates are dealt in shuffled rounds rather than
 * drawn independently, so every template appears once `count` reaches the number of templates.
 */
export function demoTraces(count = 48, seed = 7): Trace[] {
  const rand = mulberry32(seed);
  const templates = Object.values(TEMPLATES);
  const traces: Trace[] = [];
  let round: Template[] = [];
  for (let i = 0; i < count; i++) {
    if (round.length === 0) round = sample(rand, templates, templates.length);
    const template = round.pop()!;
    // Four sessions a day, from 08:00, so "today" advances as the demo history grows.
    const start =
      BASE_TIME + Math.floor(i / 4) * DAY + (8 + (i % 4) * 3) * HOUR + randInt(rand, 0, 90) * 60_000;
    const scenario = template({
      rand,
      today: isoDate(start),
      nowMinutes: Math.floor((start % DAY) / 60_000),
    });
    const builder = new TraceBuilder(rand, start);
    try {
      scenario.run(builder);
    } catch (e) {
      if (!(e instanceof GaveUp)) throw e;
    }
    traces.push({
      id: `demo-${String(i + 1).padStart(4, '0')}`,
      query: scenario.query,
      calls: builder.calls,
    });
  }
  return traces;
}
