import type { CallFailure } from '../execute/call-outcome';
import type { PlanStep } from '../plan/plan-step';
import { parseReference } from '../plan/references';
import type { Tool } from '../tools/tool';

/**
 * A value that flowed from a list output into a scalar input ("mail_search → messages" feeding
 * "mail_read ← message_id"): take the first item's field of the same name, else the item's only
 * id-like field (AutoTool's parameter filling picks values out of list outputs the same way). Inputs
 * the schema types as arrays, or leaves untyped, are left alone.
 */
export function scalarFromLists(tool: Tool, args: Record<string, unknown>): Record<string, unknown> {
  const props = tool.parameters.properties ?? {};
  let out: Record<string, unknown> | null = null;
  for (const [field, value] of Object.entries(args)) {
    const type = props[field]?.type;
    if (
      !Array.isArray(value) ||
      type === undefined ||
      type === 'array' ||
      (Array.isArray(type) && type.includes('array'))
    )
      continue;
    const item = value.find((v) => v && typeof v === 'object') as Record<string, unknown> | undefined;
    if (!item) continue;
    const ids = Object.keys(item).filter((k) => /(^|_)id$/.test(k));
    // A body or message text takes the item's words, never its id ("send Olivia my packing list": the
    // notes found stood in for the mail, and the email said "note-3008"; twelfth QA pass).
    const words = FREE_TEXT.test(field) ? wordsOf(item) : null;
    const key = field in item ? field : words !== null ? words : ids.length === 1 ? ids[0]! : null;
    if (key === null) continue;
    out ??= { ...args };
    out[field] = item[key];
  }
  return out ?? args;
}

/** Inputs that take free words: a message's body, a note's content. */
const FREE_TEXT = /^(?:body|text|content|message|message_text|description|details|summary|notes?)$/i;
const TEXT_KEYS = /^(?:content|body|text|snippet|summary|description|details|notes?)$/i;

/** The item's field holding its words: a content-like one, else its longest string that is no id. */
function wordsOf(item: Record<string, unknown>): string | null {
  const strings = Object.keys(item).filter((k) => typeof item[k] === 'string' && !/(^|_)id$/.test(k));
  return (
    strings.find((k) => TEXT_KEYS.test(k)) ??
    strings.sort((a, b) => String(item[b]).length - String(item[a]).length)[0] ??
    null
  );
}

/**
 * A scalar input fed an empty list: the earlier call found nothing to pass ("mail_search → messages: []"
 * into "mail_read ← message_id"), so the call is not made and the turn says what was not found — as a
 * tool's own "nothing of that name" does (`isNothingFound`). Before, the empty list went to the schema
 * gate and the user read "message_id: must be string" (independent request set: "Did Hannah send the
 * slides?"). `planned` are the step's arguments before substitution (their references name the producer).
 */
export function nothingToPass(
  tool: Tool,
  args: Record<string, unknown>,
  planned: Record<string, unknown>,
  steps: readonly PlanStep[],
): CallFailure | null {
  const props = tool.parameters.properties ?? {};
  for (const [field, value] of Object.entries(args)) {
    const type = props[field]?.type;
    if (!Array.isArray(value) || value.length > 0 || type === undefined) continue;
    if (type === 'array' || (Array.isArray(type) && type.includes('array'))) continue;
    const ref = typeof planned[field] === 'string' ? parseReference(planned[field]) : null;
    if (!ref) continue;
    const producer = steps.find((s) => s.step === ref.step)?.tool ?? 'the call before it';
    const what = ref.field ? `no ${ref.field.replace(/_/g, ' ')}` : 'nothing';
    return {
      kind: 'invalid-arguments',
      code: 'input-not-found',
      message: `${producer} found ${what}, so there is no ${field.replace(/_/g, ' ')} for ${tool.name}.`,
    };
  }
  return null;
}
