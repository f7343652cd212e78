import { InvalidArgumentError } from './errors/invalid-argument-error';

/**
 * Reading arguments. The caller has checked them against the schema, but a runtime can be called without
 * the gate (tests, a user's own code), and an empty string passes any `type: string` schema — so each tool
 * reads what it needs through these and fails with an `InvalidArgumentError` that names the field.
 */
export type Args = Record<string, unknown>;

/** A required, non-empty string (trimmed). */
export function requireString(args: Args, field: string): string {
  const value = args[field];
  if (typeof value !== 'string') throw new InvalidArgumentError(field, `is required and must be text.`);
  const trimmed = value.trim();
  if (trimmed === '') throw new InvalidArgumentError(field, 'is empty.');
  return trimmed;
}

/** An optional string: undefined when absent, null or blank. */
export function optionalString(args: Args, field: string): string | undefined {
  const value = args[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new InvalidArgumentError(field, 'must be text.');
  return value.trim() === '' ? undefined : value.trim();
}

/** A required finite number; numeric text ("12.5") is accepted, as models often quote numbers. */
export function requireNumber(args: Args, field: string): number {
  const value = args[field];
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n))
    throw new InvalidArgumentError(field, 'is required and must be a number.');
  return n;
}

/** A required whole number. */
export function requireInteger(args: Args, field: string): number {
  const n = requireNumber(args, field);
  if (!Number.isInteger(n)) throw new InvalidArgumentError(field, `must be a whole number, not ${n}.`);
  return n;
}
