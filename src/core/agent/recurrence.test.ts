import { describe, expect, it } from 'vitest';
import type { Tool } from '../tools/tool';
import { onceOnlyCaveat, recurrenceSaid, withoutTrailingRecurrence } from './recurrence';

const tool = (name: string, props: string[]): Tool =>
  ({
    name,
    description: '',
    parameters: { type: 'object', properties: Object.fromEntries(props.map((p) => [p, { type: 'string' }])) },
  }) as Tool;

describe('recurrence', () => {
  it('finds a repeat as said, and no repeat in "the weekly report" said as a thing', () => {
    expect(recurrenceSaid('Remind me every Monday at 9')).toBe('every Monday');
    expect(recurrenceSaid('water the plants every other day')).toBe('every other day');
    expect(recurrenceSaid('Text Bob good morning daily')).toBe('daily');
    expect(recurrenceSaid('Call mom on Sundays')).toBe('on Sundays');
    expect(recurrenceSaid('Call mom on Sunday')).toBeUndefined();
    expect(withoutTrailingRecurrence('good morning daily')).toBe('good morning');
    expect(withoutTrailingRecurrence('send the weekly report')).toBe('send the weekly report');
  });

  it('says "set once" only for a tool that acts and has no input to repeat', () => {
    const remind = tool('reminders_create', ['text', 'due_time']);
    expect(onceOnlyCaveat('Remind me every Monday at 9', remind, { due_time: '2026-12-07T09:00:00' })).toBe(
      'set once (2026-12-07 09:00): reminders_create cannot repeat it "every Monday"',
    );
    expect(onceOnlyCaveat('Remind me tomorrow at 9', remind, {})).toBeUndefined();
    expect(
      onceOnlyCaveat('Remind me daily', tool('reminders_create', ['text', 'repeat']), {}),
    ).toBeUndefined();
    expect(onceOnlyCaveat('the weather every day', tool('weather_get', ['city']), {})).toBeUndefined();
  });
});
