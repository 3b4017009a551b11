import { ScanText } from '../../scan-text.js';
import { hasCueNear, isAlnumCode, isDigitCode } from '../../text.js';
import type { DetectorType, Finding } from '../../types.js';
import { keyWordSet, wordSet } from '../../words-present.js';
import { makeFinding, type Detector } from '../detector.js';
import { hl7Components, hl7Identifiers, isField } from '../hl7.js';
import { afterLeader, answerStart } from '../label-gaps.js';
import { cellsUnder, type Cell } from './columns.js';
import { afterOtherIdLabel, cueWords, endsToken, isWholeToken, LabelWords, lessIfFictitious } from './cues.js';

const HEALTH_INSURANCE_ID: DetectorType = { type: 'HEALTH_INSURANCE_ID', category: 'PHI' };

// Two kinds of value. A Medicare Beneficiary Identifier has a shape of its own and is found
// anywhere; a health plan's member, subscriber or policy number has none and is only taken right
// after a label.

// MBI: 11 characters, C A AN N A AN N A A N N, letters never S L O I B Z; printed plain or as
// 4-3-4 with dashes (both dashes or none). Fixed length: no backtracking.
const L = '[AC-HJKMNP-RT-Y]';
const AN = '[AC-HJKMNP-RT-Y0-9]';
// People also type it in lower case (1eg4-te5-mk73): then only with a cue or in a column, since
// lower-case ids of this shape are common in URLs and logs.
const MBI_SOURCE = `[1-9]${L}${AN}\\d(?:-${L}${AN}\\d-|${L}${AN}\\d)${L}${L}\\d\\d`;
const MBI = new RegExp(MBI_SOURCE, 'g');
const MBI_ANY_CASE = new RegExp(MBI_SOURCE, 'gi');
const MBI_CUE = cueWords(
  'MBI|medicare|beneficiary|HICN|CMS|insurance|insured|insurer|member|subscriber|health\\s+plan|coverage|claims?|payer|' +
    'medicaid|patient',
);
const MBI_CUE_WINDOW = 60;
/** Words naming a Medicare id: without one, lower-case MBIs are not looked for. */
const MBI_CUE_WORDS = wordSet(['mbi', 'medicare', 'beneficiary', 'hicn']);
const MBI_WITH_CUE = 0.9;
/** No checksum, but 20 allowed letters in 9 fixed places: about 1 in 10,000 random codes fit. */
const MBI_WITHOUT_CUE = 0.8;
const MBI_AFTER_OTHER_ID = 0.4;

// Labels that name a health insurance identifier on their own, also as keys (`medicaid_id`,
// `subscriberId`).
const ID_WORDS = '(?:id|identifier|number|num|no\\.?|#)';
const SEP = '[\\s_-]{0,3}';
const QUALIFIER = `(?:(?:member|recipient|card|subscriber|beneficiary)${SEP})?`;
// "Insured's I.D. number" is box 1a of the CMS-1500 claim form; "Insurance: …" and "ins is …" take
// only a value with digits, so "Insurance: Blue Cross PPO" yields nothing.
const STRONG_LABEL = new LabelWords(
  `subscriber${SEP}${ID_WORDS}|(?:health${SEP})?insurance(?:${SEP}${QUALIFIER}${ID_WORDS})?|` +
    `insured(?:['’]?s)?${SEP}(?:I\\.?D\\.?|${ID_WORDS})(?:${SEP}${ID_WORDS})?|ins\\.?${SEP}(?:id|#|no\\.?|number)|ins(?=\\s+is\\s)|` +
    `health${SEP}plan${SEP}${QUALIFIER}${ID_WORDS}|(?:medicaid|medicare|BCBS)(?:${SEP}${QUALIFIER}${ID_WORDS})?|` +
    `beneficiary${SEP}${ID_WORDS}|MBI|HICN`,
);
// "Member ID" is what health plans print on their cards, but gyms, shops and forums number their
// members too: alone it takes only a long value (health plans' ids run to 9-12 characters;
// other memberships' are mostly shorter). Policies, groups and plans are everywhere (car
// insurance, consumer groups, AWS security groups): only with a health insurance word near.
const MEMBER_LABEL = new LabelWords(`member(?:ship)?${SEP}${ID_WORDS}`);
const WEAK_LABEL = new LabelWords(
  `policy${SEP}(?:holder${SEP})?${ID_WORDS}|group${SEP}${ID_WORDS}|(?:plan|payer)${SEP}id`,
);
/**
 * An id label alone on the line under the member's name, as letters from health plans head them:
 * "Member: Jane Roe" then "ID #: W123456789". Read as a member id label.
 */
