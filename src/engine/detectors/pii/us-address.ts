import { ScanText } from '../../scan-text.js';
import { hasCueNear } from '../../text.js';
import type { DetectorType, Finding } from '../../types.js';
import { wordSet } from '../../words-present.js';
import { makeFinding, type Detector } from '../detector.js';
import { lessIfNegative } from './negative-context.js';
import { STATE_CODES, STATE_NAMES } from './us-states.js';

const US_ADDRESS: DetectorType = { type: 'US_ADDRESS', category: 'PII' };

// A street line is a house number, an optional direction, one to four capitalised name words (or an
// ordinal: 5th) and a street suffix: "1600 Pennsylvania Avenue NW", "350 5th Ave", "42 Elm St.".
// What may follow is read in code, step by step: a unit ("Apt 4B", "Suite 200", "#12"), then a
// city, a state (USPS code or name) and a ZIP. The whole span is one finding, so its pieces (a ZIP,
// a house number) are never reported on their own.

const SUFFIXES = [
  'Street', 'Avenue', 'Road', 'Boulevard', 'Lane', 'Drive', 'Court', 'Way', 'Place', 'Terrace', 'Circle',
  'Parkway', 'Highway', 'Square', 'Trail', 'Plaza', 'Loop', 'Alley', 'Crescent', 'Row', 'Pike', 'Turnpike',
  'Expressway', 'Freeway', 'Causeway', 'Path', 'Run', 'Walk', 'Crossing', 'Heights', 'Ridge', 'Cove',
  'Landing', 'Grove', 'Bend', 'Pass', 'Mews', 'Gardens', 'Point', 'Park', 'Center', 'Hollow', 'Glen',
  'Meadows', 'Estates', 'Manor', 'Vista',
];
/** USPS abbreviations; only these may carry a full stop ("St."), so a sentence's stop stays out. */
const ABBREVIATIONS = [
  'St', 'Ave', 'Av', 'Rd', 'Blvd', 'Ln', 'Dr', 'Ct', 'Pl', 'Ter', 'Cir', 'Pkwy', 'Hwy', 'Sq', 'Trl', 'Plz',
  'Aly', 'Cres', 'Tpke', 'Expy', 'Fwy', 'Xing', 'Hts', 'Ctr',
];
/** Title case and upper case, longest first so "Street" is tried before "St". */
function alternation(words: readonly string[]): string {
  const forms = new Set(words.flatMap((w) => [w, w.toUpperCase()]));
  return [...forms].sort((a, b) => b.length - a.length).map((w) => w.replace(/ /g, '[ \\t]+')).join('|');
}
const DIRECTION = '(?:NE|NW|SE|SW|N|S|E|W|North|South|East|West)\\.?(?![A-Za-z])';
const NAME_WORD = "(?:\\d{1,4}(?:st|nd|rd|th)|[A-Z][A-Za-z'’-]{0,24}\\.?)";
const SP = '[ \\t]{1,3}';
const STREET = new RegExp(
  `(?<![\\w$#.,/-])\\d{1,6}(?:-\\d{1,5})?[A-Z]?${SP}(?:${DIRECTION}${SP})?` +
    `${NAME_WORD}(?:${SP}${NAME_WORD}){0,3}${SP}(?:(?:${alternation(SUFFIXES)})|(?:${alternation(ABBREVIATIONS)})\\.?)` +
    `(?:${SP}${DIRECTION})?(?![A-Za-z0-9])`,
  'g',
);
// Street types written before the name, as Spanish, French, Italian and Portuguese names are across
// the US Southwest, Florida and Louisiana: "2572 Calle Ocho", "4731 Paseo de Peralta", "1209 Via
// Lido", "10952 Rue Royale". Name words may be in any script ("Camino del Río", "Avenida César
// Chávez") and joined by particles (de, del, la, los, du...). Without a suffix to confirm it, such a
// line is kept only with a city and state after it, or an address cue near.
const PREFIX_TYPES = ['Calle', 'Camino', 'Avenida', 'Paseo', 'Via', 'Vía', 'Rue', 'Rua', 'Calzada', 'Carretera', 'Callejon', 'Callejón', 'Placita', 'Plaza'];
/** A name word, not a unit word: in "Rue Royale Apt. 6F" the street ends before "Apt". */
// Latin letters with diacritics (U+00C0-U+024F) cover the names written this way, without the
// Unicode flag, which makes V8's regexes slower.
const NAME_WORD_ANY =
  "(?!(?:Apartment|Apt|Suite|Ste|Unit|Room|Rm|Floor|Fl|Building|Bldg|Lot|Dept)(?![A-Za-z]))[A-Z\\u00C0-\\u00DE][A-Za-z\\u00C0-\\u024F'’-]{0,24}";
