import { describe, expect, it } from 'vitest';
import { ScriptedEngine } from './scripted-engine';

const messages = [{ role: 'user' as const, content: 'twelve chars' }];

describe('ScriptedEngine', () => {
  it('answers from the list in order, counts chars/4 and records requests', async () => {
    const engine = new ScriptedEngine({ replies: ['{"a":1}', 'second'] });
    expect(engine.info).toEqual({ kind: 'scripted', model: 'scripted', label: 'Scripted · scripted' });
    const first = await engine.chat({ messages });
    expect(first).toMatchObject({
      text: '{"a":1}',
      usage: { promptTokens: 3, completionTokens: 2 },
      constrained: false,
    });
    expect((await engine.chat({ messages })).text).toBe('second');
    expect(engine.requests).toHaveLength(2);
    expect(engine.remaining).toBe(0);
    await expect(engine.chat({ messages })).rejects.toThrow(
      'request 3 has no scripted reply (the script has 2)',
    );
    expect(engine.countTokens('abcdefgh')).toBe(2);
  });

  it('answers from a function that sees the request context, and streams word pieces', async () => {
    const engine = new ScriptedEngine({
      replies: (req, i) => `call ${(req.context as { tool: string }).tool} #${i}`,
      constrained: true,
      model: 'fn',
    });
    const pieces: string[] = [];
    const r = await engine.chat({
      messages,
      context: { tool: 'get_weather' },
      onText: (d) => pieces.push(d),
    });
    expect(r.text).toBe('call get_weather #0');
    expect(pieces).toEqual(['call ', 'get_weather ', '#0']);
    expect(r.constrained).toBe(true);
  });

  it('honours an aborted signal', async () => {
    const engine = new ScriptedEngine({ replies: ['x'] });
    const c = new AbortController();
    c.abort();
    await expect(engine.chat({ messages, signal: c.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
