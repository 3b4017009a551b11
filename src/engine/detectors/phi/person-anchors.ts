// What ties a clinical term to a person: words that point at one patient, and findings of the
// detectors before PHI that identify one. Each anchor reaches a number of characters before and
// after itself; a term inside a reach is about that person.
import type { Finding } from '../../types.js';
import { caseless, WORD_START } from './cues.js';
import { spansOf, widened, type Span } from './spans.js';

/** How far a person anchor reaches on either side. */
const WINDOW = 100;
/** "She has" only reaches a term right after it ("she has diabetes", "he had a stroke"). */
const PRONOUN_REACH = 15;
/** "My mother" reaches a few words on ("my mother had breast cancer"). */
const RELATIVE_REACH = 25;
/** Phrases of someone's care ("has been taking") and record fields ("Diagnosis:") reach one line on. */
const FIELD_REACH = 80;
/** A section heading of a record ("DISCHARGE DIAGNOSES" alone on its line) reaches its section. */
const SECTION_REACH = 300;
/**
 * A record number, an insurance id or a birth date is only written in a record about one person:
 * it reaches a page (a claim form's diagnosis box, a discharge summary's course).
 */
const RECORD_REACH = 1500;
const RECORD_TYPES = new Set(['MEDICAL_RECORD_NUMBER', 'HEALTH_INSURANCE_ID', 'DATE_OF_BIRTH']);

// Case-sensitive cues: an honorific and the name after it, "Patient"/"PATIENT" for one patient,
// and the clinical shorthand "Pt". "Dr." is left out: a doctor near a diagnosis is usually the
// one treating it. "patient" is not a person in "a patient with asthma should..." (any patient)
// nor in "patient care", "patient portal" (a kind of service), nor in "be patient".
const NAME = "\\s[A-Z][a-z'-]+";
const GENERIC_BEFORE =
  '(?<!\\b(?:[Aa]n?|[Aa]ny|[Ee]ach|[Ee]very|[Nn]o|[Pp]er|[Bb]e|[Bb]eing|[Vv]ery|[Ss]o|[Tt]oo|[Mm]ore|[Ss]tay|' +
  '[Rr]emain)\\s)';
const SERVICE_AFTER =
  '(?!\\s+(?:care|education|safety|portal|experience|satisfaction|outcomes?|populations?|advocacy|information|' +
  'leaflets?|handouts?|guides?|resources|engagement|privacy|rights|access|support|journey|flow|volume|' +
  'records\\s+systems?)\\b|-(?:centered|centred|facing|friendly)\\b)';
const CUES_CASED = new RegExp(
  `\\b(?:Mr|Mrs|Ms|Mx)(?:\\.(?:${NAME}){0,2}|(?:${NAME}){1,2})|` +
    `${GENERIC_BEFORE}\\b(?:[Pp]atient|PATIENT)\\b${SERVICE_AFTER}|\\bPt\\b\\.?(?=\\s)`,
  'g',
);

// Any-case cues. "diagnosed"/"prescribed" after "is", "are" or an adverb of frequency state a
// general fact ("metformin is commonly prescribed"), not someone's care.
const CLINICAL_VERBS =
  'diagnosed|prescribed|treated|admitted|hospitali[sz]ed|discharged|takes|taking|took|suffers|suffering|' +
  'tested|started|presented|presents|underwent|undergoing|receives|receiving|received|complains|complained|' +
  'diagnosis|prescription|treatment|medication|medications|condition|symptoms|doctor|physician';
// The look-behind comes after the verb, so it is tested only where a verb is.
const GENERAL_FACT_BEFORE =
  '(?<!\\b(?:is|are|be|often|commonly|usually|typically|frequently|generally|rarely|widely|sometimes|most|best|' +
  'easily|first|been|medication|medicine|drug|treatment|therapy)\\s(?:diagnosed|prescribed))';
const CUES_ANY_CASE = new RegExp(
  `\\b(?:diagnosed|prescribed)${GENERAL_FACT_BEFORE}\\b|\\b(?:dob|d\\.o\\.b|date\\s+of\\s+birth|born\\s+on)\\b|` +
    `\\b(?:he|she|his|her|him)\\s+(?:[a-z]+\\s+){0,2}(?:${CLINICAL_VERBS})\\b|` +
    `\\b\\d{1,3}[- ]?(?:years?|yrs?)[- ]old\\b|\\b\\d{1,3}\\s?(?:y\\/o|yo)\\b`,
  'gi',
);
const PRONOUN_HAS =
  /\b(?:he|she)\s+(?:has|had|is\s+on|was\s+on|has\s+been\s+on|lives\s+with|is\s+living\s+with)\b/gi;
const RELATIVE = new RegExp(
  '\\bmy\\s+(?:son|daughter|wife|husband|mother|father|mom|mum|dad|child|baby|brother|sister|partner|' +
    'grandmother|grandfather|grandma|grandpa|aunt|uncle)\\b',
  'gi',
);