const PARTICLE = '(?:de|del|de[ \\t]la|de[ \\t]las|de[ \\t]los|la|las|los|el|du|des|da|do|dos|das)';
const PREFIX_STREET = new RegExp(
  `(?<![\\w$#.,/-])\\d{1,6}(?:-\\d{1,5})?[A-Z]?${SP}(?:${alternation(PREFIX_TYPES)})${SP}` +
    `(?:${PARTICLE}${SP})?${NAME_WORD_ANY}(?:${SP}(?:${PARTICLE}${SP})?${NAME_WORD_ANY}){0,2}(?![A-Za-z0-9\\u00C0-\\u024F])`,
  'g',
);
const PO_BOX = /(?<![A-Za-z])(?:P\.?[ \t]?O\.?[ \t]?Box|Post[ \t]+Office[ \t]+Box|POB)[ \t]*#?[ \t]*\d{1,7}(?![\w-])/gi;
/**
 * What every street line holds, found much faster than STREET itself: the house number's last
 * digit (or unit letter), blanks, and the first character of a direction, name word or ordinal.
 */
const HOUSE_NUMBER_THEN_WORD = /\d[A-Z]?[ \t]{1,3}[A-Z0-9]/;
/** Every PO box holds one of these, lower-cased. */
const BOX_WORDS = wordSet(['box', 'pob']);
const PREFIX_WORDS = wordSet(['calle', 'camino', 'avenida', 'paseo', 'via ', 'vía', 'rue ', 'rua ', 'calzada', 'carretera', 'callej', 'placita', 'plaza']);

// Sticky steps read after the street line. A line break may separate the lines of the address.
const NEXT_PART = '(?:,[ \\t]*|[ \\t]*\\r?\\n[ \\t]*|[ \\t]{1,3})';
const UNIT_WORDS = ['Apartment', 'Apt', 'apt', 'Suite', 'Ste', 'Unit', 'Room', 'Rm', 'Floor', 'Fl', 'Building', 'Bldg', 'Lot', 'Dept'];
const UNIT_FORMS = [...new Set(UNIT_WORDS.flatMap((w) => [w, w.toUpperCase()]))].filter((w) => w !== 'FL').join('|');
const UNIT = new RegExp(
  `${NEXT_PART}(?:(?:${UNIT_FORMS})\\.?[ \\t]{0,2}#?[ \\t]{0,2}|#[ \\t]?)[A-Za-z0-9]{1,6}(?:-[A-Za-z0-9]{1,4})?(?![A-Za-z0-9])`,
  'y',
);
const CITY_WORD = "[A-Z\\u00C0-\\u00DE][A-Za-z\\u00C0-\\u024F'’.-]{0,24}";
const CITY_STATE_ZIP = new RegExp(
  `${NEXT_PART}${CITY_WORD}(?:[ \\t]${CITY_WORD}){0,3}(?:,[ \\t]*|[ \\t]{1,3})` +
    `(?:${alternation(STATE_CODES)}|${alternation(STATE_NAMES)})(?![A-Za-z])` +
    `(?:[ \\t,]{1,3}(\\d{5}(?:-\\d{4})?)(?![\\d-]))?` +
    `(?:,?[ \\t]{1,2}(?:USA|U\\.S\\.A\\.|United[ \\t]States(?:[ \\t]of[ \\t]America)?)(?![A-Za-z]))?`,
  'y',
);

