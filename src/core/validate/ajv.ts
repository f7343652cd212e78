import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';

/**
 * The validation layer's one Ajv: every door's schema is compiled once, when its module loads. allErrors off:
 * the first problem is the one reported (with its path), and a huge input is not walked to the end.
 */
export const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });

export function compile<T>(schema: object): ValidateFunction<T> {
  return ajv.compile<T>(schema);
}

/** Ajv's first error as a JSON path from `root` and a reason in words. */
export function firstError(
  errors: ErrorObject[] | null | undefined,
  root: string,
): { path: string; reason: string } {
  const e = errors?.[0];
  if (!e) return { path: root, reason: 'it does not match the expected shape' };
  const segs = e.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  let path = root;
  for (const s of segs)
    path += /^\d+$/.test(s) ? `[${s}]` : /^[A-Za-z_$][\w$]*$/.test(s) ? `.${s}` : `[${JSON.stringify(s)}]`;
  let reason = e.message ?? 'is not valid';
  if (e.keyword === 'required') reason = `"${String(e.params.missingProperty)}" is missing`;
  else if (e.keyword === 'enum')
    reason = `must be one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  else if (e.keyword === 'type') reason = `must be ${String(e.params.type)}`;
  else reason = `must ${reason.replace(/^must /, '')}`;
  return { path, reason };
}
