import { describe, expect, it } from 'vitest';
import { TODAY, callFails, callOk, openSandbox } from '../sandbox.test-util';

describe('calendar tools', () => {
  it('calendar_list_events lists the seeded day in start order, with each event’s city', async () => {
    const sandbox = await openSandbox();
    const day = await callOk(sandbox, 'calendar_list_events', { date: TODAY });
    expect(day.count).toBe(3);
    expect(day.events).toEqual([
      {
        event_id: 'ev-1004',
        title: 'Project sync with Jonas',
        start_time: '2026-11-25T09:00:00',
        end_time: '2026-11-25T09:30:00',
        location: '12 Upper Street, London',
        city: 'London',
      },
      expect.objectContaining({ title: 'Quarterly planning', start_time: '2026-11-25T11:00:00' }),
      expect.objectContaining({ title: 'Coffee with Dan', city: 'London' }),
    ]);
    // The trip to Paris two days later: its events are where the weather should be asked.
    const trip = await callOk(sandbox, 'calendar_list_events', { date: '2026-11-27' });
    expect((trip.events as { city: string }[]).map((e) => e.city)).toEqual(['Paris', 'Paris']);
  });

  it('accepts "tomorrow" and an empty day lists nothing', async () => {
    const sandbox = await openSandbox();
    expect((await callOk(sandbox, 'calendar_list_events', { date: 'tomorrow' })).count).toBe(3);
    expect(await callOk(sandbox, 'calendar_list_events', { date: '2027-01-15' })).toEqual({
      events: [],
      count: 0,
    });
  });

  it('calendar_create_event adds the event to the state, records the change and lists it', async () => {
    const sandbox = await openSandbox();
    const created = await callOk(sandbox, 'calendar_create_event', {
      title: 'Lunch with Anna Keller',
      start_time: '2026-11-26T13:30',
      end_time: '2026-11-26T14:30:00',
      attendee_email: 'anna.keller@example.com',
      location: 'Louvre Museum',
    });
    expect(created.event_id).toBe('ev-6001');
    const event = sandbox.state().events.find((e) => e.id === 'ev-6001');
    expect(event).toEqual({
      id: 'ev-6001',
      title: 'Lunch with Anna Keller',
      start: '2026-11-26T13:30:00',
      end: '2026-11-26T14:30:00',
      // A place name is stored as its street address, so directions can use it.
      location: '99 Rue de Rivoli, Paris',
      city: 'Paris',
      attendeeEmail: 'anna.keller@example.com',
    });
    expect(sandbox.changes()).toEqual([
      expect.objectContaining({
        id: 'chg-6001',
        tool: 'calendar_create_event',
        kind: 'create',
        collection: 'events',
        before: null,
        after: event,
        summary:
          'Created event "Lunch with Anna Keller" on 2026-11-26 13:30–14:30, inviting anna.keller@example.com',
      }),
    ]);
    const day = await callOk(sandbox, 'calendar_list_events', { date: '2026-11-26' });
    expect((day.events as { title: string }[]).map((e) => e.title)).toEqual([
      'Budget review',
      'Lunch with Alice',
      'Lunch with Anna Keller',
      'Dentist appointment',
    ]);
  });

  it('calendar_find_free_slot finds the first gap within working hours, from now when today', async () => {
    const sandbox = await openSandbox();
    // Tomorrow: 09:30–10:30, 12:30–13:30, 16:00–16:30 are taken.
    expect(
      await callOk(sandbox, 'calendar_find_free_slot', { date: '2026-11-26', duration_minutes: 60 }),
    ).toEqual({
      start_time: '2026-11-26T08:00:00',
      end_time: '2026-11-26T09:00:00',
    });
    expect(
      await callOk(sandbox, 'calendar_find_free_slot', { date: '2026-11-26', duration_minutes: 120 }),
    ).toEqual({
      start_time: '2026-11-26T10:30:00',
      end_time: '2026-11-26T12:30:00',
    });
    // Today at 10:00 the morning is gone; 10:00–11:00 is free before Quarterly planning.
    expect(await callOk(sandbox, 'calendar_find_free_slot', { date: 'today', duration_minutes: 60 })).toEqual(
      {
        start_time: '2026-11-25T10:00:00',
        end_time: '2026-11-25T11:00:00',
      },
    );
  });

  it('calendar_find_free_slot starts no earlier than earliest_time, and says what a bad one should be', async () => {
    const sandbox = await openSandbox();
    // Tomorrow after 12:00: 12:30–13:30 and 16:00–16:30 are taken; 13:30–15:30 is the first two hours.
    expect(
      await callOk(sandbox, 'calendar_find_free_slot', {
        date: '2026-11-26',
        duration_minutes: 120,
        earliest_time: '12:00',
      }),
    ).toEqual({ start_time: '2026-11-26T13:30:00', end_time: '2026-11-26T15:30:00' });
    const bad = await callFails(sandbox, 'calendar_find_free_slot', {
      date: '2026-11-26',
      earliest_time: 'afternoon',
    });
    expect(bad.kind).toBe('invalid-arguments');
    expect(bad.message).toMatch(/earliest_time.*HH:MM/);
  });

  it('a found slot can be booked, and then it is no longer free', async () => {
    const sandbox = await openSandbox();
    const slot = await callOk(sandbox, 'calendar_find_free_slot', {
      date: '2026-11-26',
      duration_minutes: 90,
    });
    await callOk(sandbox, 'calendar_create_event', { title: 'Focus time', ...slot });
    const next = await callOk(sandbox, 'calendar_find_free_slot', {
      date: '2026-11-26',
      duration_minutes: 90,
    });
    expect(next.start_time).not.toBe(slot.start_time);
  });

  it('a full day has no free slot: a failure with code no-free-slot', async () => {
    const sandbox = await openSandbox();
    await callOk(sandbox, 'calendar_create_event', {
      title: 'Conference',
      start_time: '2026-12-02T07:00:00',
      end_time: '2026-12-02T19:30:00',
    });
    const failure = await callFails(sandbox, 'calendar_find_free_slot', {
      date: '2026-12-02',
      duration_minutes: 45,
    });
    expect(failure).toMatchObject({ kind: 'invalid-arguments', code: 'no-free-slot' });
    expect(failure.message).toContain('Try another day');
  });

  it('refuses bad dates, end before start, a name as attendee, past days', async () => {
    const sandbox = await openSandbox();
    const bad = (name: string, args: Record<string, unknown>) => callFails(sandbox, name, args);
    expect((await bad('calendar_list_events', { date: '2026-02-30' })).code).toBe('invalid-date');
    expect((await bad('calendar_list_events', { date: 'next blursday' })).message).toContain('YYYY-MM-DD');
    const base = { title: 'x', start_time: '2026-11-26T10:00:00', end_time: '2026-11-26T11:00:00' };
    expect((await bad('calendar_create_event', { ...base, end_time: '2026-11-26T09:00:00' })).code).toBe(
      'invalid-argument',
    );
    expect((await bad('calendar_create_event', { ...base, start_time: '2026-11-26T10:00Z' })).code).toBe(
      'invalid-date',
    );
    expect((await bad('calendar_create_event', { ...base, attendee_email: 'Anna' })).code).toBe(
      'invalid-email',
    );
    expect(
      (await bad('calendar_find_free_slot', { date: '2026-11-20', duration_minutes: 30 })).message,
    ).toContain('in the past');
    expect((await bad('calendar_find_free_slot', { date: '2026-11-26', duration_minutes: 0 })).code).toBe(
      'invalid-argument',
    );
    expect(sandbox.changes()).toEqual([]);
  });
});
