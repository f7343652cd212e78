import { describe, expect, it } from 'vitest';
import { splitSubIntents } from './sub-intents';

const parts = (request: string) => splitSubIntents(request).map((s) => s.text);

describe('splitSubIntents: where a sentence ends, and acts said twice', () => {
  it('a full stop in "7 a.m. tomorrow" or "No. 45" ends no sentence; one before a capital does', () => {
    expect(parts('Cancel the alarm set for 7 a.m. tomorrow morning. Set a new alarm for 8 a.m.')).toEqual([
      'Cancel the alarm set for 7 a.m. tomorrow morning',
      'Set a new alarm for 8 a.m',
    ]);
    // The address stays whole and, being only a statement, serves the request after it.
    expect(parts('My address is No. 45 Leshan Street. Book a repair for tomorrow.')).toEqual([
      'Book a repair for tomorrow\nMy address is No. 45 Leshan Street',
    ]);
    expect(parts('Meet Mr. Smith at 5 p.m. Call Dr. Who.')).toEqual([
      'Meet Mr. Smith at 5 p.m',
      'Call Dr. Who',
    ]);
    // "no." abbreviates a number only before one (ninth QA pass: one part, the "Say no" lost in it).
    expect(parts('Say no. Call Bob.')).toEqual(['Say no', 'Call Bob']);
    expect(parts('Ship it to flat No. 7 on Elm Street.')).toEqual(['Ship it to flat No. 7 on Elm Street']);
  });

  it('"I need to view and modify …": a verb with a lead-in and no object shares the next part', () => {
    expect(parts('I need to view and modify my hotel reservation HB2021.')).toEqual([
      'modify my hotel reservation HB2021\nI need to view',
    ]);
  });

  it('"…, and I want to change …" is a request of its own', () => {
    expect(
      parts(
        'I need to check my hotel reservation HTL20, and I want to change the check-in date to March 22nd.',
      ),
    ).toEqual([
      'I need to check my hotel reservation HTL20',
      'I want to change the check-in date to March 22nd',
    ]);
  });

  it('the same act said again on "it" is the one act, and a past "it was set …" is no request', () => {
    expect(
      parts(
        'Please change my wake-up alarm. It was previously set for 6:30 AM, and I would like to change it to 6:45 AM, and cancel the Sunday alarm.',
      ),
    ).toEqual([
      'change my wake-up alarm\nIt was previously set for 6:30 AM\nI would like to change it to 6:45 AM',
      'cancel the Sunday alarm',
    ]);
    // Another act on "it" stays its own part.
    expect(parts('Find the budget report and send it to Bob')).toEqual([
      'Find the budget report',
      'send it to Bob',
    ]);
  });
});
