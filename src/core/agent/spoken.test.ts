import { describe, expect, it } from 'vitest';
import { withoutFillers } from './spoken';

describe('withoutFillers', () => {
  it('drops fillers, openings, restarts and a closing "that\'s it"', () => {
    expect(
      withoutFillers(
        "Um, hey, can you uh, can you email Alice and tell her that I'm still good for lunch tomorrow and, um, yeah that's it",
      ),
    ).toBe("can you email Alice saying I'm still good for lunch tomorrow");
    expect(withoutFillers("Um hi, so I'm meeting Bob on Tuesday and I wanted to, uh, find a café")).toBe(
      "I'm meeting Bob on Tuesday and I wanted to, find a café",
    );
    expect(withoutFillers('gimme the phone # for kenji pls')).toBe('give me the phone # for kenji please');
    expect(withoutFillers('lunch w/ mom tmrw')).toBe('lunch with mom tomorrow');
  });

  it('leaves words that only look like fillers', () => {
    expect(withoutFillers('Convert 5 um to nm')).toBe('Convert 5 um to nm');
    expect(withoutFillers('Email Uma about the offsite')).toBe('Email Uma about the offsite');
    expect(withoutFillers('So what is the weather in Paris?')).toBe('what is the weather in Paris?');
    expect(withoutFillers('Hi')).toBe('Hi');
  });

  it('reads notes to self, shortened days, typos and casual money', () => {
    expect(withoutFillers('dentist thu 3pm rem')).toBe('remind me about dentist Thursday 3pm');
    expect(withoutFillers('Bob txt: running 5 late')).toBe('Bob text: running 5 late');
    expect(withoutFillers('tmrw cal?')).toBe('tomorrow calendar?');
    expect(withoutFillers("What's on next Tue?")).toBe("What's on next Tuesday?");
    expect(withoutFillers('whats wether in Berlin tomorow')).toBe('whats weather in Berlin tomorrow');
    expect(withoutFillers('Convert 1.5k EUR to quid.')).toBe('Convert 1500 EUR to GBP.');
    expect(withoutFillers('€2k in dollars')).toBe('€2000 in dollars');
    expect(withoutFillers('Could you drop Hugo a quick text to say hi?')).toBe(
      'Could you send Hugo a quick text to say hi?',
    );
    expect(withoutFillers('Write back: yes, see you there')).toBe('reply: yes, see you there');
    expect(withoutFillers('Double-check her email')).toBe('check her email');
  });

  it('leaves the words those forms are also', () => {
    expect(withoutFillers('the 24k sunday run')).toBe('the 24k sunday run');
    expect(withoutFillers('I sat down on the sun deck')).toBe('I sat down on the sun deck');
    expect(withoutFillers('Is there a rem sleep tracker?')).toBe('Is there a rem sleep tracker?');
    // api_bank: the article's address lost its ".txt".
    expect(withoutFillers('Summarize https://www.example.com/article-4.txt for me')).toBe(
      'Summarize https://www.example.com/article-4.txt for me',
    );
    expect(withoutFillers('Email fri.day@example.com the notes.txt file')).toBe(
      'Email fri.day@example.com the notes.txt file',
    );
  });
});
