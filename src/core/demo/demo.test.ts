import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import type { Trace } from '../trace/trace';
import { inputNames, outputNames } from '../tools/tool';
import { checkObjectSchema, checkToolName } from '../tools/validate-tool';
import { DEMO_TOOLS } from './demo-tools';
import { DEMO_TEMPLATE_NAMES, demoTraces } from './demo-traces';
import { mulberry32 } from '../util/prng';

const toolByName = new Map(DEMO_TOOLS.map((t) => [t.name, t]));

/** Every scalar inside an output: top-level fields, list elements and fields of listed objects. */
function scalars(v: unknown, out: unknown[] = []): unknown[] {
  if (Array.isArray(v)) for (const x of v) scalars(x, out);
  else if (v !== null && typeof v === 'object') for (const x of Object.values(v)) scalars(x, out);
  else out.push(v);
  return out;
}

// Small integers (counts, day offsets) match by coincidence; only distinctive values count as flows.
const distinctive = (v: unknown) =>
  (typeof v === 'string' && v.length >= 3) ||
  (typeof v === 'number' && !(Number.isInteger(v) && Math.abs(v) < 10));

/** (trace, call, arg) triples whose value equals an ok output value of an earlier call in the trace. */
function valueFlows(traces: Trace[]): { trace: string; call: number; arg: string; from: number }[] {
  const flows: { trace: string; call: number; arg: string; from: number }[] = [];
  for (const t of traces) {
    t.calls.forEach((c, j) => {
      for (const [arg, value] of Object.entries(c.args)) {
        if (!distinctive(value)) continue;
        const from = t.calls.findIndex(
          (e, i) => i < j && e.status === 'ok' && scalars(e.output).includes(value),
        );
        if (from >= 0) flows.push({ trace: t.id, call: j, arg, from });
      }
    });
  }
  return flows;
}

describe('demo tools', () => {
  it('has about twenty valid, uniquely named builtin tools over the nine categories', () => {
    expect(DEMO_TOOLS.length).toBeGreaterThanOrEqual(18);
    expect(new Set(DEMO_TOOLS.map((t) => t.name)).size).toBe(DEMO_TOOLS.length);
    expect(new Set(DEMO_TOOLS.map((t) => t.category))).toEqual(
      new Set(['contacts', 'calendar', 'mail', 'messages', 'notes', 'reminders', 'files', 'places', 'maths']),
    );
    for (const t of DEMO_TOOLS) {
      expect(checkToolName(t.name), t.name).toBeNull();
      expect(checkObjectSchema(t.parameters, 'parameters'), t.name).toBeNull();
      expect(checkObjectSchema(t.returns, 'returns'), t.name).toBeNull();
      expect(t.source).toBe('builtin');
      expect(t.description.length, t.name).toBeGreaterThan(0);
    }
  });

  it('types and describes every parameter and return field', () => {
    for (const t of DEMO_TOOLS) {
      expect(t.parameters.type).toBe('object');
      expect(t.returns?.type).toBe('object');
      const fields = [
        ...Object.entries(t.parameters.properties ?? {}),
        ...Object.entries(t.returns?.properties ?? {}),
      ];
      expect(fields.length, t.name).toBeGreaterThan(0);
      for (const [field, schema] of fields) {
        expect(typeof schema.type, `${t.name}.${field}`).toBe('string');
        expect(schema.description, `${t.name}.${field}`).toMatch(/\S/);
      }
    }
  });

  it('spells shared concepts differently across tools, so standardization has work to do', () => {
    const params = new Set(DEMO_TOOLS.flatMap(inputNames));
    for (const name of ['to_email', 'attendee_email', 'origin_address', 'destination_address', 'city']) {
      expect(params.has(name), name).toBe(true);
    }
    const outputs = new Set(DEMO_TOOLS.flatMap(outputNames));
    for (const name of ['email', 'address', 'from_email']) expect(outputs.has(name), name).toBe(true);
  });
});

describe('mulberry32', () => {
  it('is deterministic per seed and stays in [0, 1)', () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(mulberry32(8)()).not.toBe(xs[0]);
  });
});

