import { describe, expect, it } from 'vitest';
import { withoutRetracted } from './retractions';

describe('withoutRetracted', () => {
  it('drops an act the request says not to do, and what the user will do themselves', () => {
    expect(
      withoutRetracted(
        'No need to set a reminder for this — just jot down in a note that the boiler guy is coming Thursday morning.',
      ),
    ).toBe('jot down in a note that the boiler guy is coming Thursday morning.');
    expect(
      withoutRetracted(
        "Put the budget review on the 14th in my calendar, 10 to 11 am, but don't invite Eve, I'll tell her myself.",
      ),
    ).toBe('Put the budget review on the 14th in my calendar, 10 to 11 am.');
    expect(
      withoutRetracted(
        'Text Alice that yes, lunch tomorrow still stands — no need to answer her email as well.',
      ),
    ).toBe('Text Alice that yes, lunch tomorrow still stands.');
    expect(
      withoutRetracted("Did Jonas invite me to join his long run? Don't reply to him yet, just tell me."),
    ).toBe('Did Jonas invite me to join his long run? just tell me.');
  });

  it('says what is asked instead as a command, and names the person a dropped clause named', () => {
    expect(
      withoutRetracted(
        "I don't want a calendar entry for this, only a reminder: call Mum on Wednesday at 6pm.",
      ),
    ).toBe('Set a reminder: call Mum on Wednesday at 6pm.');
    expect(withoutRetracted("Don't email Bob about it, just text him that I'll be late")).toBe(
      "text Bob that I'll be late",
    );
  });

  it('keeps the word or the value a correction says last', () => {
    expect(withoutRetracted('Email – no, text – Carol that the design review notes are ready.')).toBe(
      'text Carol that the design review notes are ready.',
    );
    expect(withoutRetracted('Put a call with Maya on Wednesday at 4pm, I mean 3pm, for half an hour')).toBe(
      'Put a call with Maya on Wednesday at 3pm, for half an hour',
    );
  });

  it('turns a wish put as a polite question into the command', () => {
    expect(withoutRetracted('Would you mind emailing Anna to say the Sintra guesthouse is my pick?')).toBe(
      'please email Anna to say the Sintra guesthouse is my pick?',
    );
    expect(
      withoutRetracted("I was wondering if you might put 'Tulip planting' on my calendar on Saturday"),
    ).toBe("could you put 'Tulip planting' on my calendar on Saturday");
    expect(withoutRetracted('Do you think you could set me a reminder for Friday?')).toBe(
      'could you set me a reminder for Friday?',
    );
    expect(withoutRetracted("Wouldn't hurt for Eve to get an email from me confirming I saw it.")).toBe(
      'please email Eve confirming I saw it.',
    );
    expect(withoutRetracted("It'd be great if Pat got a text from me saying I'm late")).toBe(
      "please text Pat saying I'm late",
    );
  });

  it('drops why a message is sent, and reads "so he knows X" as its text', () => {
    expect(withoutRetracted('email them to Bob so he has them before Tuesday.')).toBe('email them to Bob.');
    expect(withoutRetracted("Text Bob so he knows I'm late")).toBe("Text Bob saying I'm late");
  });

  it('leaves what only looks like a retraction', () => {
    for (const q of [
      "Don't forget to email Bob the slides",
      "I don't know what to do",
      'Just landed in Tokyo. What is 12,000 yen in pounds?',
      'Email Anna about the offsite',
    ])
      expect(withoutRetracted(q)).toBe(q);
  });
});
