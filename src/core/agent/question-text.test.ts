import { describe, expect, it } from 'vitest';
import { question } from './graph-policy';

describe('question', () => {
  it('asks for a missing input in a sentence that agrees with its description', () => {
    const ask = (description: string) => question({ tool: 't', field: 'f', description });
    expect(ask('Recipient email address.')).toBe('What is the recipient email address (f for t)?');
    expect(ask('Keywords to match against note titles and text.')).toBe(
      'What are the keywords to match against note titles and text (f for t)?',
    );
    expect(ask('What to be reminded of.')).toBe('What to be reminded of (f for t)?');
    expect(ask('Address of the place.')).toBe('What is the address of the place (f for t)?');
  });
});
