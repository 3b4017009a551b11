// Judging a candidate secret value on its own: randomness, and the marks of a placeholder.

/** Counts of ASCII characters while one value is measured; zeroed again after. */
const COUNTS = new Int32Array(128);

/** Shannon entropy of the value's characters, in bits per character. */
export function shannonEntropy(value: string): number {
  // ASCII values (every token is) are counted in an array; the sum runs in the same order, over the
  // characters as they first occur, so the result is the same to the last bit.
  const seen: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 128) {
      for (const s of seen) COUNTS[s] = 0;
      return entropyOfAnyText(value);
    }
    if ((COUNTS[c] as number) === 0) seen.push(c);
    COUNTS[c] = (COUNTS[c] as number) + 1;
  }
  let bits = 0;
  for (const c of seen) {
    const p = (COUNTS[c] as number) / value.length;
    bits -= p * Math.log2(p);
    COUNTS[c] = 0;
  }
  return bits;
}

function entropyOfAnyText(value: string): number {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  const n = value.length;
  for (const count of counts.values()) {
    const p = count / n;
    bits -= p * Math.log2(p);
  }
  return bits;
}

// Words that mark a value as documentation rather than a live credential: AWS's published
// AKIAIOSFODNN7EXAMPLE, `your_api_key_here`, `dummy-token`... Written in one case (or capitalised)
// as people write them: random mixed case such as `yoUr` inside a real key does not count.
const STAND_IN_WORDS = ['example', 'dummy', 'sample', 'placeholder', 'fake', 'redacted', 'changeme', 'lorem', 'your'];
const PLACEHOLDER_WORD = new RegExp(
  STAND_IN_WORDS.flatMap((w) => [w, w.toUpperCase(), w.charAt(0).toUpperCase() + w.slice(1)]).join('|'),
);
/** Six of one character in a row (`xxxxxx`, `000000`): a mask or a filler, never random output. */
const FILLER_RUN = /(.)\1{5}/;

/**
 * Sample keys published in providers' own documentation, which people paste unchanged: never live.
 * (Shapes a stand-in word already marks, such as AWS's AKIAIOSFODNN7EXAMPLE, need no entry.)
 */
const PUBLISHED_SAMPLES: ReadonlySet<string> = new Set([
  'sk_test_4eC39HqLyjWDarjtT1zdp7dc', // Stripe API reference
  'sk_test_BQokikJOvBiI2HlWgH4olfQ2', // Stripe docs, older
  'sk_test_26PHem9AhJZvU623DfE1x4sd', // Stripe docs
  'ghp_16C7e42F292c6912E7710c838347Ae178B4a', // GitHub REST API docs
  'AIzaSyDaGmWKa4JsXZ-HjGw7ISLn_3namBGewQe', // Google Maps Platform docs
  'xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy', // Slack API docs
  'xvz1evFS4wEEPTGEFPHBog4kL', // X (Twitter) OAuth docs, consumer key
  'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw', // X (Twitter) OAuth docs, consumer secret
]);

/**
 * True when a value that has the shape of a secret is a stand-in: it names itself an example or a
 * placeholder, is a published sample, or is padded with one repeated character.
 */
export function isPlaceholderValue(value: string): boolean {
  return PLACEHOLDER_WORD.test(value) || FILLER_RUN.test(value) || PUBLISHED_SAMPLES.has(value);
}

// Marks of a stand-in that only count in a machine-made token, where a person's password might
// well hold them (`Hereford1`, `abcdefg7`): fill-in words (`…AccessTokenHere`, `insert_key`),
// masks (`xxxx`, `####`, `****`, `...`).
const TOKEN_STAND_IN = /Here|HERE|[_.-]here|Insert|INSERT|[_.-]insert|Replace|REPLACE|[_.-]replace|xxxx|XXXX|####|\*\*\*\*|\.\.\./;
/** A unit of 1–4 characters said over and over (`abababab`, `ab12ab12ab12`) for this many characters. */
const REPEATED_SPAN = 12;
/** Characters counting up or down by one this many in a row (`abcdefg`, `1234567`, `7654321`). */
const COUNTING_RUN = 7;

/**
 * A body typed by hand rather than drawn at random: a run counting up or down, or one short unit
 * repeated over 12 characters or more. Random keys have neither (seven in a row counting turn up
 * about once in 10^10 base62 characters).
 */
function isTypedByHand(value: string): boolean {
  let up = 1;
  let down = 1;
  for (let i = 1; i < value.length; i++) {
    const step = value.charCodeAt(i) - value.charCodeAt(i - 1);
    up = step === 1 ? up + 1 : 1;
    down = step === -1 ? down + 1 : 1;
    if (up >= COUNTING_RUN || down >= COUNTING_RUN) return true;
  }
  // A repeated unit of length u: each character equals the one u before it, over the span.
  for (let u = 1; u <= 4; u++) {
    let run = 0;
    for (let i = u; i < value.length; i++) {
      run = value.charCodeAt(i) === value.charCodeAt(i - u) ? run + 1 : 0;
      if (run + u >= REPEATED_SPAN) return true;
    }
  }
  return false;
}

/**
 * True when a machine-made token (a provider key, a random secret) is a stand-in: as
 * isPlaceholderValue, or filled in by hand (`AIzaSyabcdefghijklmnop…`, `xoxp-1234-…`, `xxxx`).
 */
export function isPlaceholderToken(value: string): boolean {
  return isPlaceholderValue(value) || TOKEN_STAND_IN.test(value) || isTypedByHand(value);
}

/** Confidence given to a shape-valid stand-in: kept for policies that lower min_confidence, hidden by default. */
export const PLACEHOLDER_CONFIDENCE = 0.3;
