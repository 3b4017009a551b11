// Identifiers: a type prefix, the time, a sequence within the millisecond (so ids made by one
// process sort in creation order) and 48 random bits.
import { randomBytes } from 'node:crypto';

export type IdPrefix = 'org' | 'pol' | 'lic' | 'rule' | 'pf' | 'grp' | 'team' | 'tag' | 'cpk' | 'bnd' | 'chg' | 'usr' | 'whk' | 'evt';

let lastMs = 0;
let seq = 0;

/** Random bytes drawn a page at a time: one `randomBytes` call per id cost about 11 µs of a check. */
const RANDOM_PAGE = 6 * 1024;
let random = Buffer.alloc(0);
let randomAt = 0;

function randomHex(bytes: number): string {
  if (randomAt + bytes > random.length) {
    random = randomBytes(RANDOM_PAGE);
    randomAt = 0;
  }
  randomAt += bytes;
  return random.toString('hex', randomAt - bytes, randomAt);
}

/** `now` is for ids of a given time (tests of retention); ids made with the clock sort in creation order. */
export function newId(prefix: IdPrefix, now = Date.now()): string {
  seq = now === lastMs ? seq + 1 : 0;
  lastMs = now;
  const time = now.toString(36).padStart(9, '0');
  const order = (seq % 46_656).toString(36).padStart(3, '0');
  return `${prefix}_${time}${order}${randomHex(6)}`;
}

/** When an id was made (ms since the epoch), or null if it is not one of ours. */
export function idTime(id: string): number | null {
  const match = /^[a-z]+_([0-9a-z]{9})[0-9a-z]{3}[0-9a-f]{12}$/.exec(id);
  return match?.[1] ? parseInt(match[1], 36) : null;
}
