import { ScanText } from '../../scan-text.js';
import type { DetectorType, Finding } from '../../types.js';
import { wordSet } from '../../words-present.js';
import { makeFinding, type Detector } from '../detector.js';
import { hl7Components, hl7Names } from '../hl7.js';
import { cellsUnderHeaders } from './columns.js';
import { FIRST_NAMES } from './first-names.js';
import { AMBIGUOUS_FIRST_NAMES, BRAND_NAMES, NAME_PARTICLES, NOT_NAME_WORDS, ORG_AFTER_NAME, ORG_LAST_WORD } from './name-words.js';
import { lessIfNegative } from './negative-context.js';

const PERSON_NAME: DetectorType = { type: 'PERSON_NAME', category: 'PII' };

// Names have no shape, so every finding comes from context: a title (Mr., Dr.), a labelled field
// (Name:, "first_name":), a role (patient, employee, customer), a salutation (Dear, Hi), a signature
// after a closing (Regards,\n), an introduction (my name is, signed by), or, at a lower confidence,
// a given name from FIRST_NAMES followed by a capitalised surname. The finding is the name only,
// never the cue. Precision is imperfect by nature; docs/detectors/pii.md says where it fails.

// One name word: "Smith", "McDonald", "O'Brien", "Jean-Luc", "José"; or all capitals ("SMITH").
// "Saint" abbreviated ("Gaëlle St. John") and romanised given names joined in lower case
// ("Seo-yeon", "Ji-ho") are name words too.
const WORD = /(?:\p{Lu}['’])?\p{Lu}\p{Ll}+(?:\p{Lu}\p{Ll}+)?(?:-(?:\p{Lu}['’])?\p{L}\p{Ll}+(?:\p{Lu}\p{Ll}+)?)?/uy;
/** "St." or "Ste." then a capital: Saint, part of the name ("Gaëlle St. John"). */
const SAINT = /^\. \p{Lu}/u;
const CAPS_WORD = /(?:\p{Lu}['’])?\p{Lu}{2,}(?:['’-]\p{Lu}{2,})?/uy;
const INITIAL = /\p{Lu}\.?(?=[ \t](?:\p{Lu}|\p{Ll}{1,4}[ \t]\p{Lu}))/uy;
const PARTICLE = /(\p{Ll}{1,4})[ \t](?=\p{Lu})/uy;
const GAP = /[ \t]{1,2}/y;
/** A name glued to what follows is part of something else: an address, a domain, an identifier. */
// Two or more underscores are a form's blank line the name was written on ("Signature:
// ____Tomás Whitaker____"), not an identifier's joint.
const GLUED_AFTER = /^(?:[\p{L}\p{N}@]|_(?!_)|\.[\p{L}\p{N}]|['’]\p{L}{2})/u;
const GLUED_BEFORE = /[\p{L}\p{N}_@./\\#$%&*+=<-]$/u;

const ASCII_WORD = /^[A-Za-z'’-]*$/;

/** Lower case, diacritics folded, for the word lists: "José" -> "jose", "Łukasz" -> "lukasz". */
function fold(word: string): string {
  if (ASCII_WORD.test(word)) return word.toLowerCase();
  return word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[łø]/g, (c) => (c === 'ł' ? 'l' : 'o'))
    .replace(/ß/g, 'ss');
}

interface Name {
  start: number;
  end: number;
  /** Folded words, initials left out. */
  words: string[];
}

function matchAt(re: RegExp, text: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(text);
}

function stickyAt(re: RegExp, text: string, at: number): string | null {
  return matchAt(re, text, at)?.[0] ?? null;
}

/**
 * The name starting at `at`: up to `max` words separated by a space, with middle initials and
 * surname particles. Stops before a word that is not a name word; null when no word is taken or
 * the name is glued to an email address or identifier.
 */
function readName(text: string, at: number, max: number, caps: boolean): Name | null {
  const words: string[] = [];
  let end = at;
  let pos = at;
  while (words.length < max) {
    let wordAt = pos;
    if (words.length > 0) {
      const gap = stickyAt(GAP, text, pos);
      if (gap === null) break;
      wordAt = pos + gap.length;
      const initial = stickyAt(INITIAL, text, wordAt);
      if (initial !== null) {
        pos = wordAt + initial.length;
        continue;
      }
      const particle = matchAt(PARTICLE, text, wordAt);
      if (particle?.[1] !== undefined && NAME_PARTICLES.has(particle[1])) wordAt += particle[0].length;
    }
    let word = stickyAt(WORD, text, wordAt) ?? (caps ? stickyAt(CAPS_WORD, text, wordAt) : null);
    if ((word === 'St' || word === 'Ste') && words.length > 0 && SAINT.test(text.slice(wordAt + word.length, wordAt + word.length + 3))) word += '.';
    const folded = word === null ? '' : fold(word);
    // A repeated first word starts another name: "Thanks, Kevin Nowak Kevin Nowak asked…".
    if (word === null || NOT_NAME_WORDS.has(folded) || folded === words[0]) break;
    const wordEnd = wordAt + word.length;
    const after = text.slice(wordEnd, wordEnd + 3);
    const possessive = /^['’]s\b/.test(after);
    if (GLUED_AFTER.test(after) && !possessive) return null;
    words.push(folded);
    end = wordEnd;
    pos = wordEnd;
    if (possessive) break; // "John Smith's"
  }
  return words.length > 0 ? { start: at, end, words } : null;
}

/** "Haddad, Aaliyah" / "NOVAK, KWAME J": a surname, a comma, then the given name and initials, ending the field. */
const INVERTED_COMMA = /^,[ \t]?(?=\p{Lu})/u;
const FIELD_END = /^(?:[ \t]*(?:\r?\n|$|\|)|[ \t]{2,}|\t)/;

/**
 * In a labelled field, a one-word name followed by a comma and more name words to the end of the
 * field is written surname first: the whole "Haddad, Aaliyah" is the name. `name` itself otherwise.
 */
function inverted(text: string, name: Name, caps: boolean): Name {
  if (name.words.length !== 1) return name;
  const comma = INVERTED_COMMA.exec(text.slice(name.end, name.end + 3));
  if (comma === null) return name;
  const given = readName(text, name.end + comma[0].length, 2, caps);
  if (given === null || !FIELD_END.test(text.slice(given.end, given.end + 3))) return name;
  return { start: name.start, end: given.end, words: [...given.words, ...name.words] };
}

/** The word right after the name, folded, if it follows a single space. */
function wordAfter(text: string, end: number): string {
  const m = /^[ \t](\p{Lu}\p{L}*)/u.exec(text.slice(end, end + 40));
  return m?.[1] ? fold(m[1]) : '';
}

/** The names found so far, the best one per start. */
class Names {
  readonly best = new Map<number, Finding>();

  constructor(private readonly text: string) {}

  add(start: number, end: number, confidence: number): void {
    const text = this.text;
    if (GLUED_BEFORE.test(text.slice(Math.max(0, start - 1), start)) && text.slice(Math.max(0, start - 2), start) !== '__') return;
    const c = lessIfNegative(text, start, end, confidence);
    const held = this.best.get(start);
    if (held === undefined || held.confidence < c || (held.confidence === c && held.end < end)) {
      this.best.set(start, makeFinding(PERSON_NAME, text, start, end, c));
    }
  }
}
const known = (word: string | undefined) => word !== undefined && FIRST_NAMES.has(word);

// --- Cues -------------------------------------------------------------------------------------

const TITLE = /(?<![\p{L}\p{N}])(Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Professor|Sir|Dame|Rev|Reverend|MR|MRS|MS|DR|PROF)\.?[ \t]{1,2}(?=\p{Lu})/gu;
/** Every title holds one of these, lower-cased. */
const TITLE_WORDS = wordSet(['mr', 'ms', 'miss', 'mx', 'dr', 'prof', 'sir', 'dame', 'rev']);
const TITLED = 0.8;

function byTitle(text: string, names: Names): void {
  for (const m of text.matchAll(TITLE)) {
    const name = readName(text, m.index + m[0].length, 3, true);
    if (name === null || BRAND_NAMES.has(`${fold(m[1] ?? '')}_${name.words[0]}`)) continue;
    names.add(name.start, name.end, TITLED);
  }
}

// A field label and its separator: "Name:", "Patient Name =", `"first_name": "`, "surname:", and
// printed forms' "PATIENT'S NAME ........ ", "SIGNATURE OF PHYSICIAN ....". A required mark and a
// format hint may stand before the separator ("Legal name*:", "PATIENT'S NAME (Last, First, MI):");
// a table's bar ("| Nombre y apellidos | Nuria Romero |"), Ruby's `=>` and a form's blank line of
// underscores ("Signature: ____Tomás Whitaker____") count as separators. Other languages' labels
// for a person's full name and signature count as well: Nombre y apellidos, Nome completo, Nom
// complet, Vor- und Nachname, Imię i nazwisko, Adı Soyadı (a person's); Nombre, Nome, Nom, Naam,
// Namn, Nimi (like a bare "name"); Firma, Assinatura, Unterschrift, Handtekening, Underskrift,
// Podpis, Allekirjoitus, İmza (a signature).
const FULL_NAME_LABELS =
  'nombre[ \\t]+y[ \\t]+apellidos|nombre[ \\t]+completo|apellidos[ \\t]+y[ \\t]+nombre|nome[ \\t]+completo|nom[ \\t]+complet|nom[ \\t]+et[ \\t]+pr[ée]nom|' +
  'vor-?[ \\t]*und[ \\t]+nachname|vollst[äa]ndiger[ \\t]+name|imi[ęe][ \\t]+i[ \\t]+nazwisko|ad[ıi][ \\t]+soyad[ıi]|volledige[ \\t]+naam|' +
  'f[öo]r-?[ \\t]+och[ \\t]+efternamn|koko[ \\t]+nimi|nachname|vorname|apellidos?|nazwisko|efternamn|sukunimi|soyad[ıi]|' +
  'pr[ée]nom|nom[ \\t]+de[ \\t]+famille|nom[ \\t]+d[\'’][ée]pouse|nome[ \\t]+e[ \\t]+cognome|cognome|achternaam|voornaam|f[öo]rnamn|etunimi|imi[ęe]';
const SIGNATURE_LABELS = 'firma|assinatura|unterschrift|handtekening|underskrift|podpis|allekirjoitus|i̇mza|imza';
const BARE_NAME_LABELS = 'nombre|nome|nom|naam|namn|nimi';
/** What follows a label: a required mark, a format hint, the separator, quotes, a form's blank line. */
const LABEL_TAIL = '["\']?\\*?(?:[ \\t]*\\([^)\\n]{1,30}\\))?[ \\t]*(?:=>|[:=|]|\\.{2,80})[ \\t]*["\']?(?:_{2,}[ \\t]*)?(?=\\p{Lu})';
const LABEL = new RegExp(
  '(?<![\\p{L}\\p{N}])((?:full|first|last|given|family|middle|maiden|legal|patient|employee|customer|client|contact|card[ _-]?holder|account[ _-]?holder|member|guest|passenger|applicant|beneficiary|recipient|sender|emergency[ _-]?contact|guardian|spouse|insured|subscriber|student|tenant|candidate|traveller|traveler)(?:[\'’]s)?[ _-]?name|' +
    'name[ _-]?on[ _-]?card|card[ _-]?holder|account[ _-]?holder|name|surname|forename|signature(?:[ \\t]+of[ \\t]+\\p{L}{3,12})?)' +
    LABEL_TAIL,
  'giu',
);
/** The other languages' labels, looked for only in a text that holds one of FOREIGN_LABEL_WORDS. */
const FOREIGN_LABEL = new RegExp(
  `(?<![\\p{L}\\p{N}])(${FULL_NAME_LABELS}|${BARE_NAME_LABELS}|${SIGNATURE_LABELS})${LABEL_TAIL}`,
  'giu',
);
const BARE_NAME_LABEL = new RegExp(`^(?:name|${BARE_NAME_LABELS})$`, 'i');
const FOREIGN_BARE_NAME_LABEL = new RegExp(`^(?:${BARE_NAME_LABELS})$`, 'i');
const LABELLED = 0.8;
const LABELLED_OTHER_WORD = 0.75;

/** A bare "name" label after one of these names a thing: "Bank name: Chase", "Project name: Atlas". */
const THING_BEFORE_NAME =
  /(?:^|[^\p{L}])(?:bank|company|business|trading|product|project|file|host|server|device|app|application|branch|street|store|shop|brand|vendor|merchant|organi[sz]ation|org|entity|team|group|domain|model|field|column|table|database|db|service|cluster|bucket|repo|repository|package|module|event|campaign|plan|course|school|hospital|clinic|practice|facility|pharmacy|drug|medication|test)[ \t_-]*$/iu;

function byLabel(text: string, names: Names, label: RegExp): void {
  for (const m of text.matchAll(label)) {
    const read = readName(text, m.index + m[0].length, 4, true);
    if (read === null) continue;
    const name = inverted(text, read, true);
    const bare = BARE_NAME_LABEL.test(m[1] ?? '');
    if (bare && THING_BEFORE_NAME.test(text.slice(Math.max(0, m.index - 20), m.index))) continue;
    if (!bare) names.add(name.start, name.end, LABELLED);
    // A bare "name:" also labels projects, jobs and files: one of the words must be a given name.
    else if (known(name.words[0])) names.add(name.start, name.end, LABELLED);
    else if (name.words.some(known)) names.add(name.start, name.end, LABELLED_OTHER_WORD);
    // "Name: Keisha F. Haddad-Lindqvist": a middle initial makes it a person's name; so do two or
    // more name words after another language's "name" label, which forms use for people.
    else if (WITH_MIDDLE_INITIAL.test(text.slice(name.start, name.end))) names.add(name.start, name.end, LABELLED_OTHER_WORD);
    else if (FOREIGN_BARE_NAME_LABEL.test(m[1] ?? '') && name.words.length >= 2) names.add(name.start, name.end, LABELLED_OTHER_WORD);
  }
}

// CSV/TSV columns: person-specific headers (first_name, Last Name, patient_name) take any name-shaped
// cell; a plain "name" column (also used for products and files) needs a cell that starts with an
// unambiguous given name.
const PERSON_HEADER =
  /^(?:(?:full|first|last|given|family|middle|patient|employee|customer|client|contact|holder|member|guest|passenger|applicant|student|tenant|requester|requestor|reporter|submitter|assignee|sender|recipient|insured|subscriber|beneficiary|signer)[ _-]?name|surname|forename)$/i;
const NAME_HEADER = /^name$/i;
/** Columns that name the person by role alone: `cardholder`, `account_holder`, `beneficiary`. */
// Only words rare in prose: every line holding a hint word is split as a possible header.
const ROLE_HEADER = /^(?:card|account)?[ _-]?holder$|^(?:beneficiary|payee|insured|subscriber|guarantor|cardholder|primary[ _-]?contact)$/i;
/**
 * Columns that name a person by the part they play in a ticket, a log or a roster (`Agent`,
 * `assignee`, `created_by`, `Customer`): a cell there may hold a given name alone ("Priya"), as
 * help desks and CRMs print their staff, or a given name and a surname.
 */
const PERSON_ROLE_HEADER =
  /^(?:(?:support[ _-]?)?agent|assignee|assigned[ _-]?to|requester|requestor|reporter|submitter|owner|customer|technician|caller|attendee|participant|supervisor|(?:submitted|created|updated|modified|opened|closed|resolved|handled|approved|reviewed|entered)[ _-]?by)$/i;
const HEADER_HINT = /name|holder|beneficiary|payee|insured|subscriber|guarantor|primary[ _-]?contact/gi;
/** The same, with the role headers' words: used only in a text holding one of ROLE_COLUMN_WORDS. */
const ROLE_HEADER_HINT = new RegExp(
  `${HEADER_HINT.source}|agent|assign|request[eo]r|reporter|submit|owner|customer|technician|caller|attendee|participant|supervisor|ed[ _-]by`,
  'gi',
);
const NAME_WORD = wordSet(['name', 'signature', 'holder']);
const FOREIGN_LABEL_WORDS = wordSet([
  'nombre', 'nome', 'nom', 'naam', 'namn', 'nimi', 'apellido', 'nazwisko', 'soyad', 'efternamn', 'cognome', 'voornaam', 'fornamn',
  'förnamn', 'etunimi', 'imię', 'imie', 'sukunimi', 'firma', 'assinatura', 'unterschrift', 'handtekening', 'underskrift', 'podpis',
  'allekirjoitus', 'imza', 'i̇mza', 'nachname', 'vorname', 'vollst',
]);
const COLUMN_WORDS = wordSet(['name', 'holder', 'beneficiary', 'payee', 'insured', 'subscriber', 'guarantor', 'primary contact', 'primary_contact']);
const ROLE_COLUMN_WORDS = wordSet([
  'agent', 'assign', 'requester', 'requestor', 'reporter', 'submit', 'owner', 'customer', 'technician', 'caller', 'attendee', 'participant',
  'supervisor', 'ed_by', 'ed-by', 'ed by',
]);
const IN_COLUMN = 0.75;
/** A given name alone under a role header (`Agent`, `assignee`): context found, but one word. */
const IN_ROLE_COLUMN = 0.7;

function isNameHeader(header: string): boolean {
  return PERSON_HEADER.test(header) || NAME_HEADER.test(header) || ROLE_HEADER.test(header) || PERSON_ROLE_HEADER.test(header);
}

function byColumn(text: string, names: Names, hint: RegExp): void {
  for (const cell of cellsUnderHeaders(text, hint, isNameHeader)) {
    const name = readName(text, cell.start, 4, true);
    if (name === null || name.end !== cell.end) continue;
    const first = name.words[0] ?? '';
    const byRole = ROLE_HEADER.test(cell.header) && name.words.length >= 2; // a payee may be "ACME"
    if (PERSON_HEADER.test(cell.header) || byRole || (known(first) && !AMBIGUOUS_FIRST_NAMES.has(first))) {
      names.add(name.start, name.end, IN_COLUMN);
    } else if (PERSON_ROLE_HEADER.test(cell.header)) {
      // The header says a person is meant, so an ambiguous given name ("Grace") counts here.
      if (known(first)) names.add(name.start, name.end, name.words.length > 1 ? IN_COLUMN : IN_ROLE_COLUMN);
      else if (WITH_MIDDLE_INITIAL.test(text.slice(name.start, name.end))) names.add(name.start, name.end, IN_ROLE_COLUMN);
    }
  }
}

const ROLES = ['patient', 'employee', 'customer', 'client', 'applicant', 'tenant', 'resident', 'student', 'passenger', 'claimant', 'insured'];
/**
 * Roles that name a person only as a field label, with a colon or dot leader ("Agent: Hannah
 * Nguyen", "Assignee: Gaëlle St. John", "Prescriber: Ji-ho de Vries, DDS").
 */
const LABEL_ROLES = [
  'agent', 'visitor', 'assignee', 'reporter', 'requester', 'requestor', 'approver', 'reviewer', 'prescriber', 'physician',
  'doctor', 'nurse', 'caller', 'witness', 'guarantor', 'signatory', 'representative', 'traveler', 'traveller', 'guest',
  'provider', 'contractor', 'consultant', 'driver', 'party', 'payee', 'holder', 'cardholder', 'owner', 'borrower', 'dependent',
  'dependents',
];
/** Label roles that often name a company or a practice ("Billing provider: Cedar Family Medicine"): a person's name shape is needed. */
const ORG_PRONE_ROLES = new Set(['provider', 'contractor', 'consultant', 'party', 'payee', 'holder', 'owner', 'borrower']);
const ROLE_WORDS = wordSet([...ROLES, ...LABEL_ROLES]);
const ROLE_WORD = `(?:${ROLES.join('|')}|${LABEL_ROLES.join('|')})`;
const LABEL_ROLE = new RegExp(`^(?:${LABEL_ROLES.join('|')})$`, 'i');
// The role word, not glued to a letter or digit before it. The look-behind comes after the word
// (and reads it again backwards), so V8 tests it only where a role word is: the same matches, as
// a role word holds only letters.
const ROLE = new RegExp(
  `${ROLE_WORD}(?<=(?<![\\p{L}\\p{N}])${ROLE_WORD})(?:([ \\t]*(?:[:#-]|\\.{2,80})[ \\t]*)|[ \\t]{1,2})(?=\\p{Lu})`,
  'giu',
);
const ROLE_FULL = 0.75;
const ROLE_PART = 0.65;

function byRole(text: string, names: Names): void {
  for (const m of text.matchAll(ROLE)) {
    const read = readName(text, m.index + m[0].length, 4, false);
    if (read === null) continue;
    const name = m[1] === undefined ? read : inverted(text, read, false); // "Patient ...... Haddad, Aaliyah"
    const role = m[0].slice(0, m[0].length - (m[1] ?? ' ').length).trim();
    const labelOnly = LABEL_ROLE.test(role);
    if (labelOnly && m[1] === undefined) continue; // "the agent Smith…", "doctor Who"
    if (known(name.words[0])) names.add(name.start, name.end, name.words.length > 1 ? ROLE_FULL : ROLE_PART);
    else if (ORG_PRONE_ROLES.has(role.toLowerCase())) {
      if (WITH_MIDDLE_INITIAL.test(text.slice(name.start, name.end))) names.add(name.start, name.end, ROLE_PART);
    }
    else if (m[1] !== undefined && name.words.length > 1) names.add(name.start, name.end, ROLE_PART); // "Patient: Okafor Chidi"
  }
}

const SALUTATION_WORDS = wordSet(['dear', 'hi', 'hello', 'hey', 'greetings', 'good']);
const SALUTATION = /(?<![\p{L}\p{N}])(Dear|Hi|Hello|Hey|Hiya|Greetings|Good[ \t]+(?:morning|afternoon|evening))[ \t,]{1,2}(?=\p{Lu})/gu;
const DEAR_KNOWN = 0.75;
const DEAR_OTHER = 0.7;
const HI_KNOWN = 0.7;
const HI_OTHER = 0.65;
/** A greeting's name is followed by punctuation or the end of the line: "Hi Maria," "Hello Priya!" */
const ENDS_GREETING = /^(?:[ \t]*[,!:.\n\r—–-]|[ \t]*$)/;

function bySalutation(text: string, names: Names): void {
  for (const m of text.matchAll(SALUTATION)) {
    const name = readName(text, m.index + m[0].length, 3, false);
    if (name === null) continue;
    const first = name.words[0];
    if (m[1] === 'Dear') names.add(name.start, name.end, known(first) ? DEAR_KNOWN : DEAR_OTHER);
    else if (known(first)) names.add(name.start, name.end, HI_KNOWN);
    else if (ENDS_GREETING.test(text.slice(name.end, name.end + 3))) names.add(name.start, name.end, HI_OTHER);
  }
}

// A closing, then the name alone on the next line, optionally after a dash: "Regards,\nJohn Smith",
// "Thanks,\n—Jane".
// Letters in other languages close the same way: Mit freundlichen Grüßen, Met vriendelijke groet,
// Cordialement, Atentamente, Com os melhores cumprimentos, Cordiali saluti, Z poważaniem,
// Med vänliga hälsningar, Ystävällisin terveisin, Saygılarımla.
const CLOSING_WORDS = wordSet([
  'regards', 'wishes', 'thanks', 'sincerely', 'yours', 'best', 'cheers', 'thank', 'respectfully', 'cordially', 'care', 'grüß',
  'grüss', 'gruss', 'grüße', 'groet', 'cordialement', 'salutations', 'atentamente', 'saludos', 'cumprimentos', 'atenciosamente',
  'saluti', 'poważaniem', 'pozdrawiam', 'hälsningar', 'terveisin', 'saygılarımla', 'saygilarimla', 'love', 'xo', 'hugs', 'warmly', 'soon',
  'thx', 'gratitude',
]);
const CLOSING =
  '(?:(?:best|kind|warm|warmest|many)[ \\t]+(?:regards|wishes|thanks)|regards|sincerely(?:[ \\t]+yours)?|yours[ \\t]+(?:sincerely|truly|faithfully)|best|cheers|thanks|thank[ \\t]+you|respectfully|cordially|take[ \\t]+care|all[ \\t]+the[ \\t]+best|' +
  // Informal closings: "Love, Leah", "Thanks again,\nSam", "xoxo,\nMia", "Talk soon,\nRaj".
  '(?:thanks|thank[ \\t]+you)[ \\t]+(?:again|so[ \\t]+much|a[ \\t]+lot)|thx|(?:lots[ \\t]+of[ \\t]+|all[ \\t]+my[ \\t]+|with[ \\t]+)?love|love[ \\t]+you|xo(?:xo)?|hugs|warmly|warm[ \\t]+wishes|with[ \\t]+(?:thanks|gratitude)|(?:talk|speak|see[ \\t]+you)[ \\t]+soon|' +
  // Only a closing's last word need be matched: the rule reads what follows it ("Mit freundlichen Grüßen").
  'gr(?:ü|ue)(?:ß|ss)(?:en|e)|groet(?:en)?|cordialement|salutations|atentamente|saludos?|cumprimentos|atenciosamente|saluti|' +
  'poważaniem|pozdrawiam|hälsningar|terveisin|saygılarımla|saygilarimla)';
// A quoted reply repeats its signature after `>` markers ("Thanks,\n>> Núria Adeyemi").
const SIGNATURE = new RegExp(
  `(?<![\\p{L}])${CLOSING}[ \\t]*[,!.]?[ \\t]*\\r?\\n(?:[ \\t]*>)*[ \\t]*(?:[-–—~]{1,2}[ \\t]*)?(?=\\p{Lu})`,
  'giu',
);
const SIGNED_INLINE = new RegExp(`(?<![\\p{L}])${CLOSING}[ \\t]*,[ \\t]*(?:[-–—~]{1,2}[ \\t]*)?(?=\\p{Lu})`, 'giu');
/** A sign-off's name ends the message or its line: "Thanks, Daniel!", `Love, Leah"` (a quoted gift note). */
const ENDS_SIGN_OFF = /^(?:[ \t]*[,!:.\n\r—–"'”’)-]|[ \t]*$)/;
/** A signature line holds only the name, perhaps followed by a comma and a title. */
const ENDS_LINE = /^(?:[ \t]*(?:\r?\n|$)|,)/;
const SIGNED_KNOWN = 0.7;
const SIGNED_OTHER = 0.65;
const SIGNED_INLINE_KNOWN = 0.6;

function bySignature(text: string, names: Names): void {
  // A signature's closing ends its line; one inline is followed by a comma.
  if (text.includes('\n')) {
    for (const m of text.matchAll(SIGNATURE)) {
      const name = readName(text, m.index + m[0].length, 3, false);
      if (name === null || !ENDS_LINE.test(text.slice(name.end, name.end + 3))) continue;
      names.add(name.start, name.end, known(name.words[0]) ? SIGNED_KNOWN : SIGNED_OTHER);
    }
  }
  if (!text.includes(',')) return;
  for (const m of text.matchAll(SIGNED_INLINE)) {
    const name = readName(text, m.index + m[0].length, 3, false);
    if (name === null || !known(name.words[0]) || !ENDS_SIGN_OFF.test(text.slice(name.end, name.end + 3))) continue;
    names.add(name.start, name.end, SIGNED_INLINE_KNOWN);
  }
}

// "my name is", "signed by" introduce a name outright; "I'm", "this is", "prepared by" only when a
// given name follows ("I'm Sarah", not "I'm Happy").
// "/s/ Grace Haddad" is how an electronic signature is typed on US filings and contracts.
const INTRODUCTION_WORDS = wordSet(['my name', 'signed', 'i am', "i'm", 'i’m', 'this is', ' by', 'assigned', '/s/']);
const INTRODUCTION =
  /(?<![\p{L}])(?:(my[ \t]+name[ \t]+is|my[ \t]+name['’]s|signed[ \t]+by|e-?signed[ \t]+by|\/s\/)|i[ \t]+am|i['’]m|this[ \t]+is|(?:prepared|submitted|approved|authori[sz]ed|written|reported|referred|reviewed|requested|assigned|acknowledged|verified|witnessed|issued)[ \t]+(?:by|to):?)[ \t]+(?=\p{Lu})/giu;
const INTRODUCED_KNOWN = 0.8;
const INTRODUCED_OTHER = 0.7;
const MENTIONED_KNOWN = 0.7;
/** "Keisha J. Novak": a given name, a middle initial and a surname is a person's name whatever the given name. */
const WITH_MIDDLE_INITIAL = /^\p{Lu}\p{Ll}+[ \t]\p{Lu}\.[ \t]\p{Lu}/u;
const MENTIONED_OTHER = 0.65;

function byIntroduction(text: string, names: Names): void {
  for (const m of text.matchAll(INTRODUCTION)) {
    const name = readName(text, m.index + m[0].length, 3, false);
    if (name === null) continue;
    if (m[1] !== undefined) names.add(name.start, name.end, known(name.words[0]) ? INTRODUCED_KNOWN : INTRODUCED_OTHER);
    else if (known(name.words[0])) names.add(name.start, name.end, MENTIONED_KNOWN);
    else if (WITH_MIDDLE_INITIAL.test(text.slice(name.start, name.end))) names.add(name.start, name.end, MENTIONED_OTHER);
  }
}

// --- Given name + surname ----------------------------------------------------------------------

// A capitalised word not glued to what comes before (`Mary`, `Mary-Jane`), followed by a blank and
// a capital, or a short particle, a blank and a capital. Matched from the blank after it, looking
// back (group 1 is the word): V8 then tests the look-behind only at blanks, far fewer places than
// capitals. The matches are those of
// /(?<![\p{L}\p{N}_@.\/\\#'’-])\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?(?=[ \t](?:\p{Lu}|\p{Ll}{1,4}[ \t]\p{Lu}))/gu,
// as such words cannot overlap.
const CAPITALISED_THEN_BLANK =
  /[ \t](?=\p{Lu}|\p{Ll}{1,4}[ \t]\p{Lu})(?<=(?<![\p{L}\p{N}_@.\/\\#'’-])(\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?)[ \t])/gu;
/** "in Austin Texas", "at Jackson Heights", "the Grace Hopper Celebration": a place or a thing. */
// Streets are named after people in every language: "7 avenue Jean Jaurès", "Via Giuseppe Verdi",
// "Calle Miguel Ángel", "Rua Dom Pedro", "Karl-Marx-Straße" (glued), "Martin Luther King Blvd".
const PLACE_BEFORE =
  /(?:^|[^\p{L}])(?:in|at|near|around|across|outside|inside|throughout|visiting|into|the|avenue|av|ave|rue|boulevard|bd|blvd|place|quai|via|viale|piazza|corso|calle|avenida|avda|plaza|paseo|rua|travessa|largo|pra[çc]a|straße|strasse|laan|straat|plein|ulica|ul|aleja|al)\.?[ \t]+$/iu;
/** A card payment or purchase earlier on the line: what follows is a merchant. */
const CARD_PAYMENT_WORDS = wordSet(['card payment', 'card purchase', 'pos purchase', 'pos debit', 'pos payment']);
const CARD_PURCHASE_BEFORE = /(?:card[ \t]+(?:payment|purchase)|pos[ \t]+(?:purchase|debit|payment)|debit[ \t]+card[ \t]+purchase)[^\n]*$/iu;
const PAIR = 0.6;
const PAIR_WITH_MIDDLE = 0.65;

function byGivenName(text: string, names: Names, cardPayments: boolean): void {
  for (const m of text.matchAll(CAPITALISED_THEN_BLANK)) {
    const word = m[1] ?? '';
    const at = m.index - word.length;
    const first = fold(word);
    const given = FIRST_NAMES.has(first) ? first : (first.split('-')[0] ?? ''); // "Mary-Jane" -> "mary"
    if (given.length < 3 || !FIRST_NAMES.has(given) || AMBIGUOUS_FIRST_NAMES.has(given)) continue;
    const name = readName(text, at, 4, false);
    if (name === null || name.words.length < 2) continue;
    const before = text.slice(Math.max(0, at - 24), at);
    if (PLACE_BEFORE.test(before)) continue;
    // A card payment's line names the shop: "Card payment Visa ending in 0583 Albert Heijn   -13.85".
    if (cardPayments && CARD_PURCHASE_BEFORE.test(text.slice(Math.max(0, at - 60), at))) continue;
    // Inside a run already read from an earlier given name ("Martin Luther King"): not a new name.
    const previous = /(\p{Lu}\p{Ll}+)[ \t]$/u.exec(before)?.[1];
    if (previous !== undefined && FIRST_NAMES.has(fold(previous))) continue;
    if (ORG_AFTER_NAME.has(wordAfter(text, name.end)) || ORG_LAST_WORD.has(name.words[name.words.length - 1] ?? '')) continue;
    if (BRAND_NAMES.has(`${name.words[0]}_${name.words[1]}`)) continue;
    names.add(name.start, name.end, name.words.length > 2 ? PAIR_WITH_MIDDLE : PAIR);
  }
}

// A mailbox's display name (RFC 5322): "From: Núria Adeyemi <nuria@example.org>", "On Mon, …
// Dagný Perez <dagny.perez@…> wrote:". Shops and services send mail too ("Acme Billing
// <billing@acme.com>"), so the name must share a word with the address's local part, or start
// with a known given name.
const MAILBOX = /[ \t]<([^\s<>@]{1,64})@[^\s<>]{1,255}>/g;
/** Up to four capitalised words right before the mailbox; the name is read from the earliest that works. */
const WORDS_BEFORE = /(?:\p{Lu}[\p{L}'’.-]*[ \t]+){0,3}\p{Lu}[\p{L}'’-]*$/u;
const MAILBOX_MATCHED = 0.85;
const MAILBOX_KNOWN = 0.75;

function byMailbox(text: string, names: Names): void {
  for (const m of text.matchAll(MAILBOX)) {
    const before = text.slice(Math.max(0, m.index - 80), m.index);
    const words = WORDS_BEFORE.exec(before);
    if (words === null) continue;
    const local = fold(m[1] ?? '');
    // Start at each word in turn ("AM Núria Adeyemi": not "AM"), keeping the first full name.
    for (let at = m.index - words[0].length; at < m.index; ) {
      const name = readName(text, at, 4, false);
      if (name !== null && name.end === m.index && name.words.length >= 2) {
        if (name.words.some((w) => w.length >= 3 && local.includes(w))) names.add(name.start, name.end, MAILBOX_MATCHED);
        else if (known(name.words[0])) names.add(name.start, name.end, MAILBOX_KNOWN);
        break;
      }
      const next = text.indexOf(' ', at);
      if (next < 0 || next >= m.index) break;
      at = next + 1;
    }
  }
}

// A name on the line of an email address whose local part spells one of its words: a table row
// printed by pandas or psql ("2  Keisha Patel    keisha89@fastmail.com"), a form ("Account:
// tylerreinholt30@icloud.com (verified: Tyler Reinholt, DOB …)"). The address says whose it is.
const NEIGHBOUR_REACH = 48;
const CAPITALIZED = /(?<![\p{L}\p{N}'’-])\p{Lu}[\p{L}'’-]*/gu;

function byEmailNeighbour(text: string, emails: readonly Finding[], names: Names): void {
  for (const email of emails) {
    const local = fold(email.value.slice(0, email.value.indexOf('@')));
    if (local.length < 3) continue;
    // The line's ends, looked for within reach only (a text of one long line has none).
    let from = Math.max(0, email.start - NEIGHBOUR_REACH);
    from += text.slice(from, email.start).lastIndexOf('\n') + 1;
    const after = text.slice(email.end, email.end + NEIGHBOUR_REACH);
    const to = email.end + (after.includes('\n') ? after.indexOf('\n') : after.length);
    const words = [...text.slice(from, to).matchAll(CAPITALIZED)].map((m) => ({ start: from + m.index, word: fold(m[0]) }));
    // Only words the local part spells are worth reading a name around: most lines have none.
    if (!words.some(({ word }) => word.length >= 3 && local.includes(word))) continue;
    for (const { start } of words) {
      if (start >= email.start && start < email.end) continue;
      const name = readName(text, start, 4, false);
      if (name === null || name.words.length < 2 || (name.start < email.start && name.end > email.start)) continue;
      if (name.words.some((w) => w.length >= 3 && local.includes(w))) names.add(name.start, name.end, MAILBOX_MATCHED);
    }
  }
}

// The speaker of a line of an exported chat: "[14/2/23, 19:14] Begoña Zhang: …",
// "14/02/2023, 19:14 - Begoña Zhang: …". The export puts people's names there.
const CHAT_SPEAKER = /^[ \t]*(?:\[[\d/.,: \-APMapm]{4,24}\]|\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4},? \d{1,2}:\d\d(?::\d\d)?(?: ?[APap][Mm])? [-–])[ \t]+(?=\p{Lu})/gmu;
const SPEAKER = 0.8;

function byChatSpeaker(text: string, names: Names): void {
  for (const m of text.matchAll(CHAT_SPEAKER)) {
    const name = readName(text, m.index + m[0].length, 4, false);
    if (name !== null && text.charAt(name.end) === ':') names.add(name.start, name.end, SPEAKER);
  }
}

// The speaker of a transcript line without a timestamp: "John: hello?", "Katarzyna: Hi John!" (a
// support chat's export, a Slack or Teams paste). A line starting with a capitalised word and a
// colon is more often a field ("Note: …", "Status: ok", "Will: to be read"), so it counts only in a
// transcript: two or more lines spoken by known given names, at least one of them unambiguous,
// and two different speakers (a role such as `Visitor` or `Agent` counts as one). Ambiguous given
// names ("Grace: hi") are then speakers too.
const LINE_SPEAKER = /(?:^|\n)[ \t]*(\p{Lu}[\p{L}'’-]*(?:[ \t]\p{Lu}[\p{L}'’.-]*){0,2}):(?=[ \t]|\r?\n|$)/gu;
/** Speakers who are not named: they make a second voice in a transcript, but are not reported. */
const ROLE_SPEAKERS = new Set(['visitor', 'agent', 'customer', 'user', 'bot', 'me', 'you', 'support', 'assistant', 'system', 'operator', 'guest', 'rep', 'client', 'caller', 'host']);
const UNTIMED_SPEAKER = 0.7;

function byLineSpeaker(text: string, names: Names): void {
  const speakers: Name[] = [];
  const others: Name[] = [];
  const voices = new Set<string>();
  let unambiguous = 0;
  for (const m of text.matchAll(LINE_SPEAKER)) {
    const label = m[1] ?? '';
    const labelAt = m.index + m[0].length - label.length - 1;
    const folded = fold(label);
    if (ROLE_SPEAKERS.has(folded)) {
      voices.add(folded);
      continue;
    }
    const name = readName(text, labelAt, 3, false);
    if (name === null || name.end !== labelAt + label.length) continue;
    const first = name.words[0] ?? '';
    voices.add(first);
    if (!known(first)) others.push(name);
    else {
      if (!AMBIGUOUS_FIRST_NAMES.has(first)) unambiguous++;
      speakers.push(name);
    }
  }
  if (speakers.length < 2 || unambiguous === 0 || voices.size < 2) return;
  for (const name of speakers) names.add(name.start, name.end, UNTIMED_SPEAKER);
  if (others.length === 0) return;
  // A speaker whose name is not on the list is taken when the text names them elsewhere: the chat's
  // header ("Visitor: Begoña Lopez"), a greeting ("Hi Eoghan!").
  const named = new Set([...names.best.values()].map((f) => fold(/^\p{L}[\p{L}'’-]*/u.exec(f.value)?.[0] ?? '')));
  for (const name of others) if (named.has(name.words[0] ?? '')) names.add(name.start, name.end, UNTIMED_SPEAKER);
}

// A chat's agent introduced by the chat: "You're chatting with Alex", "you are now connected to
// Maria", "You are speaking with Jordan". The sentence says a person is meant, so an ambiguous
// given name counts; an unknown word ("chatting with Support") does not.
const CONNECTED_WORDS = wordSet(['chatting', 'connected', 'speaking', 'talking']);
const CONNECTED =
  /(?<![\p{L}])(?:you['’]re|you[ \t]+are|you['’]ve[ \t]+been|you[ \t]+have[ \t]+been)(?:[ \t]+now)?[ \t]+(?:chatting|connected|speaking|talking)[ \t]+(?:with|to)[ \t]+(?=\p{Lu})/giu;
const CONNECTED_TO = 0.7;

function byConnected(text: string, names: Names): void {
  for (const m of text.matchAll(CONNECTED)) {
    const name = readName(text, m.index + m[0].length, 3, false);
    if (name !== null && known(name.words[0])) names.add(name.start, name.end, CONNECTED_TO);
  }
}

// A writer naming themself: "Sam here, …", "Hi all, Priya here." — at a line's or a sentence's start.
const HERE = /[ \t]here(?=[ \t]*[,.!:;—–-])/g;
/** The name before " here", opening a line or following a sentence's or a greeting's end. */
const NAMED_BEFORE_HERE = /(?:^|\n|[.!?,:][ \t]+)[ \t]*(\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?)$/u;
const HERE_NAMED = 0.7;

function byHere(text: string, names: Names): void {
  for (const m of text.matchAll(HERE)) {
    const from = Math.max(0, m.index - 40);
    const before = NAMED_BEFORE_HERE.exec(text.slice(from, m.index));
    const word = before?.[1];
    if (before === null || word === undefined) continue;
    if (before.index === 0 && from > 0 && !/^[\n.!?,:]/.test(before[0])) continue; // the slice's start is no line start
    const folded = fold(word);
    if (!known(folded) || AMBIGUOUS_FIRST_NAMES.has(folded)) continue;
    names.add(m.index - word.length, m.index, HERE_NAMED);
  }
}

// A message opening on its addressee, without a greeting word: "Luis, pls send …", "Mateo, can you
// release …", or "Priya,\n\nThe report …". The name opens the text or a paragraph and the message
// goes on in lower case (or "I"); "Victoria, BC" and "Jasper, the reporting tool" are not taken.
const ADDRESSED = /(?:^|\n[ \t]*\r?\n)[ \t]*(\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?),(?:[ \t]+(?!(?:the|a|an|which|where|who|that)[ \t])(?=\p{Ll}|I[ \t’'])|[ \t]*(?=\r?\n|$))/gu;
const ADDRESSED_NAME = 0.65;

function byAddressed(text: string, names: Names): void {
  for (const m of text.matchAll(ADDRESSED)) {
    const word = m[1] ?? '';
    const folded = fold(word);
    if (!known(folded) || AMBIGUOUS_FIRST_NAMES.has(folded)) continue;
    const start = m.index + m[0].lastIndexOf(word + ',');
    names.add(start, start + word.length, ADDRESSED_NAME);
  }
}

// A message signed with a given name alone on its last line, without a closing: "…anything
// else!\n> Mateo", "It expires Friday.\n>>\n>> Susan". The line before is blank or ends a
// sentence, the line after is blank, another quote level, or the end of the text.
const LONE_LINE = /(?:^|\n)([ \t]*(?:>[ \t]*)*)(?:[-–—~]{1,2}[ \t]*)?(\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?)[ \t]*(?=\r?\n|$)/gu;
const LONE_SIGNED = 0.65;
const ENDS_SENTENCE = /[.!?)][ \t]*$/;

const QUOTE_MARKS = /^[ \t]*(?:>[ \t]*)*/;

/** A line's `>` quote markers (spaces left out) and the text after them. */
function unquoted(line: string): { body: string; quote: string } {
  const marks = QUOTE_MARKS.exec(line)?.[0] ?? '';
  return { body: line.slice(marks.length), quote: marks.replace(/[ \t]/g, '') };
}

/** The bounds of the line before the one starting at `at` (just after its '\n'), without its line break. */
function previousLine(text: string, at: number): { start: number; end: number } | null {
  if (at <= 0) return null;
  let end = at - 1; // the '\n'
  if (text.charAt(end - 1) === '\r') end--;
  return { start: text.lastIndexOf('\n', end - 1) + 1, end };
}

function byLoneLine(text: string, names: Names): void {
  for (const m of text.matchAll(LONE_LINE)) {
    const word = m[2] ?? '';
    const folded = fold(word);
    if (!known(folded) || AMBIGUOUS_FIRST_NAMES.has(folded)) continue;
    const lineAt = m.index + (m[0].startsWith('\n') ? 1 : 0);
    const { quote } = unquoted(m[1] ?? '');
    const before = previousLine(text, lineAt);
    if (before === null) continue;
    const { body } = unquoted(text.slice(before.start, before.end));
    if (!(body.trim() === '' || ENDS_SENTENCE.test(body))) continue;
    const end = m.index + m[0].length;
    const nextStart = text.indexOf('\n', end) + 1;
    if (nextStart > 0 && nextStart < text.length) {
      const nextEnd = text.indexOf('\n', nextStart);
      const next = unquoted(text.slice(nextStart, nextEnd < 0 ? text.length : nextEnd));
      if (next.body.trim() !== '' && next.quote === quote) continue;
    }
    const start = m.index + m[0].lastIndexOf(word);
    names.add(start, start + word.length, LONE_SIGNED);
  }
}

/** An HL7 name: letters in `^`-separated parts ("WILLIAMS^SEAN^C"), no digits. */
const HL7_NAME = /^[\p{L}'’. -]+(?:\^[\p{L}'’. -]*)*$/u;
const IN_HL7 = 0.85;

/** HL7 v2 name fields (PID-5, PV1-7...): the standard says the field holds a person's name. */
function byHl7(text: string, shared: ScanText, names: Names): void {
  for (const span of hl7Names(hl7Components(text, shared))) {
    if (HL7_NAME.test(text.slice(span.start, span.end))) names.add(span.start, span.end, IN_HL7);
  }
}

// The addressee line of a postal address block: the line right above a street address that
// US_ADDRESS found ("VICTOR YAMAMOTO\n2192 N Lincoln Ave\nRichmond, VA 23258", "Shipping to:\n  Grace
// Reinholt\n  6116 Oak Street"): two to four name words alone on their line, not a company.
const ADDRESSEE_KNOWN = 0.7;
const ADDRESSEE_OTHER = 0.65;

function byAddressee(text: string, addresses: readonly Finding[], names: Names): void {
  for (const a of addresses) {
    // The address must start its line (after blanks); the name is on the line above.
    let lineStart = a.start;
    while (lineStart > 0 && (text.charAt(lineStart - 1) === ' ' || text.charAt(lineStart - 1) === '\t')) lineStart--;
    const line = text.charAt(lineStart - 1) === '\n' ? previousLine(text, lineStart) : null;
    if (line === null) continue;
    let at = line.start;
    while (at < line.end && (text.charAt(at) === ' ' || text.charAt(at) === '\t')) at++;
    const name = readName(text, at, 4, true);
    if (name === null || name.end !== line.end || name.words.length < 2) continue;
    if (name.words.some((w) => ORG_LAST_WORD.has(w))) continue;
    names.add(name.start, name.end, known(name.words[0]) ? ADDRESSEE_KNOWN : ADDRESSEE_OTHER);
  }
}

// A bank statement's payment line names the other person: "ZELLE TO ROSA OKAFOR CONF# …", "Zelle
// from Ana Ruiz", "VENMO PAYMENT TO …", "WIRE TRANSFER FROM …". Only person-to-person rails and
// transfers; a card purchase names a shop.
const PAYMENT_WORDS = wordSet(['zelle', 'venmo', 'transfer', 'paypal', 'cash app', 'wire', 'interac', 'standing order']);
const PAYMENT =
  /(?<![\p{L}\p{N}])(?:zelle|venmo|paypal|cash[ \t]+app|interac(?:[ \t]+e-?transfer)?|(?:wire|bank|online)?[ \t]*transfer|wire|standing[ \t]+order)(?:[ \t]+(?:payment|pmt|sent|received))?[ \t]+(?:to|from)[ \t]+(?=\p{Lu})/giu;
const PAID = 0.7;

/** The memo words after the name on such a line: "CONF# …", "REF 1234", "ID: …", "ON 08/18". */
const MEMO_WORDS = new Set([
  'conf', 'ref', 'memo', 'id', 'trn', 'ppd', 'web', 'ach', 'on', 'for', 'confirmation', 'reference', 'note', 'iban', 'bic', 'acct', 'account',
]);

function byPayment(text: string, names: Names): void {
  for (const m of text.matchAll(PAYMENT)) {
    // The longest read that ends on a name word: "Tyler Larsen IBAN EE79…" is read as far as it can be.
    let name: Name | null = null;
    for (let max = 4; max >= 2 && name === null; max--) {
      const read = readName(text, m.index + m[0].length, max, true);
      if (read !== null && !MEMO_WORDS.has(read.words[read.words.length - 1] ?? '')) name = read;
    }
    if (name === null || name.words.length < 2 || name.words.some((w) => ORG_LAST_WORD.has(w))) continue;
    names.add(name.start, name.end, PAID);
  }
}

// A contract's party who is a natural person: "…, and Grace Blackwood, an individual residing at …".
const INDIVIDUAL = /,[ \t]+an[ \t]+individual(?![\p{L}])/giu;
const INDIVIDUAL_PARTY = 0.75;

function byIndividual(text: string, names: Names): void {
  for (const m of text.matchAll(INDIVIDUAL)) {
    const words = WORDS_BEFORE.exec(text.slice(Math.max(0, m.index - 80), m.index));
    if (words === null) continue;
    for (let at = m.index - words[0].length; at < m.index; ) {
      const name = readName(text, at, 4, false);
      if (name !== null && name.end === m.index && name.words.length >= 2) {
        names.add(name.start, name.end, INDIVIDUAL_PARTY);
        break;
      }
      const next = text.indexOf(' ', at);
      if (next < 0 || next >= m.index) break;
      at = next + 1;
    }
  }
}

// Names in Chinese, Japanese and Korean script after the labels of those languages' forms (氏名,
// 名前, 署名; 성명, 이름, 서명; 姓名, 签名) and on the line after their letters' closings (감사합니다,
// よろしくお願いいたします, 此致敬礼): one or two runs of Han, Hangul or kana, alone in the field.
const CJK_LABEL_WORDS = wordSet(['氏名', '名前', '署名', '성명', '이름', '서명', '姓名', '签名', '감사합니다', 'お願いいたします', 'お願いします', '此致', '敬具']);
const CJK_RUN = '[\\p{Script=Han}\\p{Script=Hangul}\\p{Script=Hiragana}\\p{Script=Katakana}]{1,6}';
const CJK_NAME = new RegExp(
  `(?:(?:お?名前|氏名|署名|성명|이름|서명|姓名|签名)[ \\t]*[:：|][ \\t]*|(?:감사합니다|お願い(?:いた)?します|此致敬礼|敬具)[.。!]?[ \\t]*\\r?\\n[ \\t]*)(${CJK_RUN}(?:[ \\t\\u3000]${CJK_RUN})?)(?=[ \\t]*(?:\\r?\\n|$|\\|))`,
  'gu',
);
const CJK_NAMED = 0.75;

function byCjkLabel(text: string, names: Names): void {
  for (const m of text.matchAll(CJK_NAME)) {
    const value = m[1] ?? '';
    const start = m.index + m[0].length - value.length;
    names.add(start, start + value.length, CJK_NAMED);
  }
}

// --- Detector ----------------------------------------------------------------------------------

/** "Does any of these spans overlap [start, end)" in O(log n): spans sorted by start, running maximum of ends. */
function overlapTest(spans: readonly Finding[]): (start: number, end: number) => boolean {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const maxEnds: number[] = [];
  for (const s of sorted) maxEnds.push(Math.max(s.end, maxEnds[maxEnds.length - 1] ?? -1));
  return (start, end) => {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((sorted[mid]?.start ?? Infinity) < end) low = mid + 1;
      else high = mid;
    }
    return low > 0 && (maxEnds[low - 1] ?? -1) > start;
  };
}

export const personName: Detector = {
  ...PERSON_NAME,
  find(text, earlier, shared = new ScanText(text)) {
    const names = new Names(text);
    // Each cue rule runs only when one of its words occurs: a cheap prefilter, as scan.ts does.
    if (shared.hasAny(TITLE_WORDS)) byTitle(text, names);
    if (shared.hasAny(NAME_WORD)) byLabel(text, names, LABEL);
    if (shared.hasAny(FOREIGN_LABEL_WORDS)) byLabel(text, names, FOREIGN_LABEL);
    if (shared.hasAny(ROLE_WORDS)) byRole(text, names);
    if (shared.hasAny(SALUTATION_WORDS)) bySalutation(text, names);
    if (shared.hasAny(CLOSING_WORDS)) bySignature(text, names);
    if (shared.hasAny(INTRODUCTION_WORDS)) byIntroduction(text, names);
    if (shared.hasAny(ROLE_COLUMN_WORDS)) byColumn(text, names, ROLE_HEADER_HINT);
    else if (shared.hasAny(COLUMN_WORDS)) byColumn(text, names, HEADER_HINT);
    byGivenName(text, names, shared.hasAny(CARD_PAYMENT_WORDS));
    byHl7(text, shared, names);
    if (text.includes(' <')) byMailbox(text, names);
    if (text.includes('] ') || (text.includes(' - ') && text.includes(', '))) byChatSpeaker(text, names);
    if (text.includes(':') && text.includes('\n')) byLineSpeaker(text, names);
    if (shared.hasAny(CONNECTED_WORDS)) byConnected(text, names);
    if (text.includes(' here')) byHere(text, names);
    if (text.includes(',')) byAddressed(text, names);
    if (text.includes('\n')) byLoneLine(text, names);
    const addresses = earlier.filter((f) => f.type === 'US_ADDRESS');
    if (addresses.length > 0) byAddressee(text, addresses, names);
    if (shared.hasAny(PAYMENT_WORDS)) byPayment(text, names);
    if (text.includes('individual')) byIndividual(text, names);
    if (shared.hasAny(CJK_LABEL_WORDS)) byCjkLabel(text, names);
    const emails = earlier.filter((f) => f.type === 'EMAIL');
    if (emails.length > 0) byEmailNeighbour(text, emails, names);
    // Another detector's finding (an email address, a street address) owns its characters.
    const claimed = overlapTest(earlier.filter((f) => f.category === 'PII'));
    return [...names.best.values()].filter((f) => !claimed(f.start, f.end));
  },
};