/** Words after which a number counts something ("Chapter 12", "over 20", "Top 5") and is no house number. */
const COUNT_WORD =
  /\b(?:section|sections|chapter|chapters|page|pages|part|step|steps|figure|fig|table|article|volume|vol|level|episode|season|exit|route|gate|track|room|no|number|over|under|about|around|approximately|nearly|almost|than|top|only|just|some|all|first|last|next|every|each|the|these|those|ages|age)\s*$/i;
const COUNT_WINDOW = 16;
const CUE = /\b(?:address|addr|live|lives|living|located|location|ship|shipping|shipped|mail|mailing|deliver|delivery|residence|resides|reside|home|billing|headquarters|hq|office|moved|visit)\b/i;
const CUE_WINDOW = 40;

const FULL = 0.9; // street or PO box, city, state and ZIP
const CITY_STATE = 0.85;
/** A box alone locates no one (banks print theirs on every letter); with an address cue it is someone's. */
const PO_BOX_ALONE = 0.45;
const PO_BOX_CUED = 0.7;
const WITH_UNIT = 0.7;
const STREET_ALONE = 0.6;
const CUE_BONUS = 0.1;

/** End of the city/state/ZIP part starting at `from` and the confidence it gives, or null. */
function cityStateZip(text: string, from: number): { end: number; confidence: number } | null {
  CITY_STATE_ZIP.lastIndex = from;
  const m = CITY_STATE_ZIP.exec(text);
  if (m === null) return null;
  return { end: from + m[0].length, confidence: m[1] === undefined ? CITY_STATE : FULL };
}

function unitEnd(text: string, from: number): number {
  UNIT.lastIndex = from;
  const m = UNIT.exec(text);
  return m === null ? from : from + m[0].length;
}

function add(found: Finding[], text: string, start: number, end: number, confidence: number): void {
  found.push(makeFinding(US_ADDRESS, text, start, end, lessIfNegative(text, start, end, confidence)));
}

function streets(text: string, found: Finding[]): void {
  for (const m of text.matchAll(STREET)) {
    const start = m.index;
    const streetEnd = start + m[0].length;
    const afterUnit = unitEnd(text, streetEnd);
    const tail = cityStateZip(text, afterUnit);
    if (tail !== null) {
      add(found, text, start, tail.end, tail.confidence);
      continue;
    }
    if (COUNT_WORD.test(text.slice(Math.max(0, start - COUNT_WINDOW), start))) continue;
    const base = afterUnit > streetEnd ? WITH_UNIT : STREET_ALONE;
    add(found, text, start, afterUnit, hasCueNear(text, start, afterUnit, CUE, CUE_WINDOW) ? base + CUE_BONUS : base);
  }
}

function prefixStreets(text: string, found: Finding[]): void {
  for (const m of text.matchAll(PREFIX_STREET)) {
    const start = m.index;
    const streetEnd = start + m[0].length;
    const afterUnit = unitEnd(text, streetEnd);
    const tail = cityStateZip(text, afterUnit);
    if (tail !== null) add(found, text, start, tail.end, tail.confidence);
    else if (hasCueNear(text, start, afterUnit, CUE, CUE_WINDOW)) add(found, text, start, afterUnit, STREET_ALONE + CUE_BONUS);
  }
}

function poBoxes(text: string, found: Finding[]): void {
  for (const m of text.matchAll(PO_BOX)) {
    const start = m.index;
    const boxEnd = start + m[0].length;
    const tail = cityStateZip(text, boxEnd);
    if (tail !== null) add(found, text, start, tail.end, tail.confidence);
    else add(found, text, start, boxEnd, hasCueNear(text, start, boxEnd, CUE, CUE_WINDOW) ? PO_BOX_CUED : PO_BOX_ALONE);
  }
}

export const usAddress: Detector = {
  ...US_ADDRESS,
  find(text, _earlier, shared = new ScanText(text)) {
    const found: Finding[] = [];
    if (HOUSE_NUMBER_THEN_WORD.test(text)) {
      streets(text, found);
      if (shared.hasAny(PREFIX_WORDS)) prefixStreets(text, found);
    }
    if (shared.hasAny(BOX_WORDS)) poBoxes(text, found);
    return found;
  },
};
