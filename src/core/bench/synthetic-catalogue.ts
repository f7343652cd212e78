import { chance, mulberry32, pick, randInt, sample, type Random } from '../util/prng';
import type { JsonSchemaObject, Tool } from '../tools/tool';
import type { Trace, TraceCall } from '../trace/trace';
import { capitalize } from '../util/capitalize';

// A ToolBench-scale catalogue for benchmarks: thousands of endpoints grouped by provider and domain,
// whose parameter names come from one shared vocabulary ("hotel_id", "hotelId", or a bare "id" described
// as "ID of the hotel") so standardization has real merging to do, and whose outputs are other
// tools' inputs so traces can carry values from call to call. Deterministic for a seed.

export interface SyntheticConfig {
  /** Number of tools (API nodes). */
  apis: number;
  /** Subjects (hotel, flight, …) the catalogue talks about, at most SUBJECTS.length. */
  subjects: number;
  /** Distinct subject × attribute concepts parameters are drawn from (at most subjects × attributes). */
  vocabulary: number;
  /** Subjects one domain talks about; a domain's tools draw params from those subjects' concepts. */
  subjectsPerDomain: number;
  /** Tools per domain (roughly: a few providers of several endpoints each). */
  toolsPerDomain: number;
  inputs: [min: number, max: number];
  outputs: [min: number, max: number];
  /** Chance a tool also takes one of the catalogue-wide params (page, limit, offset, …). */
  globalParamRate: number;
  /** Chance a field name is camelCase instead of snake_case (same words, so they must merge). */
  camelCaseRate: number;
  /** Chance a generic attribute (id, name, code, …) is named bare and qualified only by its description. */
  bareGenericRate: number;
}

export interface SyntheticTraceConfig {
  /** Calls per trace, both inclusive. */
  length: [min: number, max: number];
  /** Chance the next call consumes a related concept (hotel_id → hotel_ref) rather than the same one. */
  aliasRate: number;
  /** Chance a call fails; the trace ends at a failed call. */
  failureRate: number;
  /** Skew of the start tool towards popular tools: index = n · r^skew (1 = uniform). */
  popularitySkew: number;
  /** Time of the first trace; traces are a minute apart. */
  baseTime: number;
}

export const SYNTHETIC_DEFAULTS: SyntheticConfig = {
  apis: 5500,
  subjects: 160,
  vocabulary: 3900,
  subjectsPerDomain: 3,
  toolsPerDomain: 50,
  inputs: [1, 2],
  outputs: [1, 2],
  globalParamRate: 0.3,
  camelCaseRate: 0.3,
  bareGenericRate: 0.15,
};

export const SYNTHETIC_TRACE_DEFAULTS: SyntheticTraceConfig = {
  length: [2, 5],
  aliasRate: 0.5,
  failureRate: 0.05,
  popularitySkew: 1.6,
  baseTime: Date.UTC(2026, 0, 1),
};

/** Default number of traces ingested into the synthetic world. */
export const SYNTHETIC_TRACE_COUNT = 3000;

/**
 * The defaults scaled by `factor` (apis, subjects, vocabulary, traces): the same concepts per domain and
 * uses per concept, so node and edge counts scale by about `factor`. For quick tests of the same shape.
 */
export function scaledSyntheticConfig(factor: number): { catalogue: SyntheticConfig; traces: number } {
  return {
    catalogue: {
      ...SYNTHETIC_DEFAULTS,
      apis: Math.round(SYNTHETIC_DEFAULTS.apis * factor),
      subjects: Math.max(
        SYNTHETIC_DEFAULTS.subjectsPerDomain,
        Math.round(SYNTHETIC_DEFAULTS.subjects * factor),
      ),
      vocabulary: Math.round(SYNTHETIC_DEFAULTS.vocabulary * factor),
    },
    traces: Math.round(SYNTHETIC_TRACE_COUNT * factor),
  };
}

