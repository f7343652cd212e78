import { HOME_ADDRESS } from '../../demo/demo-traces';
import { PLACES, placeAddress } from '../data/places';
import { addDays, atMinutes } from '../dates';
import type { CalendarEvent } from '../sandbox-state';

/** [day offset from the seed day, start "HH:MM", minutes, title, place id or street address, attendee] */
type EventSpec = [
  offset: number,
  start: string,
  minutes: number,
  title: string,
  where: string,
  attendee?: string,
];

/** A week around "today": a long run, meetings in London, a trip to Paris, a museum visit, an offsite. */
const EVENTS: EventSpec[] = [
  [-2, '08:00', 120, 'Long run in Hyde Park', 'pl-lon-park'],
  [-1, '10:00', 60, 'Design review', '40 Baker Street, London'],
  [-1, '13:00', 60, 'Lunch with Carol', 'pl-lon-restaurant', 'carol.diaz@example.com'],
  [0, '09:00', 30, 'Project sync with Jonas', '12 Upper Street, London', 'jonas.berg@example.com'],
  [0, '11:00', 60, 'Quarterly planning', '10 Baker Street, London'],
  [0, '15:00', 45, 'Coffee with Dan', 'pl-lon-cafe', 'dan.okafor@example.com'],
  [1, '09:30', 60, 'Budget review', '40 Baker Street, London'],
  [1, '12:30', 60, 'Lunch with Alice', 'pl-lon-cafe', 'alice.martin@example.com'],
  [1, '16:00', 30, 'Dentist appointment', 'pl-lon-dentist'],
  [2, '14:00', 60, 'Catch-up with Bob', 'pl-par-cafe', 'bob.chen@example.com'],
  [2, '19:00', 120, 'Dinner with Hugo', 'pl-par-restaurant', 'hugo.laurent@example.com'],
  [3, '10:00', 90, 'Museum visit', 'pl-lon-museum'],
  [4, '11:00', 60, 'Offsite planning with Ines', '20 Rua Augusta, Lisbon', 'ines.silva@example.com'],
  [5, '18:00', 60, 'Video call with Anna', HOME_ADDRESS, 'anna.keller@example.com'],
];

const minutesOfClock = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export function seedEvents(seedDay: string): CalendarEvent[] {
  return EVENTS.map(([offset, start, minutes, title, where, attendee], i) => {
    const day = addDays(seedDay, offset);
    const place = PLACES.find((p) => p.id === where);
    const location = place ? placeAddress(place) : where;
    const from = minutesOfClock(start);
    return {
      id: `ev-${1001 + i}`,
      title,
      start: atMinutes(day, from),
      end: atMinutes(day, from + minutes),
      location,
      city: location.slice(location.lastIndexOf(', ') + 2),
      attendeeEmail: attendee ?? null,
    };
  });
}
