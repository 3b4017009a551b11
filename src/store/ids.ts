// Identifiers: a type prefix, the time, a sequence within the millisecond (so ids made by one
// process sort in creation order) and 48 random bits.
import { randomBytes } from 'node:crypto';

export type IdPrefix = 'org' | 'pol' | 'lic' | 'rule' | 'pf' | 'grp';

let lastMs = 0;
let seq = 0;

/** `now` is for ids of a given time (tests of retention); ids made with the clock sort in creation order. */
export function newId(prefix: IdPrefix, now = Date.now()): string {
  seq = now === lastMs ? seq + 1 : 0;
  lastMs = now;
  const time = now.toString(36).padStart(9, '0');
  const order = (seq % 46_656).toString(36).padStart(3, '0');
  return `${prefix}_${time}${order}${randomBytes(6).toString('hex')}`;
}

/** When an id was made (ms since the epoch), or null if it is not one of ours. */
export function idTime(id: string): number | null {
  const match = /^[a-z]+_([0-9a-z]{9})[0-9a-z]{3}[0-9a-f]{12}$/.exec(id);
  return match?.[1] ? parseInt(match[1], 36) : null;
}