// Phrases that only make sense about someone's own care, and the fields of a record about one
// patient, in prose, forms and keys (`"primary_diagnosis": `, `Current medications:`). The
// fields "History", "Plan" and "Scheduled" are common words: only at the start of a line.
const CARE_PHRASES = new RegExp(
  caseless(
    '\\b(?:(?:has|have|had)\\s+been\\s+(?:taking|on|prescribed|diagnosed|treated|living\\s+with|suffering\\s+from)|' +
      'scheduled\\s+for\\s+(?:a|an|his|her|their)|refills?\\s+(?:of|for)|started\\s+on)\\b',
  ),
  'g',
);
const RECORD_FIELDS = new RegExp(
  `${WORD_START}${caseless(
    '(?:primary[\\s_]?|secondary[\\s_]?|admitting[\\s_]?|discharge[\\s_]?)?(?:diagnos(?:i|e)s|dx)|assessment|' +
      'impression|(?:current[\\s_]?)?(?:medications?|meds)|rx|prescriptions?|allerg(?:y|ies)|problem[\\s_]?list|' +
      'chief[\\s_]?complaint|reason[\\s_]?for[\\s_]?visit|(?:medical|surgical)[\\s_]?history|pmh|procedures?',
  )}["']?\\s*[:=]|^[ \\t]*${caseless('(?:history|plan|scheduled)')}\\s*:`,
  'gm',
);

// Section headings of clinical records, alone on their line (a colon allowed): what follows in the
// section is about the record's patient.
const SECTION_HEADINGS = new RegExp(
  `^[ \\t]*(?:${caseless(
    '(?:(?:discharge|admission|admitting|principal|secondary|final|working)\\s+)?diagnos(?:i|e)s|assessment(?:\\s+(?:and|&)\\s+plan)?|' +
      'hospital\\s+course|problem\\s+list|(?:past\\s+)?(?:medical|surgical)\\s+history|history\\s+of\\s+present\\s+illness|hpi|' +
      '(?:discharge\\s+|home\\s+|current\\s+)?medications|procedures?(?:\\s+performed)?|chief\\s+complaint|impression',
  )})[ \\t]*:?[ \\t]*$`,
  'gm',
);

/** Findings that identify a person. NPI and DEA numbers identify the provider, not the patient. */
const PERSON_TYPES = new Set([
  'PERSON_NAME', 'DATE_OF_BIRTH', 'SSN', 'EMAIL', 'PHONE', 'MEDICAL_RECORD_NUMBER', 'HEALTH_INSURANCE_ID',
]);
/** Findings too weak to be reported are too weak to tie a term to a person. */
const MIN_ANCHOR_CONFIDENCE = 0.5;
/** A clinic's shared mailbox is not a person. */
const ROLE_MAILBOXES = new Set([
  'info', 'contact', 'support', 'help', 'helpdesk', 'admin', 'office', 'hello', 'team', 'noreply', 'no-reply',
  'appointments', 'billing', 'enquiries', 'inquiries', 'service', 'sales', 'press', 'media', 'marketing',
  'webmaster', 'frontdesk', 'reception', 'clinic', 'hr', 'careers', 'jobs', 'privacy', 'compliance', 'feedback',
  'news', 'newsletter', 'research', 'studies', 'trials',
]);
/** A toll-free number is a helpline, not a person. */
const TOLL_FREE = /^1?8(?:00|88|77|66|55|44|33)/;
/** A name after "Dr" or before ", MD" is the provider's. */
const PROVIDER_BEFORE = /\b(?:Dr|Doctor|Prof|Professor|Nurse)\.?\s*$/;
const PROVIDER_AFTER = /^,?\s*(?:MD|M\.D\.|DO|D\.O\.|RN|NP|PA-C|DDS|DMD|PharmD)\b/;

function identifiesPerson(f: Finding, text: string): boolean {
  if (!PERSON_TYPES.has(f.type) || f.confidence < MIN_ANCHOR_CONFIDENCE) return false;
  switch (f.type) {
    case 'EMAIL':
      return !ROLE_MAILBOXES.has(f.value.slice(0, f.value.lastIndexOf('@')).toLowerCase());
    case 'PHONE':
      return !TOLL_FREE.test(f.value.replace(/\D/g, ''));
    case 'PERSON_NAME':
      return (
        !/^(?:Dr|Doctor|Prof)\b/.test(f.value) &&
        !PROVIDER_BEFORE.test(text.slice(Math.max(0, f.start - 12), f.start)) &&
        !PROVIDER_AFTER.test(text.slice(f.end, f.end + 10))
      );
    default:
      return true;
  }
}

/** The stretches of text within which a clinical term is about a person. */
export function personReaches(text: string, earlier: readonly Finding[]): Span[] {
  return [
    ...widened(spansOf(text, CUES_CASED), WINDOW, WINDOW),
    ...widened(spansOf(text, CUES_ANY_CASE), WINDOW, WINDOW),
    ...widened(spansOf(text, PRONOUN_HAS), 0, PRONOUN_REACH),
    ...widened(spansOf(text, RELATIVE), 0, RELATIVE_REACH),
    ...widened(spansOf(text, CARE_PHRASES), 0, FIELD_REACH),
    ...widened(spansOf(text, RECORD_FIELDS), 0, FIELD_REACH),
    ...widened(spansOf(text, SECTION_HEADINGS), 0, SECTION_REACH),
    ...widened(earlier.filter((f) => identifiesPerson(f, text)), WINDOW, WINDOW),
    ...widened(earlier.filter((f) => RECORD_TYPES.has(f.type) && f.confidence >= MIN_ANCHOR_CONFIDENCE), RECORD_REACH, RECORD_REACH),
  ];
}
