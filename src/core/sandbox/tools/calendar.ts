import type { ToolImplementation } from '../../execute/tool-runtime';
import { optionalString, requireInteger, requireString } from '../args';
import { findCity, locateAddress } from '../data/locate';
import { DAY_MS, atMinutes, clockOf, minutesOf, parseDay, parseLocalDateTime } from '../dates';
import { InvalidArgumentError } from '../errors/invalid-argument-error';
import { NoFreeSlotError } from '../errors/no-free-slot-error';
import type { SandboxAccess } from '../sandbox-access';
import type { CalendarEvent } from '../sandbox-state';
import { emailArgument } from './email-address';

/** Free slots are proposed within these hours only: a 03:00 meeting is free but not what anyone wants. */
export const WORKING_HOURS = { start: 8 * 60, end: 20 * 60 } as const;
const QUARTER = 15;
/** The slot length `calendar_find_free_slot` looks for when none is given (its schema says so). */
export const DEFAULT_SLOT_MINUTES = 30;
const roundUpToQuarter = (minutes: number): number => Math.ceil(minutes / QUARTER) * QUARTER;

const eventItem = (e: CalendarEvent) => ({
  event_id: e.id,
  title: e.title,
  start_time: e.start,
  end_time: e.end,
  location: e.location,
  city: e.city,
});

/** Events starting on `day`, in start order. */
const eventsOn = (events: readonly CalendarEvent[], day: string): CalendarEvent[] =>
  events
    .filter((e) => e.start.startsWith(day))
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));

/** The first gap of `minutes` on `day` from `earliest`, within working hours; null when there is none. */
export function firstFreeSlot(
  events: readonly CalendarEvent[],
  day: string,
  minutes: number,
  earliest: number,
) {
  let cursor = roundUpToQuarter(Math.max(WORKING_HOURS.start, earliest));
  // Events that began the day before and run into this one block its morning too.
  const busy = events
    .filter((e) => e.start.slice(0, 10) <= day && e.end.slice(0, 10) >= day)
    .map((e) => ({
      from: e.start.startsWith(day) ? minutesOf(e.start) : 0,
      to: e.end.startsWith(day) ? minutesOf(e.end) : 24 * 60,
    }))
    .sort((a, b) => a.from - b.from);
  for (const b of busy) {
    if (b.from - cursor >= minutes) break;
    cursor = Math.max(cursor, roundUpToQuarter(b.to));
  }
  if (WORKING_HOURS.end - cursor < minutes) return null;
  return { start_time: atMinutes(day, cursor), end_time: atMinutes(day, cursor + minutes) };
}

/** Minutes since midnight of an `earliest_time` ("14:00", or a date-time's clock); 0 when left out. */
function earliestOf(value: string | undefined): number {
  if (value === undefined) return 0;
  const m = /(?:^|T|\s)(\d{1,2}):(\d{2})/.exec(value.trim());
  const minutes = m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59)
    throw new InvalidArgumentError('earliest_time', `must be a time of day as HH:MM, not "${value}".`);
  return minutes;
}

/** Where an event is: a known address or place is normalized ("Louvre Museum" → its street address). */
function placeOf(location: string | undefined): { location: string; city: string } {
  if (location === undefined) return { location: '', city: '' };
  try {
    const found = locateAddress(location, 'location');
    return { location: found.address, city: found.city };
  } catch {
    // Not on the bundled map ("Room 4", "Zoom"): keep the text, with its city when it names one.
    return { location, city: findCity(location)?.name ?? '' };
  }
}

export function calendarTools(sandbox: SandboxAccess, source: ToolImplementation['source']) {
  const calendar_list_events: ToolImplementation = {
    source,
    async run(args) {
      const day = parseDay(optionalString(args, 'date') ?? sandbox.today(), 'date', sandbox.today());
      const events = eventsOn(sandbox.state().events, day).map(eventItem);
      return { events, count: events.length };
    },
  };

  const calendar_create_event: ToolImplementation = {
    source,
    async run(args, signal) {
      const title = requireString(args, 'title');
      const start = parseLocalDateTime(requireString(args, 'start_time'), 'start_time');
      const end = parseLocalDateTime(requireString(args, 'end_time'), 'end_time');
      if (end <= start)
        throw new InvalidArgumentError('end_time', `(${end}) must be after start_time (${start}).`);
      const attendee = optionalString(args, 'attendee_email');
      const attendeeEmail = attendee === undefined ? null : emailArgument(attendee, 'attendee_email');
      const where = placeOf(optionalString(args, 'location'));
      const event = await sandbox.create({
        collection: 'events',
        tool: 'calendar_create_event',
        idPrefix: 'ev',
        build: (id): CalendarEvent => ({ id, title, start, end, ...where, attendeeEmail }),
        summary: (e) =>
          `Created event "${e.title}" on ${e.start.slice(0, 10)} ${clockOf(e.start)}–${clockOf(e.end)}` +
          (e.attendeeEmail ? `, inviting ${e.attendeeEmail}` : ''),
        signal,
      });
      return { event_id: event.id };
    },
  };

  const calendar_find_free_slot: ToolImplementation = {
    source,
    async run(args) {
      const today = sandbox.today();
      const day = parseDay(requireString(args, 'date'), 'date', today);
      const minutes =
        args.duration_minutes === undefined || args.duration_minutes === null
          ? DEFAULT_SLOT_MINUTES
          : requireInteger(args, 'duration_minutes');
      const hours = `${clockOf(atMinutes(day, WORKING_HOURS.start))} and ${clockOf(atMinutes(day, WORKING_HOURS.end))}`;
      if (minutes <= 0 || minutes > WORKING_HOURS.end - WORKING_HOURS.start)
        throw new InvalidArgumentError(
          'duration_minutes',
          `must be between 1 and ${WORKING_HOURS.end - WORKING_HOURS.start}, not ${minutes}.`,
        );
      if (day < today) throw new InvalidArgumentError('date', `(${day}) is in the past; today is ${today}.`);
      // Today, a slot that has already begun is no use: start from now. "Tomorrow afternoon" starts later.
      const nowMinutes = Math.floor((sandbox.now() % DAY_MS) / 60_000);
      const after = earliestOf(optionalString(args, 'earliest_time'));
      const slot = firstFreeSlot(
        sandbox.state().events,
        day,
        minutes,
        Math.max(day === today ? nowMinutes : 0, after),
      );
      if (!slot) throw new NoFreeSlotError(day, minutes, hours);
      return slot;
    },
  };

  return { calendar_list_events, calendar_create_event, calendar_find_free_slot };
}