export const SUBJECTS: readonly string[] = (
  'hotel flight airport airline booking restaurant recipe movie song album artist playlist podcast episode ' +
  'book author article stock company currency wallet payment invoice order product customer user account team ' +
  'player match league tournament game weather city country station route vehicle driver parcel shipment ' +
  'warehouse store coupon review video channel image document folder email message contact calendar event ' +
  'meeting task project ticket patient doctor appointment prescription medication hospital course student ' +
  'lesson exam job candidate property listing agent loan insurance policy claim device sensor website campaign ' +
  'invoice_line subscription plan voucher museum exhibition park trail beach vaccine symptom ingredient menu ' +
  'cinema theater concert festival garden pet breed vet gym workout habit goal budget expense receipt tax ' +
  'bank card transfer mortgage asset portfolio fund bond share dividend lottery horoscope joke quote poem ' +
  'word dictionary translation font color icon logo domain server container cluster repo commit branch issue ' +
  'release package license crop farm tractor boat harbor ferry train bus taxi scooter bike parking toll fuel ' +
  'charger battery solar meter bill tariff'
)
  .split(' ')
  .filter((s, i, all) => all.indexOf(s) === i);

type FieldType = 'string' | 'integer' | 'number';

/**
 * Attribute → JSON type and description template ({s} = subject). Attribute words are short on purpose
 * (lat, lng, qty, lang): with the untrained lexical embedder a long shared word (longitude, category,
 * description) outweighs the subject, and the standardizer then merges e.g. every *_category into one
 * cluster, which would leave a ToolBench-sized catalogue with far fewer param nodes than it has concepts.
 */
const ATTRIBUTES: Record<string, { type: FieldType; text: string }> = {
  id: { type: 'string', text: 'ID of the {s}.' },
  name: { type: 'string', text: 'Name of the {s}.' },
  code: { type: 'string', text: 'Code of the {s}.' },
  type: { type: 'string', text: 'Type of the {s}.' },
  title: { type: 'string', text: 'Title of the {s}.' },
  status: { type: 'string', text: 'Current status of the {s}.' },
  date: { type: 'string', text: 'Date of the {s}, YYYY-MM-DD.' },
  time: { type: 'string', text: 'Time of the {s}, HH:MM.' },
  price: { type: 'number', text: 'Price of the {s} in USD.' },
  fee: { type: 'number', text: 'Fee charged for the {s}.' },
  count: { type: 'integer', text: 'How many {s} entries there are.' },
  rank: { type: 'integer', text: 'Rank of the {s} in its list.' },
  url: { type: 'string', text: 'Web address of the {s}.' },
  email: { type: 'string', text: 'Contact email of the {s}.' },
  phone: { type: 'string', text: 'Contact phone number of the {s}.' },
  address: { type: 'string', text: 'Street address of the {s}.' },
  lang: { type: 'string', text: 'Language of the {s}, ISO 639-1.' },
  kind: { type: 'string', text: 'Kind of {s}.' },
  note: { type: 'string', text: 'Free-text note about the {s}.' },
  tag: { type: 'string', text: 'Tag attached to the {s}.' },
  lat: { type: 'number', text: 'Latitude of the {s} in degrees.' },
  lng: { type: 'number', text: 'Longitude of the {s} in degrees.' },
  size: { type: 'integer', text: 'Size of the {s}.' },
  level: { type: 'integer', text: 'Level of the {s}.' },
  year: { type: 'integer', text: 'Year of the {s}.' },
  owner: { type: 'string', text: 'Owner of the {s}.' },
  tz: { type: 'string', text: 'Time zone of the {s}, IANA name.' },
  token: { type: 'string', text: 'Access token for the {s}.' },
  ref: { type: 'string', text: 'External reference of the {s}.' },
  image: { type: 'string', text: 'Image of the {s} (URL).' },
  qty: { type: 'integer', text: 'Quantity of the {s}.' },
  slug: { type: 'string', text: 'URL slug of the {s}.' },
  zip: { type: 'string', text: 'Postal code of the {s}.' },
  key: { type: 'string', text: 'Key of the {s}.' },
  mode: { type: 'string', text: 'Mode of the {s}.' },
};

