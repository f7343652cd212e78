import { describe, expect, it } from 'vitest';
import { directQuestion, spelledOutContent } from './free-text';

describe('directQuestion', () => {
  it('asks the person written to what the request asks about them', () => {
    expect(directQuestion("if she's free to show me around Lisbon")).toBe(
      'Are you free to show me around Lisbon?',
    );
    expect(directQuestion('whether they make gluten-free cakes')).toBe('Do you make gluten-free cakes?');
    expect(directQuestion('if he fixes bikes')).toBe('Do you fix bikes?');
    expect(directQuestion('if he can send the slides')).toBe('Can you send the slides?');
    expect(directQuestion('whether she has the keys')).toBe('Do you have the keys?');
    expect(directQuestion('why I was charged twice')).toBe('Why was I charged twice?');
    expect(directQuestion('to call me back')).toBe('Could you call me back?');
    // No rule fits: as said, with a question mark.
    expect(directQuestion('when the party starts')).toBe('When the party starts?');
  });
});

describe('spelledOutContent', () => {
  it('reads "saying", a colon, "letting them know" and "asking …"', () => {
    expect(spelledOutContent('Text Bob saying I am late')).toBe('I am late');
    expect(spelledOutContent('Email hr@x.com letting them know I am sick')).toBe('I am sick');
    expect(spelledOutContent('email a@b.pt asking whether they make cakes')).toBe('Do you make cakes?');
    expect(spelledOutContent('Email Anna about the launch')).toBeNull();
  });
});
