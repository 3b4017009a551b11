// Which of many fixed words occur in a text, found in one pass: the keyword prefilters of the
// detector table and the cue words detectors check before running a regex over the whole text.
// Every word is registered when its module loads; the first scan builds an Aho–Corasick automaton
// over all of them, as a table of transitions over the characters the words use, so each character
// of the text costs one lookup however many words there are.
//
// Key words are matched the same way against the text's letters and digits alone, as table
// header keys and assignment keys are read (`Member-ID` is the key `memberid`, `api_key` the
// words api and key): no key can hold a word that is not in that sequence. Two characters lower
// to an ASCII letter (K, the Kelvin sign, to k; İ to i and a dot): a header key keeps that letter,
// an assignment key does not, so a text holding one is taken to hold every key word.

/** Some registered words, as one set: the pass tells whether any of them occurs. */
export interface WordSet {
  readonly id: number;
}

class Registry {
  readonly words: string[] = [];
  private readonly idOf = new Map<string, number>();
  /** The sets each word belongs to, by word id. */
  readonly setsOf: number[][] = [];

  add(word: string, set: number): void {
    if (word.length === 0) throw new Error('empty word');
    let id = this.idOf.get(word);
    if (id === undefined) {
      id = this.words.push(word) - 1;
      this.idOf.set(word, id);
      this.setsOf.push([]);
    }
    this.setsOf[id]?.push(set);
  }
}

const inText = new Registry();
const inKeys = new Registry();
let sets = 0;
const keySets: number[] = [];
let automata: { text: Automaton; keys: Automaton } | undefined;

function register(registry: Registry, words: readonly string[]): WordSet {
  if (automata) throw new Error('word sets are registered when modules load, before the first scan');
  const id = sets++;
  for (const word of words) registry.add(word, id);
  return { id };
}

/** Words matched as written, anywhere in the lower-cased text. */
export function wordSet(words: readonly string[]): WordSet {
  return register(inText, words);
}

/** Lower-case letters and digits, matched in the sequence of the lower-cased text's letters and digits. */
export function keyWordSet(words: readonly string[]): WordSet {
  if (words.some((w) => !/^[a-z0-9]+$/.test(w))) throw new Error('key words are lower-case letters and digits');
  const set = register(inKeys, words);
  keySets.push(set.id);
  return set;
}

interface Automaton {
  /** Character code to column; 0 for characters no word uses. */
  column: Uint16Array;
  width: number;
  /** Transitions by state and column; negated (~state) into a state where a word ends. */
  next: Int16Array;
  /** Sets with a word ending at each state, its suffixes included: `out[outStart[s]]` to `out[outStart[s + 1]]`. */
  outStart: Int32Array;
  out: Int32Array;
}

/** Column 1 of a key automaton: characters other than letters and digits, which leave the state as is. */
const STAY = 1;

function build({ words, setsOf }: Registry, keys: boolean): Automaton {
  const column = new Uint16Array(0x10000);
  let width = keys ? 2 : 1;
  if (keys) {
    for (let c = 0; c < 0x10000; c++) if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57))) column[c] = STAY;
  }
  for (const word of words) {
    for (let i = 0; i < word.length; i++) {
      const c = word.charCodeAt(i);
      if (column[c] === 0) column[c] = width++;
    }
  }
  // Every character reads as its lower case (one character for all but U+0130, see wordsIn), so
  // the pass needs no lower-cased copy of the text.
  for (let c = 0; c < 0x10000; c++) {
    const lower = String.fromCharCode(c).toLowerCase();
    if (lower.length === 1 && lower.charCodeAt(0) !== c) column[c] = column[lower.charCodeAt(0)] as number;
  }
  // The trie, then failure links breadth-first, completing each state's row from its link's.
  const trie: number[][] = [new Array<number>(width).fill(-1)];
  const ends: number[][] = [[]];
  words.forEach((word, id) => {
    let state = 0;
    for (let i = 0; i < word.length; i++) {
      const col = column[word.charCodeAt(i)] as number;
      let child = trie[state]?.[col] ?? -1;
      if (child < 0) {
        child = trie.push(new Array<number>(width).fill(-1)) - 1;
        ends.push([]);
        (trie[state] as number[])[col] = child;
      }
      state = child;
    }
    ends[state]?.push(id);
  });
  const states = trie.length;
  // 16-bit entries keep the table small enough to stay in cache beside the detectors' own data.
  if (states > 0x7fff) throw new Error('too many words for the automaton');
  const next = new Int16Array(states * width);
  const fail = new Int32Array(states);
  const queue: number[] = [];
  for (let col = 0; col < width; col++) {
    const child = trie[0]?.[col] ?? -1;
    next[col] = Math.max(child, 0);
    if (child > 0) queue.push(child);
  }
  if (keys) for (let state = 0; state < states; state++) next[state * width + STAY] = state;
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head] as number;
    const link = fail[state] as number;
    ends[state]?.push(...(ends[link] ?? []));
    for (let col = 0; col < width; col++) {
      const child = trie[state]?.[col] ?? -1;
      if (keys && col === STAY) continue;
      if (child < 0) {
        next[state * width + col] = next[link * width + col] as number;
      } else {
        next[state * width + col] = child;
        fail[child] = next[link * width + col] as number;
        queue.push(child);
      }
    }
  }
  const outStart = new Int32Array(states + 1);
  const out: number[] = [];
  for (let state = 0; state < states; state++) {
    out.push(...new Set(ends[state]?.flatMap((word) => setsOf[word] ?? [])));
    outStart[state + 1] = out.length;
  }
  // A transition into a state where words end is stored negated (~state), so the pass tests one sign.
  for (let i = 0; i < next.length; i++) {
    const target = next[i] as number;
    if ((outStart[target + 1] as number) > (outStart[target] as number)) next[i] = ~target;
  }
  return { column, width, next, outStart, out: Int32Array.from(out) };
}

/** The one character whose lower case is two: İ, `i` and a combining dot. */
const DOTTED_CAPITAL_I = '\u0130';
const KELVIN_SIGN = '\u212a';

/** For every registered set, 1 when one of its words occurs in `text.toLowerCase()`, by id. */
export function wordsIn(text: string): Uint8Array {
  const dotted = text.includes(DOTTED_CAPITAL_I);
  const lower = dotted ? text.toLowerCase() : text;
  automata ??= { text: build(inText, false), keys: build(inKeys, true) };
  const words = automata.text;
  const keys = automata.keys;
  const next = words.next;
  const column = words.column;
  const width = words.width;
  const keyNext = keys.next;
  const keyColumn = keys.column;
  const keyWidth = keys.width;
  const present = new Uint8Array(sets);
  let state = 0;
  let keyState = 0;
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i);
    state = next[state * width + (column[c] as number)] as number;
    keyState = keyNext[keyState * keyWidth + (keyColumn[c] as number)] as number;
    // Negative states end a word: the rare case, looked up apart.
    if ((state | keyState) < 0) {
      if (state < 0) state = mark(words, state, present);
      if (keyState < 0) keyState = mark(keys, keyState, present);
    }
  }
  if (dotted || text.includes(KELVIN_SIGN)) for (const set of keySets) present[set] = 1;
  return present;
}

/** Marks the sets of the words ending at the (negated) state; returns the state. */
function mark({ outStart, out }: Automaton, negated: number, present: Uint8Array): number {
  const state = ~negated;
  for (let k = outStart[state] as number; k < (outStart[state + 1] as number); k++) present[out[k] as number] = 1;
  return state;
}
