import { describe, expect, it } from 'vitest';
import { stringTool } from '../tools/tool-fixtures.test-util';
import { chooseTarget } from './target-choice';

describe('chooseTarget: a verb that says nothing about the act leaves the choice to the object words', () => {
  const tools = [
    stringTool('Calculator', 'This API provides basic arithmetic operations: addition, subtraction.', [
      'formula',
    ]),
    stringTool('Schedule', 'The API for scheduling operations to be performed on a given date.', ['date']),
  ];
  const toolOf = (n: string) => tools.find((t) => t.name === n);
  const candidates = tools.map((t) => ({ tool: t.name, score: 1 }));

  it('"perform some basic arithmetic" is the calculator, not the tool whose text says "performed"', () => {
    const choice = chooseTarget(
      'Can you perform some basic arithmetic calculation for me?',
      candidates,
      toolOf,
      new Set(),
    );
    expect(choice?.tool).toBe('Calculator');
  });
});
