import { InvalidEmailError } from '../errors/invalid-email-error';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * An email argument, lower-cased. A name is refused rather than looked up: the agent should learn that
 * contacts_search gives the email, and a guessed recipient is worse than a clear error.
 */
export function emailArgument(value: string, field: string): string {
  const v = value.trim();
  if (!EMAIL_RE.test(v)) throw new InvalidEmailError(field, value);
  return v.toLowerCase();
}
