import { describe, expect, it } from 'vitest';
import type { CallView } from './agent-events';
import { repeatOf } from './repeat-call';

const call = (
  index: number,
  tool: string,
  args: Record<string, unknown>,
  status: CallView['status'] = 'ok',
) => ({
  index,
  tool,
  args,
  status,
  output: { n: index },
});

describe('repeatOf', () => {
  const calls: CallView[] = [
    call(0, 'count', {}),
    call(1, 'define', { word: 'serendipity', lang: 'en' }),
    call(2, 'define', { word: 'luck' }, 'error'),
  ];

  it('finds the earlier successful call with the same tool and arguments, in any key order', () => {
    expect(repeatOf([{ step: 0, tool: 'count', args: {}, deps: [] }], calls)?.index).toBe(0);
    const again = { step: 0, tool: 'define', args: { lang: 'en', word: 'serendipity' }, deps: [] };
    expect(repeatOf([again], calls)?.index).toBe(1);
  });

  it('is undefined for other arguments, a failed call, or a chain of several steps', () => {
    expect(
      repeatOf([{ step: 0, tool: 'define', args: { word: 'serendipity' }, deps: [] }], calls),
    ).toBeUndefined();
    expect(repeatOf([{ step: 0, tool: 'define', args: { word: 'luck' }, deps: [] }], calls)).toBeUndefined();
    const two = [
      { step: 0, tool: 'count', args: {}, deps: [] },
      { step: 1, tool: 'define', args: { word: 'serendipity', lang: 'en' }, deps: [0] },
    ];
    expect(repeatOf(two, calls)).toBeUndefined();
  });
});

describe('repeatOf for a tool the world calls once per task', () => {
  it('takes the earlier successful call of the same tool whatever its arguments, never a failed one', () => {
    const calls: CallView[] = [call(0, 'file_modify', { content: 'a' }), call(1, 'file_delete', {}, 'error')];
    const other = { step: 0, tool: 'file_modify', args: { content: 'b' }, deps: [] };
    expect(repeatOf([other], calls)).toBeUndefined();
    expect(repeatOf([other], calls, true)?.index).toBe(0);
    expect(repeatOf([{ step: 0, tool: 'file_delete', args: {}, deps: [] }], calls, true)).toBeUndefined();
  });

  it('never takes a call that disagrees on a value the sub-intent states ("… and 10 kg in pounds")', () => {
    const calls: CallView[] = [call(0, 'units_convert', { value: 3, from_unit: 'km', to_unit: 'miles' })];
    const second = {
      step: 0,
      tool: 'units_convert',
      args: { value: 10, from_unit: 'kg', to_unit: 'pounds' },
      deps: [],
    };
    const request = [3, 'km', 'miles', 10, 'kg', 'pounds'];
    expect(repeatOf([second], calls, true, [10, 'kg', 'pounds'], request)).toBeUndefined();
    // A value the sub-intent does not state (an argument filled from other words) does not count.
    expect(repeatOf([second], calls, true, [])?.index).toBe(0);
    // Nor does one the earlier call had too: both parts said it.
    expect(repeatOf([second], calls, true, [3, 10])?.index).toBe(0);
    // Nor an earlier value the request never stated (other words filled it).
    expect(repeatOf([second], calls, true, [10], [10])?.index).toBe(0);
  });

  it('never takes a call whose result the new call converts further ("… to pounds and then to ounces")', () => {
    const first: CallView = {
      index: 0,
      tool: 'units_convert',
      args: { value: 5, from_unit: 'kg', to_unit: 'pounds' },
      status: 'ok',
      output: { value: 11.02 },
    };
    const next = (value: number) => ({
      step: 0,
      tool: 'units_convert',
      args: { value, from_unit: 'pounds', to_unit: 'ounces' },
      deps: [],
    });
    expect(repeatOf([next(11.02)], [first], true)).toBeUndefined();
    // The same other arguments without the earlier result in them are two ways of saying one call.
    expect(repeatOf([next(5)], [first], true)?.index).toBe(0);
    // So is the earlier result put into an input the earlier call left empty (a search, then itself by id).
    const search: CallView = {
      index: 0,
      tool: 'search_train',
      args: {},
      status: 'ok',
      output: { train_id: 't-1' },
    };
    const again = { step: 0, tool: 'search_train', args: { train_number: 't-1' }, deps: [] };
    expect(repeatOf([again], [search], true)?.index).toBe(0);
  });
});
