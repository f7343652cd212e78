import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../util/prng';
import type { GoldStep } from './eval-task';
import { SimulatedUser } from './simulated-user';

const plan: GoldStep[] = [
  { step: 0, tool: 'GetUserToken', args: { username: 'JaneSmith', password: 'password' }, deps: [] },
  {
    step: 1,
    tool: 'AddAgenda',
    args: { token: '$0.token', content: 'Meeting with John', time: '2023-09-12 14:00:00', n: 3 },
    deps: [0],
  },
];

describe('SimulatedUser', () => {
  it('answers with the gold value of the asked input', () => {
    const u = new SimulatedUser(plan);
    expect(u.answer({ tool: 'AddAgenda', field: 'time', text: 'When?' })).toBe('2023-09-12 14:00:00');
    expect(u.answer({ tool: 'AddAgenda', field: 'n', text: 'How many?' })).toBe('3');
    // Same field name on another tool: the value the plan gives that input.
    expect(u.answer({ tool: 'Login', field: 'username', text: 'Who?' })).toBe('JaneSmith');
    expect(u.asked).toBe(3);
    expect(u.answered).toBe(3);
  });

  it('does not answer references, unknown inputs or free questions', () => {
    const u = new SimulatedUser(plan);
    expect(u.answer({ tool: 'AddAgenda', field: 'token', text: 'Token?' })).toBeNull();
    expect(u.answer({ tool: 'AddAgenda', field: 'location', text: 'Where?' })).toBeNull();
    expect(u.answer({ tool: '', field: '', text: 'Could you tell me more?' })).toBeNull();
  });

  it('never says a value that is not one of the gold arguments', () => {
    const u = new SimulatedUser(plan);
    const allowed = new Set(['JaneSmith', 'password', 'Meeting with John', '2023-09-12 14:00:00', '3']);
    expect(new Set(u.knownValues)).toEqual(allowed);
    const rand = mulberry32(5);
    const tools = ['GetUserToken', 'AddAgenda', 'AddAlarm', '', 'Other'];
    const fields = ['username', 'password', 'token', 'content', 'time', 'n', 'location', 'email', '', 'TIME'];
    for (let i = 0; i < 500; i++) {
      const q = {
        tool: tools[Math.floor(rand() * tools.length)]!,
        field: fields[Math.floor(rand() * fields.length)]!,
        text: `question ${i} mentioning hunter2 and "JaneSmith"`,
      };
      const a = u.answer(q);
      if (a !== null) expect(allowed.has(a)).toBe(true);
    }
  });
});
