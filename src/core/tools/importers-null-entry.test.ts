import { describe, expect, it } from 'vitest';
import { describeIssue } from './import-issue';
import { parseCatalogue } from './importers';

/** Second QA pass: a `null` in an OpenAI tools list was reported as "entry must be an object, got object". */
describe('parseCatalogue on a null entry', () => {
  it('says the entry is null', () => {
    const parsed = parseCatalogue([
      { type: 'function', function: { name: 'ok_tool', parameters: { type: 'object', properties: {} } } },
      null,
    ]);
    expect(parsed.tools.map((t) => t.name)).toEqual(['ok_tool']);
    expect(parsed.issues.map(describeIssue)).toEqual(['entry #2: entry must be an object, got null']);
  });
});

/** Second QA pass: OpenAI's older `{"functions": [...]}` list was "Not a tool catalogue". */
describe('parseCatalogue on an OpenAI functions list', () => {
  it('imports each function as an OpenAI tool, and reports a bad one by its position', () => {
    const parsed = parseCatalogue({
      functions: [
        {
          name: 'get_time',
          description: 'Get the time in a timezone',
          parameters: { type: 'object', properties: { tz: { type: 'string' } }, required: ['tz'] },
        },
        { description: 'no name' },
      ],
    });
    expect(parsed.format).toBe('openai');
    expect(parsed.tools.map((t) => [t.name, t.source, t.parameters.required])).toEqual([
      ['get_time', 'openai', ['tz']],
    ]);
    expect(parsed.issues.map(describeIssue)).toEqual(['entry #2: missing tool name']);
  });
});
