import { describe, expect, it } from 'vitest';
import { withMindChanged } from './changes-of-mind';
import { withoutRetracted } from './retractions';

describe('withMindChanged: what a writer takes back as they type', () => {
  it('sends the same message another way, the reason for the change left out', () => {
    expect(
      withMindChanged(
        'Send Bob an email asking if the payment provider review is done, or rather, text him, he never checks mail',
      ),
    ).toBe('text Bob asking if the payment provider review is done');
    expect(
      withMindChanged(
        "Text Grace that I got her invoice and will pay it this week — wait, email it instead, it's a work thing",
      ),
    ).toBe('email Grace that I got her invoice and will pay it this week');
  });

  it('takes the new message when one is said with the new way', () => {
    expect(
      withMindChanged(
        "email Alice about lunch... actually just text her, tell her yes I'm still on for 12:30",
      ),
    ).toBe("text Alice saying yes I'm still on for 12:30");
  });

  it('drops the clause that made the kind of thing taken back, and keeps who "her" was', () => {
    expect(
      withMindChanged(
        'remind me to water the garden tomorrow morning — never mind the reminder, just make a note that the bulbs go in deep',
      ),
    ).toBe('make a note that the bulbs go in deep');
    expect(
      withMindChanged(
        'Remind me to confirm with Eve by Friday. Oh — and reply to her now saying costs are separate. Actually forget the reminder, the reply is enough.',
      ),
    ).toBe('and reply to Eve now saying costs are separate.');
  });

  it('"never mind" takes back the act before it, with what was said after that act', () => {
    expect(
      withMindChanged("Text Bob that I'm running late — actually never mind, I'll call him myself"),
    ).toBe('');
    expect(
      withMindChanged(
        "Could you text Jonas that I'm late for our sync — oh wait, that was at 9 and it's done. Never mind, don't send anything.",
      ),
    ).toBe("don't send anything.");
  });

  it('a negated act names the act before it', () => {
    expect(
      withMindChanged(
        "Text Hugo that dinner Tuesday is still on... actually no, don't text him yet. Just remind me tomorrow at 10am to confirm with him.",
      ),
    ).toBe('Just remind me tomorrow at 10am to confirm with him.');
  });

  it('a new act replaces the one before; its pronoun is what that one named', () => {
    expect(
      withMindChanged("call Dan and tell him I'm late for coffee. actually no, just text him, 10 min late"),
    ).toBe('text Dan, 10 min late');
    expect(
      withMindChanged(
        'Make a note of the launch risks from my Product launch note — no, actually, email them to Carol',
      ),
    ).toBe('email the launch risks from my Product launch note to Carol');
    expect(
      withMindChanged(
        "text Carol 'see you at 6' — wait, scratch that, she never has her phone on her. email her the same thing",
      ),
    ).toBe("email Carol 'see you at 6'");
  });

  it('another person for the same act changes only the person', () => {
    expect(
      withMindChanged(
        "Set up a call with Noah on Thursday at 2pm, and invite him. Actually invite Grace instead, Noah's off this week.",
      ),
    ).toBe('Set up a call with Noah on Thursday at 2pm, and invite Grace.');
  });

  it('leaves additions, fillers and requests with no change of mind alone', () => {
    for (const request of [
      'Remind me to call the plumber at 9. Oh — and text Dan that I am late.',
      'Book lunch with Alice on Friday, no rush.',
      'Wait, also remind me to buy milk tomorrow.',
      'Email – no, text – Carol that the notes are ready.',
    ])
      expect(withMindChanged(request)).toBe(request);
  });
});

describe('withoutRetracted: values corrected as they are said', () => {
  it('the time, the name, or the place and day said last', () => {
    expect(withoutRetracted('Book a haircut on Tuesday at 3, no wait, 4')).toBe(
      'Book a haircut on Tuesday at 4',
    );
    expect(withoutRetracted('email Hugo, no, Bob, asking when the docs will be ready')).toBe(
      'email Bob asking when the docs will be ready',
    );
    expect(
      withoutRetracted("What's the weather in Berlin on Friday - sorry, I mean Lisbon on Thursday"),
    ).toBe("What's the weather in Lisbon on Thursday");
    expect(
      withoutRetracted(
        "If my catch-up with Bob is still on Wednesday, text him I'll bring the slides — sorry, I mean Tuesday",
      ),
    ).toBe("If my catch-up with Bob is still on Tuesday, text him I'll bring the slides");
    expect(
      withoutRetracted(
        'Put a gym session in my calendar Wednesday 7am for an hour. Scratch that, make it Thursday, same time.',
      ),
    ).toBe('Put a gym session in my calendar Thursday 7am for an hour');
  });
});