describe('demo traces', () => {
  const traces = demoTraces();
  const calls = traces.flatMap((t) => t.calls);

  it('is deterministic for a seed and differs for another seed', () => {
    expect(traces).toHaveLength(48);
    expect(JSON.stringify(demoTraces(48, 7))).toBe(JSON.stringify(traces));
    expect(JSON.stringify(demoTraces(48, 8))).not.toBe(JSON.stringify(traces));
    expect(demoTraces(5, 7).map((t) => t.id)).toEqual([
      'demo-0001',
      'demo-0002',
      'demo-0003',
      'demo-0004',
      'demo-0005',
    ]);
  });

  it('has unique ids, queries, and increasing timestamps', () => {
    expect(new Set(traces.map((t) => t.id)).size).toBe(traces.length);
    let last = -Infinity;
    for (const t of traces) {
      expect(t.query.length).toBeGreaterThan(10);
      expect(t.calls.length).toBeGreaterThan(0);
      for (const c of t.calls) {
        expect(c.startedAt).toBeGreaterThan(last);
        expect(c.durationMs).toBeGreaterThan(0);
        last = c.startedAt + c.durationMs;
      }
    }
  });

  it('calls only demo tools, with declared and schema-valid args and outputs', () => {
    const ajv = new Ajv({ strict: false });
    const used = new Set<string>();
    for (const c of calls) {
      const tool = toolByName.get(c.tool);
      expect(tool, c.tool).toBeDefined();
      if (!tool) continue;
      used.add(tool.name);
      const params = inputNames(tool);
      for (const key of Object.keys(c.args)) expect(params, `${c.tool}(${key})`).toContain(key);
      expect(ajv.validate(tool.parameters, c.args), `${c.tool} args: ${ajv.errorsText()}`).toBe(true);
      if (c.status === 'ok') {
        const fields = outputNames(tool);
        expect(c.output).toBeTypeOf('object');
        for (const key of Object.keys(c.output as object))
          expect(fields, `${c.tool} -> ${key}`).toContain(key);
        expect(ajv.validate(tool.returns!, c.output), `${c.tool} output: ${ajv.errorsText()}`).toBe(true);
      }
    }
    // Every tool shows up in behaviour, so none is an isolated node in the demo graph.
    expect([...used].sort()).toEqual(DEMO_TOOLS.map((t) => t.name).sort());
  });

  it('draws on every template', () => {
    expect(DEMO_TEMPLATE_NAMES.length).toBeGreaterThanOrEqual(10);
    // Each template has its own tool sequence, so the distinct sequences of completed traces (retries
    // dropped) are the templates seen; traces cut short by a failure would add mere prefixes.
    const completed = traces.filter((t) => t.calls.at(-1)?.status === 'ok');
    const sequences = new Set(
      completed.map((t) =>
        t.calls
          .filter((c) => c.status === 'ok')
          .map((c) => c.tool)
          .join('>'),
      ),
    );
    expect(sequences.size).toBe(DEMO_TEMPLATE_NAMES.length);
  });

  it('passes at least 30 values from earlier outputs into later args', () => {
    const flows = valueFlows(traces);
    expect(flows.length).toBeGreaterThanOrEqual(30);
    // Both direct fields and list members (notes[].content, events[].city) carry flows.
    const direct = flows.filter((f) => {
      const out = traces.find((t) => t.id === f.trace)!.calls[f.from]!.output as Record<string, unknown>;
      const value = traces.find((t) => t.id === f.trace)!.calls[f.call]!.args[f.arg];
      return Object.values(out).includes(value);
    });
    expect(direct.length).toBeGreaterThan(0);
    expect(direct.length).toBeLessThan(flows.length);
  });

  it('fails about one call in ten, then retries the same call or stops', () => {
    const failed = calls.filter((c) => c.status === 'error');
    const rate = failed.length / calls.length;
    expect(rate).toBeGreaterThanOrEqual(0.03);
    expect(rate).toBeLessThanOrEqual(0.2);
    let retried = 0;
    let stopped = 0;
    for (const t of traces) {
      t.calls.forEach((c, i) => {
        if (c.status !== 'error') return;
        expect(c.error).toMatch(/\S/);
        expect(c.output).toBeUndefined();
        const next = t.calls[i + 1];
        if (!next) {
          stopped++;
          return;
        }
        expect(next.tool).toBe(c.tool);
        expect(next.args).toEqual(c.args);
        retried++;
      });
    }
    expect(retried).toBeGreaterThan(0);
    expect(stopped).toBeGreaterThan(0);
  });
});
