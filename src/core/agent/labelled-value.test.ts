import { describe, expect, it } from 'vitest';
import { labelledValue } from './free-text';

describe('labelledValue: what a request gives an input by its name', () => {
  const labels = ['subject', 'body'];

  it('runs to the next label, however it is joined', () => {
    const text = 'Send an email to bob@example.com with subject Hello and body See you soon';
    expect(labelledValue(text, 'subject', labels)).toBe('Hello');
    expect(labelledValue(text, 'body', labels)).toBe('See you soon');
    const colons = 'Email Anna with the subject: Offsite, body: we moved it to Friday';
    expect(labelledValue(colons, 'subject', labels)).toBe('Offsite');
    expect(labelledValue(colons, 'body', labels)).toBe('we moved it to Friday');
  });

  it('is null for prose about the input and for a label the request does not say', () => {
    expect(labelledValue('Email Bob about the subject of taxes', 'subject', labels)).toBeNull();
    expect(labelledValue('Email Bob the report', 'subject', labels)).toBeNull();
    // The word inside another word or after other words is no label.
    expect(labelledValue('Email the subjects list to Bob', 'subject', labels)).toBeNull();
  });

  it('takes a label with a regex character in it literally', () => {
    expect(labelledValue('with the a+b: 3 and c: 4', 'a+b', ['a+b', 'c'])).toBe('3');
  });
});
