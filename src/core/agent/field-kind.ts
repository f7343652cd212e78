import type { JsonSchemaObject } from '../tools/tool';
import { isCountryCodeInput } from './countries';
import { isLanguageInput } from './languages';

/**
 * What kind of value a tool input wants, read from its name, description, type and format. The graph-only
 * engine matches literals of the request to inputs by this kind; catalogues name the same thing many ways
 * (`to_email`, `attendee_email`, `recipient`), so the words of the description count as much as the name.
 */
export type FieldKind =
  | 'email'
  | 'phone'
  | 'datetime'
  | 'date-or-datetime'
  | 'date'
  | 'time'
  | 'duration-minutes'
  | 'id'
  | 'currency'
  | 'unit'
  | 'person'
  | 'city'
  | 'address'
  | 'url'
  | 'language'
  | 'country-code'
  | 'enum'
  | 'query'
  | 'title'
  | 'text'
  | 'number'
  | 'boolean'
  | 'other';

export interface FieldInfo {
  name: string;
  kind: FieldKind;
  type: string;
  description: string;
  required: boolean;
  enum?: unknown[];
  /** For `unit` / `currency` inputs: the source side ("from_unit") or the target side ("to_unit"). */
  side?: 'from' | 'to';
  /** For `datetime` inputs: start or end of an interval. */
  bound?: 'start' | 'end';
}

const words = (s: string): string =>
  s
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]/g, ' ')
    .toLowerCase();

/** A date-time format a description gives with a space between date and time. */
export const SPACED_DATE_TIME = /%y-%m-%d %h:%m|yyyy-mm-dd hh:mm/i;

export function fieldKind(name: string, schema: JsonSchemaObject | undefined): FieldKind {
  const n = words(name);
  const d = (typeof schema?.description === 'string' ? schema.description : '').toLowerCase();
  const type =
    typeof schema?.type === 'string'
      ? schema.type
      : Array.isArray(schema?.type)
        ? String(schema.type[0])
        : 'string';
  const format = typeof schema?.format === 'string' ? schema.format : '';
  const has = (re: RegExp) => re.test(n) || re.test(d);
  if (Array.isArray(schema?.enum) && schema.enum.length > 0) return 'enum';
  if (type === 'boolean') return 'boolean';
  if (/\bids?\b|identifier/.test(n) || /^identifier\b/.test(d)) return 'id';
  if (format === 'email' || /e ?mail/.test(n) || /e-?mail address/.test(d)) return 'email';
  if (/phone|mobile|\btel\b/.test(n)) return 'phone';
  if (
    format === 'date-time' ||
    (/iso 8601/.test(d) && /date-time|datetime/.test(d) && !/yyyy-mm-dd or/.test(d))
  )
    return 'datetime';
  if (/yyyy-mm-dd or .*date-time/.test(d)) return 'date-or-datetime';
  // "The time for agenda. Format: %Y-%m-%d %H:%M:%S": a date and a time, whatever the name says.
  if (SPACED_DATE_TIME.test(d)) return 'datetime';
  if (/\b(start|end|due) time\b|\bdatetime\b|\btimestamp\b/.test(n)) return 'datetime';
  if (format === 'date' || /\bdate\b|\bday\b/.test(n) || /yyyy-mm-dd/.test(d)) return 'date';
  if (/\btime\b|\bhour\b/.test(n)) return 'time';
  if (/minutes|duration/.test(n)) return 'duration-minutes';
  if (type === 'string' && isLanguageInput(name, d)) return 'language';
  if (type === 'string' && isCountryCodeInput(name, d)) return 'country-code';
  if (/currenc/.test(n) || /iso 4217/.test(d)) return 'currency';
  if (/\bunits?\b/.test(n)) return 'unit';
  if (format === 'uri' || /\burl\b|\blink\b/.test(n)) return 'url';
  if (/\bcity\b|\btown\b/.test(n) || /^city\b/.test(d)) return 'city';
  if (/address|location|\borigin\b|\bdestination\b|\bwhere\b/.test(n)) return 'address';
  if (type === 'number' || type === 'integer') return 'number';
  if (/\bquery\b|keywords?|search terms?|\bq\b/.test(n) || /^keywords|what to look for/.test(d))
    return 'query';
  if (/\b(person|contact|recipient|attendee|name)\b/.test(n) && has(/person|contact|name/)) return 'person';
  if (/\btitle\b|\bsubject\b|\bname\b|\bheading\b/.test(n)) return 'title';
  if (/\b(text|body|content|message|description|notes?|comment)\b/.test(n)) return 'text';
  if (type === 'string') return 'other';
  return 'other';
}

/** Every input of a tool with its kind, required first. */
export function toolFields(parameters: JsonSchemaObject): FieldInfo[] {
  const required = new Set(Array.isArray(parameters.required) ? parameters.required : []);
  const props = parameters.properties ?? {};
  const out: FieldInfo[] = Object.entries(props).map(([name, schema]) => {
    const kind = fieldKind(name, schema);
    const n = words(name);
    const info: FieldInfo = {
      name,
      kind,
      type: typeof schema?.type === 'string' ? schema.type : 'string',
      description: typeof schema?.description === 'string' ? schema.description : '',
      required: required.has(name),
    };
    if (Array.isArray(schema?.enum)) info.enum = schema.enum;
    // "start_location" / "end_location" are a route's two ends too.
    if (/\b(from|source|origin|start|starting)\b/.test(n)) info.side = 'from';
    else if (/\b(to|target|destination|end|ending)\b/.test(n)) info.side = 'to';
    if (/\bend\b|\buntil\b|\bto\b/.test(n)) info.bound = 'end';
    else if (/\bstart\b|\bfrom\b|\bbegin/.test(n)) info.bound = 'start';
    return info;
  });
  return out.sort((a, b) => Number(b.required) - Number(a.required));
}