/** Attributes that parameterConcept treats as generic: a bare field name relies on its description. */
const GENERIC_ATTRIBUTES = new Set(['id', 'name', 'code', 'type', 'title', 'key']);

/** Catalogue-wide params (pagination, search, formatting), each used by many tools across domains. */
const GLOBAL_PARAMS: { field: string; type: FieldType; description: string }[] = [
  { field: 'page', type: 'integer', description: 'Page of results to return, from 1.' },
  { field: 'limit', type: 'integer', description: 'Maximum number of results.' },
  { field: 'offset', type: 'integer', description: 'Number of results to skip.' },
  { field: 'sort_by', type: 'string', description: 'Field to sort the results by.' },
  { field: 'locale', type: 'string', description: 'Locale for the response, e.g. en-US.' },
  { field: 'format', type: 'string', description: 'Response format, json or xml.' },
];

const VERBS =
  'get list search find create update delete check fetch track book cancel convert analyze recommend lookup'.split(
    ' ',
  );
const PROVIDER_SUFFIXES = 'hub api pro io cloud finder tracker central data world connect express'.split(' ');

/** One concept of the vocabulary: "hotel" × "id". */
export interface Concept {
  index: number;
  subject: string;
  attribute: string;
  type: FieldType;
  description: string;
}

function buildVocabulary(rand: Random, subjects: number, size: number): Concept[] {
  const pairs: [string, string][] = [];
  for (const s of sample(rand, SUBJECTS, subjects))
    for (const a of Object.keys(ATTRIBUTES)) pairs.push([s, a]);
  return sample(rand, pairs, Math.min(size, pairs.length)).map(([subject, attribute], index) => {
    const a = ATTRIBUTES[attribute]!;
    return {
      index,
      subject,
      attribute,
      type: a.type,
      description: a.text.replaceAll('{s}', subject.replaceAll('_', ' ')),
    };
  });
}

const camel = (words: string[]): string => words.map((w, i) => (i === 0 ? w : capitalize(w))).join('');

/** The field name a tool gives a concept: snake_case, camelCase, or a bare generic attribute. */
function fieldName(rand: Random, c: Concept, config: SyntheticConfig): string {
  const words = [...c.subject.split('_'), c.attribute];
  if (GENERIC_ATTRIBUTES.has(c.attribute) && chance(rand, config.bareGenericRate)) return c.attribute;
  return chance(rand, config.camelCaseRate) ? camel(words) : words.join('_');
}

/** Field name → concept index, for a tool's inputs and outputs. Global params map to -1 - their index. */
export interface FieldConcepts {
  in: Record<string, number>;
  out: Record<string, number>;
}

export interface SyntheticCatalogue {
  /** Plain catalogue tools (source 'dataset'), ready for ToolWorld.importTools. */
  tools: Tool[];
  /** The concepts behind each tool's fields, parallel to `tools` (what trace building needs). */
  fields: FieldConcepts[];
  vocabulary: readonly Concept[];
  /** Related concept per concept (same type, same subject where possible), for cross-concept value flows. */
  related: readonly number[];
}

function property(type: FieldType, description: string): JsonSchemaObject {
  return { type, description };
}

/**
 * A deterministic catalogue of `config.apis` tools (source 'dataset'). Tools are grouped into domains of
 * a few subjects; each draws its inputs and outputs from its domain's concepts, so one tool's output
 * concept is typically several other tools' input.
 */
