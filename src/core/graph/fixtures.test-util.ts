import type { Tool } from '../tools/tool';
import type { Trace } from '../trace/trace';

const obj = (props: Record<string, string>) => ({
  type: 'object',
  properties: Object.fromEntries(
    Object.entries(props).map(([k, d]) => [k, { type: 'string', description: d }]),
  ),
});

/** Three tools whose counts the graph tests compute by hand. */
export const HAND_TOOLS: Tool[] = [
  {
    name: 'find_city',
    description: 'Find a city',
    parameters: obj({ query: 'Search text' }),
    returns: obj({ city: 'Name of the city' }),
    category: 'places',
    source: 'builtin',
  },
  {
    name: 'get_weather',
    description: 'Weather for a city',
    parameters: obj({ city: 'City to report on' }),
    returns: obj({ forecast: 'Weather forecast text' }),
    category: 'places',
    source: 'builtin',
  },
  {
    name: 'send_text',
    description: 'Send a text message',
    parameters: obj({ message: 'Text to send' }),
    returns: null,
    category: 'messages',
    source: 'builtin',
  },
];

/** One call of a hand-made trace: ok with its output, or failed with a timeout. */
export const call = (tool: string, args: Record<string, unknown>, output: unknown, ok = true, at = 0) => ({
  tool,
  args,
  output: ok ? output : undefined,
  status: ok ? ('ok' as const) : ('error' as const),
  ...(ok ? {} : { error: 'timeout' }),
  startedAt: at,
  durationMs: 5,
});

const DAY = 86_400_000;

/** T1 A→B ok; T2 A ok, B fails; T3 A fails; T4 B→C ok (days 1..4). */
export const HAND_TRACES: Trace[] = [
  {
    id: 't1',
    query: 'weather near the Louvre',
    calls: [
      call('find_city', { query: 'near the Louvre' }, { city: 'Paris' }, true, 1 * DAY),
      call('get_weather', { city: 'Paris' }, { forecast: 'Rain 12C' }, true, 1 * DAY + 10),
    ],
  },
  {
    id: 't2',
    query: 'weather at the old port',
    calls: [
      call('find_city', { query: 'old port' }, { city: 'Lyon' }, true, 2 * DAY),
      call('get_weather', { city: 'Lyon' }, null, false, 2 * DAY + 10),
    ],
  },
  {
    id: 't3',
    query: 'where is the castle',
    calls: [call('find_city', { query: 'castle' }, null, false, 3 * DAY)],
  },
  {
    id: 't4',
    query: 'text me the weather in Nice',
    calls: [
      call('get_weather', { city: 'Nice' }, { forecast: 'Sunny 20C' }, true, 4 * DAY),
      call('send_text', { message: 'Sunny 20C' }, 'sent', true, 4 * DAY + 10),
    ],
  },
];
