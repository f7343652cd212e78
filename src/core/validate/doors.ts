import { InputRejectedError } from './input-rejected-error';
import { jsonProblem, JSON_LIMITS, type JsonLimits } from './json-limits';
import { LIMITS } from './limits';

/**
 * The doors other than traces (trace-door.ts) and tool catalogues (src/core/tools/validate-tool.ts checks
 * each schema with `schemaLimitProblem`): world files, settings, model manifests, LLM replies.
 */

/** Why a tool schema slot breaks a limit (`at <path>: <reason>`), or null. Runs before Ajv reads it. */
export function schemaLimitProblem(schema: unknown, slot: string): string | null {
  const p = jsonProblem(schema, JSON_LIMITS, slot);
  return p
    ? `${p.path}: ${p.reason}; simplify the schema (at most ${LIMITS.maxDepth} levels, plain JSON)`
    : null;
}

/** A world file holds tool schemas and call arguments a few levels down, and long record lists. */
const WORLD_FILE_LIMITS: JsonLimits = {
  maxDepth: LIMITS.maxDepth + 8,
  maxStringChars: LIMITS.maxStringChars,
  maxWidth: LIMITS.maxWorldRecords,
  maxValues: Number.POSITIVE_INFINITY,
};

/** Where and why a parsed world file is not plain JSON within limits, or null; run before its records are read. */
export function worldFileLimitProblem(json: unknown): string | null {
  const p = jsonProblem(json, WORLD_FILE_LIMITS, '$');
  return p ? `at ${p.path}: ${p.reason}` : null;
}

/** Checks one world setting before it is applied or stored. Throws InputRejectedError (door `settings`). */
export function validateSetting(key: unknown, value: unknown): void {
  const advice = 'The setting was not changed.';
  if (typeof key !== 'string' || key.length === 0 || key.length > LIMITS.maxIdChars)
    throw new InputRejectedError(
      'settings',
      '$',
      `a setting key must be a string of 1 to ${LIMITS.maxIdChars} characters`,
      advice,
    );
  const p = jsonProblem(value, JSON_LIMITS, `settings[${JSON.stringify(key)}]`);
  if (p) throw new InputRejectedError('settings', p.path, p.reason, advice);
  const size = JSON.stringify(value ?? null).length;
  if (size > LIMITS.maxSettingChars)
    throw new InputRejectedError(
      'settings',
      `settings[${JSON.stringify(key)}]`,
      `${size.toLocaleString('en')} characters serialized, over the limit of ${LIMITS.maxSettingChars.toLocaleString('en')}`,
      advice,
    );
}

/** Checks a parsed model manifest is plain JSON within limits (its fields are checked by its own parser). */
export function checkManifestLimits(json: unknown, where: string): void {
  const p = jsonProblem(json, JSON_LIMITS, '$');
  if (p)
    throw new InputRejectedError(
      'model-manifest',
      `${where} ${p.path}`,
      p.reason,
      'The model was not loaded; rebuild the manifest with `npm run train`.',
    );
}

/** Why an LLM reply cannot be read as an action (too long, or its JSON breaks a limit), or null. */
export function llmReplyProblem(text: string, parsed?: unknown): string | null {
  if (text.length > LIMITS.maxLlmReplyChars)
    return `the reply is ${text.length.toLocaleString('en')} characters, over the limit of ${LIMITS.maxLlmReplyChars.toLocaleString('en')}`;
  if (parsed === undefined) return null;
  const p = jsonProblem(parsed, JSON_LIMITS, '$');
  return p ? `${p.path}: ${p.reason}` : null;
}