const ID_UNDER_MEMBER =
  /(?<=(?:^|\n)[ \t]*(?:member|subscriber|insured|enrollee|beneficiary)(?:['’]s)?(?:[ \t]+name)?[ \t]*:[^\n]{1,80}\n[ \t]*)I\.?D\.?(?:[ \t]*(?:#|no\.?|number))?(?![A-Za-z])/gi;
const ID_UNDER_MEMBER_WORDS = wordSet(['member', 'subscriber', 'insured', 'enrollee', 'beneficiary']);
/** Each tier's labels, with words one of which every such label holds: without them its regex is not run. */
const LABELS = [
  {
    tier: 'strong',
    label: STRONG_LABEL,
    words: wordSet([
      'subscriber', 'insurance', 'insured', 'ins id', 'insid', 'ins-id', 'ins_id', 'ins.', 'ins #', 'ins no', 'ins is', 'health',
      'medicaid', 'medicare', 'bcbs', 'beneficiary', 'mbi', 'hicn',
    ]),
  },
  { tier: 'member', label: MEMBER_LABEL, words: wordSet(['member']) },
  { tier: 'weak', label: WEAK_LABEL, words: wordSet(['policy', 'group', 'plan', 'payer']) },
] as const;
const HEALTH_CONTEXT = cueWords(
  'health|healthcare|medical|dental|vision|medicare|medicaid|patient|hospital|clinic|pharmacy|rx|payer|insurer|' +
    'insurance|insured|BCBS|blue\\s+(?:cross|shield)|aetna|cigna|humana|kaiser|anthem|united\\s?healthcare|UHC|tricare|' +
    'HMO|PPO|EPO|copay|co-pay|deductible|coverage|claims?|provider',
);
const HEALTH_CONTEXT_WINDOW = 80;
const STRONG_LABELLED = 0.8;
const WEAK_LABELLED = 0.7;
const MEMBER_ALONE = 0.6;
const MEMBER_ALONE_MIN_LENGTH = 9;
/** Table columns of member ids and the like: what a strong label says, said once for every row. */
const COLUMN_KEYS = new Set([
  'memberid', 'membernumber', 'memberno', 'subscriberid', 'subscribernumber', 'insuranceid', 'insurancenumber',
  'insurancememberid', 'healthplanid', 'healthplanmemberid', 'planmemberid', 'medicaidid', 'medicaidnumber',
  'medicareid', 'medicarenumber', 'mbi', 'medicarembi', 'hicn', 'beneficiaryid',
]);
/** A header's key is read from its letters and digits: a text without one of these among its own has no such column. */
const COLUMN_KEY_WORDS = keyWordSet([...COLUMN_KEYS]);
/** Keys that end like a member id key name one too: `payer_member_id`, `primarySubscriberId`. */
const COLUMN_KEY_END = /(?:member|subscriber|insurance|beneficiary)(?:id|number|no)$/;

function isColumnKey(key: string): boolean {
  return COLUMN_KEYS.has(key) || COLUMN_KEY_END.test(key);
}
const IN_COLUMN = 0.8;

// Between a label and its value: separators, quotes, brackets, and a filler word ("Member ID
// is", "Policy Number No.", "subscriber ID to"). Group 1 is the value: alphanumeric chunks
// joined by single dashes.
const VALUE_AFTER_LABEL =
  /^["'\s:#=.()[\]-]{0,6}(?:(?:is|was|to|as|no|num|number|id)\.?["'\s:#=-]{1,4})?([A-Za-z0-9]+(?:-[A-Za-z0-9]+){0,3})/;
/**
 * After a strong label, the name of a plan, carrier or pharmacy benefit manager (one to four
 * capitalised words) and its id label: "Insurance: Express Scripts ID", "Insurance: Blue Cross Blue
 * Shield Member ID #". The value follows as after any label.
 */
const CARRIER_THEN_ID = /^[ \t]*[:=-]?[ \t]*(?:[A-Z][A-Za-z&.'’-]*[ \t]+){1,4}(?:[Mm]ember[ \t]+|[Ss]ubscriber[ \t]+)?(?:ID|Id|id|No\.?|no\.?|Number|number|#)(?![A-Za-z])/;
const CARRIER_WINDOW = 70;
/** Longest text VALUE_AFTER_LABEL can consume after a label, plus one for the look at what follows. */
const AFTER_LABEL = 48;
const MIN_LENGTH = 6;
const MAX_LENGTH = 15;
const MIN_DIGITS = 3;
const DATE = /^(?:\d{4}-\d\d-\d\d|\d\d-\d\d-\d{4})$/;
/** A whole table cell that may be a member id. */
const MEMBER_ID = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+){0,3}$/;

/** How many letters and digits a plausible member id has, or 0 when it is not one. */
function memberIdLength(value: string): number {
  let alnum = 0;
  let digits = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (isAlnumCode(c)) alnum++;
    if (isDigitCode(c)) digits++;
  }
  return alnum >= MIN_LENGTH && alnum <= MAX_LENGTH && digits >= MIN_DIGITS && !DATE.test(value) ? alnum : 0;
}

type Tier = 'strong' | 'member' | 'weak';

/** The confidence of a value after a label of this tier, or 0 when it is not reported. */
function rate(tier: Tier, length: number, text: string, labelStart: number, labelEnd: number): number {
  if (tier === 'strong') return STRONG_LABELLED;
  if (hasCueNear(text, labelStart, labelEnd, HEALTH_CONTEXT, HEALTH_CONTEXT_WINDOW)) return WEAK_LABELLED;
  return tier === 'member' && length >= MEMBER_ALONE_MIN_LENGTH ? MEMBER_ALONE : 0;
}

/**
 * MBIs anywhere; `column` holds the starts of cells under member id headers. With `anyCase` (a
 * cue word is in the text), lower- and mixed-case ones too, when a cue is near or in a column.
 */
function mbis(text: string, column: ReadonlySet<number>, anyCase: boolean, found: Finding[]): void {
  for (const m of text.matchAll(anyCase ? MBI_ANY_CASE : MBI)) {
    const start = m.index;
    const end = start + m[0].length;
    if (!isWholeToken(text, start, end)) continue;
    const upper = !anyCase || m[0] === m[0].toUpperCase();
    let confidence = MBI_WITHOUT_CUE;
    if (column.has(start) || hasCueNear(text, start, end, MBI_CUE, MBI_CUE_WINDOW)) confidence = MBI_WITH_CUE;
    else if (!upper) continue;
    else if (afterOtherIdLabel(text, start)) confidence = MBI_AFTER_OTHER_ID;
    found.push(makeFinding(HEALTH_INSURANCE_ID, text, start, end, lessIfFictitious(text, start, end, confidence)));
  }
}

/** Values right after a label; `taken` holds the starts already reported as MBIs. */
function labelled(
  text: string,
  labels: readonly RegExpExecArray[],
  tier: Tier,
  taken: Set<number>,
  found: Finding[],
): void {
  for (const cue of labels) {
    // The value follows the label, past any dot leader, or answers the question the label is in.
    let from = afterLeader(text, cue.index + cue[0].length);
    let m = VALUE_AFTER_LABEL.exec(text.slice(from, from + AFTER_LABEL));
    if (memberIdLength(m?.[1] ?? '') === 0 && tier === 'strong') {
      // "Insurance: Express Scripts ID 918602774": the plan or pharmacy benefit manager, then its id.
      const carrier = CARRIER_THEN_ID.exec(text.slice(from, from + CARRIER_WINDOW));
      if (carrier) {
        const after = VALUE_AFTER_LABEL.exec(text.slice(from + carrier[0].length, from + carrier[0].length + AFTER_LABEL));
        if (memberIdLength(after?.[1] ?? '') > 0) {
          from += carrier[0].length;
          m = after;
        }
      }
    }
    if (memberIdLength(m?.[1] ?? '') === 0) {
      const answer = answerStart(text, from);
      if (answer >= 0) m = VALUE_AFTER_LABEL.exec(text.slice((from = answer), answer + AFTER_LABEL));
    }
    const value = m?.[1];
    if (m === null || value === undefined) continue;
    const end = from + m[0].length;
    const start = end - value.length;
    const length = memberIdLength(value);
    if (taken.has(start) || length === 0 || !endsToken(text, end)) continue;
    if (text.charAt(end) === '@') continue; // the start of an email address
    const confidence = rate(tier, length, text, cue.index, cue.index + cue[0].length);
    if (confidence === 0) continue;
    taken.add(start);
    found.push(makeFinding(HEALTH_INSURANCE_ID, text, start, end, lessIfFictitious(text, start, end, confidence)));
  }
}

/** Cells of member id columns; MBI-shaped cells are already in `taken`. */
function inColumns(text: string, cells: readonly Cell[], taken: Set<number>, found: Finding[]): void {
  for (const cell of cells) {
    const value = text.slice(cell.start, cell.end);
    if (taken.has(cell.start) || !MEMBER_ID.test(value) || memberIdLength(value) === 0) continue;
    taken.add(cell.start);
    const confidence = lessIfFictitious(text, cell.start, cell.end, IN_COLUMN);
    found.push(makeFinding(HEALTH_INSURANCE_ID, text, cell.start, cell.end, confidence));
  }
}

/** HL7 v2 patient identifiers typed as a member, Medicare or Medicaid number (PID-3 `^^^…^MB`). */
const HL7_MEMBER_KINDS = new Set(['MB', 'MI', 'MC', 'MA', 'SN', 'MCD', 'MCR']);

/**
 * Insurance ids in HL7 v2: IN1-36 (policy number), IN1-49 (insured's id), and PID identifiers
 * typed as member numbers. The field names them, as a column header does.
 */
function hl7Cells(text: string, shared: ScanText): Cell[] {
  const components = hl7Components(text, shared);
  if (components.length === 0) return [];
  const cells: Cell[] = components.filter((c) => isField(c, 'IN1', 36, 1) || isField(c, 'IN1', 49, 1));
  for (const id of hl7Identifiers(text, components, 'PID', [2, 3, 4])) if (HL7_MEMBER_KINDS.has(id.kind)) cells.push(id);
  return cells;
}

export const healthInsuranceId: Detector = {
  ...HEALTH_INSURANCE_ID,
  find(text, _earlier, shared = new ScanText(text)) {
    const found: Finding[] = [];
    const cells = shared.hasAny(COLUMN_KEY_WORDS) ? cellsUnder(text, isColumnKey) : [];
    cells.push(...hl7Cells(text, shared));
    mbis(text, new Set(cells.map((c) => c.start)), cells.length > 0 || shared.hasAny(MBI_CUE_WORDS), found);
    const taken = new Set(found.map((f) => f.start));
    for (const { tier, label, words } of LABELS) {
      if (shared.hasAny(words)) labelled(text, label.in(text, shared), tier, taken, found);
    }
    if (shared.hasAny(ID_UNDER_MEMBER_WORDS)) labelled(text, [...text.matchAll(ID_UNDER_MEMBER)], 'member', taken, found);
    inColumns(text, cells, taken, found);
    return found;
  },
};
