import { describe, expect, it } from 'vitest';
import { withoutFillers } from './spoken';

describe('withoutFillers', () => {
  it('drops fillers, openings, restarts and a closing "that\'s it"', () => {
    expect(
      withoutFillers(
        "Um, hey, can you uh, can you email Alice and tell her that I'm still good for lunch tomorrow and, um, yeah that's it",
      ),
    ).toBe("can you email Alice and tell her that I'm still good for lunch tomorrow");
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
});