export function syntheticCatalogue(
  seed: number,
  overrides: Partial<SyntheticConfig> = {},
): SyntheticCatalogue {
  const config = { ...SYNTHETIC_DEFAULTS, ...overrides };
  const rand = mulberry32(seed);
  const vocabulary = buildVocabulary(rand, config.subjects, config.vocabulary);
  const bySubject = new Map<string, Concept[]>();
  for (const c of vocabulary) {
    const list = bySubject.get(c.subject) ?? [];
    list.push(c);
    bySubject.set(c.subject, list);
  }
  const subjects = [...bySubject.keys()];

  // Related concept: another concept of the same type among the same subject's (hotel_id → hotel_code),
  // else any concept of the same type.
  const related = vocabulary.map((c) => {
    const same = (bySubject.get(c.subject) ?? []).filter((o) => o.index !== c.index && o.type === c.type);
    const pool = same.length > 0 ? same : vocabulary.filter((o) => o.index !== c.index && o.type === c.type);
    return pool.length > 0 ? pick(rand, pool).index : c.index;
  });

  const tools: Tool[] = [];
  const fields: FieldConcepts[] = [];
  const names = new Set<string>();
  const domains = Math.max(1, Math.ceil(config.apis / config.toolsPerDomain));
  for (let d = 0; d < domains && tools.length < config.apis; d++) {
    const domainSubjects = sample(rand, subjects, config.subjectsPerDomain);
    const concepts = domainSubjects.flatMap((s) => bySubject.get(s) ?? []);
    if (concepts.length < 2) continue;
    const category = `Synthetic/${domainSubjects.map(capitalize).join(' & ')}`;
    let provider = '';
    for (let t = 0; t < config.toolsPerDomain && tools.length < config.apis; t++) {
      if (t % 8 === 0) provider = `${pick(rand, domainSubjects)}_${pick(rand, PROVIDER_SUFFIXES)}`;
      const nIn = Math.min(concepts.length - 1, randInt(rand, config.inputs[0], config.inputs[1]));
      const nOut = Math.min(concepts.length - nIn, randInt(rand, config.outputs[0], config.outputs[1]));
      const chosen = sample(rand, concepts, nIn + nOut);
      const ins = chosen.slice(0, nIn);
      const outs = chosen.slice(nIn);
      const fieldConcepts: FieldConcepts = { in: {}, out: {} };
      const props = {
        in: {} as Record<string, JsonSchemaObject>,
        out: {} as Record<string, JsonSchemaObject>,
      };
      for (const [dir, list] of [
        ['in', ins],
        ['out', outs],
      ] as const) {
        const used = new Set<string>();
        for (const c of list) {
          let field = fieldName(rand, c, config);
          // A bare "id" twice in one tool would be one property; fall back to the qualified name.
          if (used.has(field)) field = [...c.subject.split('_'), c.attribute].join('_');
          used.add(field);
          fieldConcepts[dir][field] = c.index;
          props[dir][field] = property(c.type, c.description);
        }
      }
      if (chance(rand, config.globalParamRate)) {
        const g = randInt(rand, 0, GLOBAL_PARAMS.length - 1);
        const gp = GLOBAL_PARAMS[g]!;
        fieldConcepts.in[gp.field] = -1 - g;
        props.in[gp.field] = property(gp.type, gp.description);
      }
      const main = outs[0] ?? ins[0]!;
      const verb = pick(rand, VERBS);
      let name = `${verb}_${main.subject}_${main.attribute}_for_${provider}`;
      for (let k = 2; names.has(name); k++)
        name = `${verb}_${main.subject}_${main.attribute}_v${k}_for_${provider}`;
      names.add(name);
      tools.push({
        name,
        description: `${capitalize(verb)} the ${main.attribute} of a ${main.subject.replaceAll('_', ' ')} via ${provider}.`,
        parameters: { type: 'object', properties: props.in, required: Object.keys(props.in).slice(0, 1) },
        returns: { type: 'object', properties: props.out },
        category,
        source: 'dataset',
      });
      fields.push(fieldConcepts);
    }
  }
  return { tools, fields, vocabulary, related };
}

