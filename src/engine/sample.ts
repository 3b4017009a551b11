import { initialsOnly, starAllButLast4 } from './text.js';
import type { Finding } from './types.js';

/** At most this many characters of a secret are shown, and never more than half of it. */
const SECRET_PREFIX = 4;

/**
 * A partially hidden example for Detection.sample: `j***@example.com`, `***-**-6789`, `AKIA****`.
 * It never holds the whole value, whatever the value's length.
 */
export function sample(finding: Finding): string {
  const { value } = finding;
  if (finding.category === 'SECRETS') {
    return `${value.slice(0, Math.min(SECRET_PREFIX, Math.floor(value.length / 2)))}****`;
  }
  const at = value.lastIndexOf('@');
  if (finding.type === 'EMAIL' && at > 0) return `${value.charAt(0)}***${value.slice(at)}`;
  if (finding.type === 'PERSON_NAME') return initialsOnly(value);
  return starAllButLast4(value);
}
