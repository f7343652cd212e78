import { effectOf } from '../tools/same-purpose';
import type { Tool } from '../tools/tool';
import { outputNames } from '../tools/tool';
import type { AgentWorld } from './agent-world';
import { toolFields } from './field-kind';
import type { Literal } from './literals';

/**
 * "Invite Anna to a project review": the event tool's attendee e-mail is optional, so no plan looks it
 * up, and the event was made without her. When a sub-intent names a person whom no argument took, and
 * the target has an optional input for someone's e-mail or phone (an attendee, a guest, a recipient),
 * the look-up that turns the name into that value is planned before the target: a tool that changes
 * nothing, needs only a person's name, and outputs the input's standardized parameter.
 */
export interface PersonLookup {
  /** The optional input of the target the look-up fills. */
  field: string;
  producer: string;
  /** The producer's name input and the value it takes. */
  nameField: string;
  person: string;
  /** The producer's output that fills `field`. */
  output: string;
}

const SOMEONE = /\b(?:attendee|invitee|guest|participant|recipient|member|person|contact|cc|invite)/i;

export function personLookup(
  world: Pick<AgentWorld, 'tools' | 'paramNodeOf'>,
  target: Tool,
  literals: readonly Literal[],
  args: Readonly<Record<string, unknown>>,
  text = '',
): PersonLookup | null {
  const used = new Set(Object.values(args));
  const people = literals.filter((l) => l.kind === 'entity' && l.sub === 'person' && !used.has(l.value));
  // "Add Jonas's long run to my calendar": whose thing it is, not someone to invite (fourteenth QA pass).
  // "Leo's party Sunday 2-4 at Alice's, invite her": the one person said is whom "her" invites (twenty-
  // fifth QA pass made the event without her).
  const person =
    people.find((l) => l.possessive !== true) ??
    (people.length === 1 && /\binvite\s+(?:her|him|them)\b/i.test(text) ? people[0] : undefined);
  if (!person) return null;
  const field = toolFields(target.parameters).find(
    (f) =>
      !f.required &&
      !(f.name in args) &&
      (f.kind === 'email' || f.kind === 'phone') &&
      SOMEONE.test(`${f.name.replace(/_/g, ' ')} ${f.description}`),
  );
  if (!field) return null;
  const node = world.paramNodeOf(target.name, 'in', field.name);
  if (!node) return null;
  for (const p of world.tools()) {
    if (p.name === target.name || (effectOf(p) ?? 'none') !== 'none') continue;
    const required = toolFields(p.parameters).filter((f) => f.required);
    if (required.length !== 1 || required[0]!.kind !== 'person') continue;
    const output = outputNames(p).find((o) => world.paramNodeOf(p.name, 'out', o) === node);
    if (output)
      return {
        field: field.name,
        producer: p.name,
        nameField: required[0]!.name,
        person: String(person.value),
        output,
      };
  }
  return null;
}