function freshValue(rand: Random, concept: number, catalogue: SyntheticCatalogue): string | number {
  if (concept < 0) {
    const g = GLOBAL_PARAMS[-1 - concept]!;
    return g.type === 'integer'
      ? randInt(rand, 1, 50)
      : pick(rand, ['en-US', 'fr-FR', 'json', 'xml', 'date', 'name']);
  }
  const c = catalogue.vocabulary[concept]!;
  if (c.type === 'integer') return randInt(rand, 10, 1_000_000);
  if (c.type === 'number') return Math.round(rand() * 1_000_000) / 100 + 10.01;
  return `${c.subject}-${c.attribute}-${randInt(rand, 100_000, 9_999_999).toString(36)}`;
}

/**
 * `count` successful-or-failing traces over the catalogue. Each next call is a tool that takes one of the
 * previous call's output concepts (or a related concept) as input, and that output's value is copied into
 * its arguments, so observeTrace finds the value flow by equality, as in real traces.
 */
export function syntheticTraces(
  catalogue: SyntheticCatalogue,
  seed: number,
  count: number,
  overrides: Partial<SyntheticTraceConfig> = {},
): Trace[] {
  const config = { ...SYNTHETIC_TRACE_DEFAULTS, ...overrides };
  const rand = mulberry32(seed ^ 0x9e3779b9);
  const consumers = new Map<number, number[]>();
  catalogue.fields.forEach((f, t) => {
    for (const c of Object.values(f.in)) {
      if (c < 0) continue;
      const list = consumers.get(c) ?? [];
      list.push(t);
      consumers.set(c, list);
    }
  });
  // A popularity order independent of catalogue order, so popular tools are spread over domains.
  const order = sample(
    rand,
    catalogue.tools.map((_, i) => i),
    catalogue.tools.length,
  );
  const traces: Trace[] = [];
  for (let n = 0; n < count; n++) {
    const start = config.baseTime + n * 60_000;
    const length = randInt(rand, config.length[0], config.length[1]);
    const calls: TraceCall[] = [];
    let tool = order[Math.min(order.length - 1, Math.floor(order.length * rand() ** config.popularitySkew))]!;
    let carried: { field: string; value: unknown } | null = null;
    for (let i = 0; i < length; i++) {
      const args: Record<string, unknown> = {};
      for (const [field, concept] of Object.entries(catalogue.fields[tool]!.in)) {
        args[field] = carried?.field === field ? carried.value : freshValue(rand, concept, catalogue);
      }
      const ok = !chance(rand, config.failureRate);
      const call: TraceCall = {
        tool: catalogue.tools[tool]!.name,
        args,
        status: ok ? 'ok' : 'error',
        startedAt: start + i * 1000,
        durationMs: randInt(rand, 40, 900),
      };
      if (!ok) {
        call.error = pick(rand, ['timeout', 'rate limited', 'bad request']);
        calls.push(call);
        break;
      }
      const output: Record<string, unknown> = {};
      for (const [field, concept] of Object.entries(catalogue.fields[tool]!.out))
        output[field] = freshValue(rand, concept, catalogue);
      call.output = output;
      calls.push(call);

      // Next tool: consumes one of this call's outputs (the same concept, or a related one).
      const outs = Object.entries(catalogue.fields[tool]!.out);
      const [outField, outConcept] = pick(rand, outs);
      const target = chance(rand, config.aliasRate) ? catalogue.related[outConcept]! : outConcept;
      const candidates = (consumers.get(target) ?? []).filter((t) => t !== tool);
      if (candidates.length === 0) break;
      const next = pick(rand, candidates);
      const inField = Object.entries(catalogue.fields[next]!.in).find(([, c]) => c === target)![0];
      carried = { field: inField, value: output[outField] };
      tool = next;
    }
    traces.push({
      id: `synthetic-${seed}-${n}`,
      query: `Synthetic task ${n} starting at ${calls[0]!.tool}`,
      calls,
    });
  }
  return traces;
}
