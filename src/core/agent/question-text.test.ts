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
    // Ninth QA pass asked "What is the when the reminder fires: …".
    expect(ask('When the reminder fires: YYYY-MM-DD or ISO 8601 local date-time.')).toBe(
      'When does the reminder fire? (YYYY-MM-DD or ISO 8601 local date-time; f for t)',
    );
    expect(ask('Where the meeting takes place')).toBe('Where does the meeting take place? (f for t)');
    expect(ask('When to leave, as HH:MM')).toBe('When to leave, as HH:MM (f for t)?');
    expect(ask('Your API access key, obtained from your account dashboard.')).toBe(
      'What is your API access key, obtained from your account dashboard (f for t)?',
    );
  });
});
