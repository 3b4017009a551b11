import { ScanText } from '../../scan-text.js';
import type { DetectorType, Finding } from '../../types.js';
import { wordSet, type WordSet } from '../../words-present.js';
import { makeFinding, type Detector } from '../detector.js';
import { findAssignments, findNameValuePairs, findTableCells, isPlaceholderPassword, type Assignment } from './assignments.js';
import { findCommandPasswords } from './command-passwords.js';
import { ENV_DEFAULT_WORDS, findEnvDefaults } from './env-defaults.js';
import { isPlaceholderValue, PLACEHOLDER_CONFIDENCE } from './values.js';

const PASSWORD: DetectorType = { type: 'PASSWORD', category: 'SECRETS' };

// A password is only recognisable by what names it: `password=...`, `"db_pass": "..."`,
// `<password>...</password>`, "my password is ...". Only the value is reported.

const STEM = /pass|pw/gi;
const STEM_WORDS = wordSet(['pass', 'pw']);
/** Name-and-value entries (`- name: ADMIN_PASSWORD` / `value: …`) all hold this word. */
const VALUE_WORD = wordSet(['value']);

/** Quoted literals and values mixing letters with digits or symbols look chosen on purpose. */
const STRONG = 0.8;
/** A bare word: still a password when it closes a config line, but less sure. */
const BARE_WORD = 0.65;
const MIN_LENGTH = 4;
const MAX_LENGTH = 128;

/** Words ending a key that names a password. */
const PASSWORD_WORDS = new Set(['password', 'passwd', 'pwd', 'pw', 'passphrase', 'passcode']);
/** Leading words of keys that name a password field rather than hold one (`forgot_password`). */
const NOT_A_VALUE = new Set(['forgot', 'reset', 'change', 'show', 'hide', 'toggle', 'enter', 'has', 'use', 'require', 'requires', 'no', 'is', 'remember', 'validate', 'min', 'max', 'type']);

/**
 * `pass` alone is too common a word (boarding pass, Python's `pass`) to name a password, except
 * before a quoted literal, as in `{ user: 'admin', pass: 'Lucky-Rocket-92' }`, or a value mixing
 * three classes of characters that ends its line.
 */
function namesPasswordIn(a: Assignment, value: string): boolean {
  if (namesPassword(a.words)) return true;
  if (a.words.length !== 1 || a.words[0] !== 'pass') return false;
  // Bare `pass: Tr0ub4dor&3` closing a config line: a password when it mixes three classes.
  return a.quoted || (a.endsLine && characterClasses(value) >= 3);
}

function namesPassword(words: string[]): boolean {
  const last = words[words.length - 1] ?? '';
  if (words.length > 1 && NOT_A_VALUE.has(words[0] ?? '')) return false;
  if (PASSWORD_WORDS.has(last)) return true;
  // `DB_PASS`, `smtpPass`; and run-together names such as MYSQLPASSWORD.
  return (last === 'pass' && words.length > 1) || /(?:password|passwd|passphrase)$/.test(words.join(''));
}

function characterClasses(value: string): number {
  return Number(/[a-z]/.test(value)) + Number(/[A-Z]/.test(value)) + Number(/\d/.test(value)) + Number(/[^A-Za-z\d]/.test(value));
}

/**
 * A member expression (`config.db.password`, `process.env.X`) or a camelCase name: code, not a
 * literal. A camelCase name is a lower-case word and capitalised words of two letters or more, or
 * a short acronym (`dbPassword`, `userPasswordHash`, `rootPW`); a random mix such as `fvETkmFzCbiCmY`
 * is not one.
 */
const CODE_NAME = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$|^[a-z]{2,}(?:[A-Z][a-z]{2,}|[A-Z]{2,4}(?![a-z]))+$/;
/** `Passwort`, `Mot` (labels in translation files) read as words. */
const TITLE_WORD = /^[A-Z][a-z]+$/;
const PATH = /^(?:[/~]|[A-Za-z]:\\)/;
const JOINED_WORDS = /^[A-Za-z]+(?:[-_][A-Za-z]+)+$/;

/**
 * A stand-in word marks a password as a placeholder, except "changeme" with digits or symbols added
 * (`Changeme5@`, `changeme2024!`): a default someone did set, and among the commonest real passwords.
 * The bare word is a stand-in (isPlaceholderPassword).
 */
const CHANGEME_SET = /^change[-_]?me[\d\W_]{1,8}$/i;

function placeholderPassword(value: string): boolean {
  return isPlaceholderValue(value) && !CHANGEME_SET.test(value);
}

function judge(a: Assignment, value: string): number | null {
  if (value.length < MIN_LENGTH || value.length > MAX_LENGTH || isPlaceholderPassword(value)) return null;
  if (/(?:password|passwd|pwd)/i.test(value)) {
    // `password=user_password` names another variable; `Password123!` is a (weak) password.
    if (!a.quoted && characterClasses(value) < 3) return null;
  }
  if (a.words[a.words.length - 1] === 'pwd' && PATH.test(value)) return null; // $PWD, the working directory
  if (a.quoted) {
    if (/\s/.test(value) && a.words[a.words.length - 1] !== 'passphrase') return null; // UI text
    if (TITLE_WORD.test(value)) return null;
  } else {
    // Code and YAML tags (`!vault |`) are not literals.
    if (a.expression || CODE_NAME.test(value) || value.startsWith('!')) return null;
    // A bare word followed by more words is prose ("password: must be 8 characters").
    if (characterClasses(value) === 1 && !a.endsLine) return null;
  }
  if (placeholderPassword(value)) return PLACEHOLDER_CONFIDENCE;
  return a.quoted || characterClasses(value) >= 2 ? STRONG : BARE_WORD;
}

interface ProseCue {
  /** Global: the whole cue, or (with `rest`) only the word it starts with. */
  pattern: RegExp;
  /** Sticky, tried in turn: the rest of the cue after the word, which must stand alone (no letter or digit around it). */
  rest?: readonly RegExp[];
  /** One of these is in every match, lower-cased. */
  words: WordSet;
  confidence: number;
  /** The value must hold a letter and a digit or symbol: the cue alone says little. */
  mixed: boolean;
}

/** Words for a password in other languages (their common stems), which gate the prose cues too. */
const PASSWORD_IN_OTHER_LANGUAGES = ['kennwort', 'mdp', 'contrase', 'clave', 'senha', 'wachtwoord', 'senord', 'hasło', 'haslo'];
const FOREIGN_WORDS = wordSet(PASSWORD_IN_OTHER_LANGUAGES);
const PROSE_WORDS = wordSet(['pw', 'pass', ...PASSWORD_IN_OTHER_LANGUAGES]);
const FOREIGN_WORD = /passwort|kennwort|mot de passe|mdp|contraseña|contrasena|clave|senha|wachtwoord|lösenord|hasło|haslo/gi;
const PASSWORD_WORD = new RegExp(`password|passwd|passphrase|passcode|pwd|pw|${FOREIGN_WORD.source}`, 'gi');
/** What the password opens, between its word and "is" or a colon: a few words on the same line. */
const OPENS = String.raw`[^\n:=.!?"'\x60]{0,40}?`;
/** "is" in the languages above. */
const IS_WORD = "(?:is|was|es|era|é|est|c'est|ist|war|är|jest|è)";
/** Words between a password's name and its value that say the value is about it, not it. */
const ABOUT_IT = /\b(?:hash|hashed|policy|length|manager|field|hint|rules?|requirements?|strength|expir\w*|salt|digest|reset|change|format|must|should)\b/i;
const WORD_CHAR = /[\p{L}\p{N}_]/u;

// Prose: "my password is hunter2", "changed my password to X", "root pw was: X"; "Login: bob /
// password Tr0ub4dor&3", where only the value's look sets it apart from "password manager"; and
// "I reset it to Autumn2014!", a password reset told without the word.
const PROSE_CUES: readonly ProseCue[] = [
  {
    pattern: /\b(?:password|passphrase|passwd|passcode|pwd|pw)(?:\s+(?:is|was|to)\b|['’]s)[ \t]*:?[ \t]*/gi,
    words: STEM_WORDS,
    confidence: STRONG,
    mixed: false,
  },
  { pattern: /\b(?:password|passwd|pwd|pw)[ \t]+/gi, words: STEM_WORDS, confidence: 0.7, mixed: true },
  // "pw for the staging admin is X", "new password for the shared inbox → X", "pw vom Nextcloud: X",
  // and the same in the languages chat is written in: "mot de passe du compte c'est X",
  // "a senha do wifi é X", "la contraseña del wifi es X". Up to 40 characters may say what it opens.
  {
    pattern: PASSWORD_WORD,
    rest: [
      new RegExp(`(?:[ \\t]${OPENS})?(?:[ \\t]${IS_WORD}(?=[ \\t:])|[ \\t]*(?:→|->))[ \\t]*:?[ \\t]*`, 'iy'),
      new RegExp(`[ \\t]${OPENS}[ \\t]*:[ \\t]*`, 'iy'),
      // "Password - Tr0ub4dor&3", "Passwort – X": a dash set off by spaces.
      /[ \t]+[-–—][ \t]+/y,
    ],
    words: PROSE_WORDS,
    confidence: 0.7,
    mixed: true,
  },
  // "mdp : X", "Kennwort: X": words code does not use for keys.
  { pattern: FOREIGN_WORD, rest: [/[ \t]*[:=][ \t]*/y], words: FOREIGN_WORDS, confidence: 0.7, mixed: true },
  // "the netflix login is emily@hotmail.com / Changeme80366", "creds: svc_backup / Tr0ub4dor&3": a
  // login told as a user name, a slash or bar, then the password.
  {
    pattern:
      /\b(?:login|log-in|sign-in|credentials?|creds)\b[^\n:=]{0,30}?(?:[ \t](?:is|are|was|were)[ \t]+|[ \t]*[:=][ \t]*)[^\s/|,]{1,64}[ \t]*[/|][ \t]*/gi,
    words: wordSet(['login', 'log-in', 'sign-in', 'credential', 'creds']),
    confidence: 0.7,
    mixed: true,
  },
  // "creds admin:S3cr3t!x", "login: svc_backup:Tr0ub4dor&3": a user name and the password joined by a colon.
  {
    // The user name holds no dot, so a package coordinate (`credential = com.azure:azure-identity:1.12.2`) is none.
    pattern: /\b(?:login|credentials?|creds)[ \t]*:?[ \t]+(?!https?:|ftp:|mailto:)[A-Za-z0-9_-]{1,64}:(?=[^\s/])/gi,
    words: wordSet(['login', 'credential', 'creds']),
    confidence: 0.7,
    mixed: true,
  },
  {
    pattern: /\breset\s+(?:it|the\s+password|my\s+password|the\s+pw|your\s+password)\s+to\s+/gi,
    words: wordSet(['reset']),
    confidence: 0.7,
    mixed: true,
  },
];
const PROSE_VALUE = /^[^\s"'`<>()]{4,64}/;
const PROSE_QUOTED = /^(["'`])([^"'`\n]{4,64})\1/;
/** Version numbers and addresses that follow the same words ("reset it to v2.1.0"). */
const NOT_PROSE_VALUE = /^v?\d+(?:\.\d+)+|:\/\/|^www\./i;
const LETTER = /[A-Za-z]/;
const DIGIT_OR_SYMBOL = /[^A-Za-z]/;

/** Where the first of the sticky `rests` matching at `from` ends, or -1. */
function restEnd(text: string, from: number, rests: readonly RegExp[]): number {
  for (const rest of rests) {
    rest.lastIndex = from;
    if (rest.test(text)) return rest.lastIndex;
  }
  return -1;
}

/** "is" or an arrow between a password's word and its value: the sentence says what follows is the password. */
const SAYS_IT_IS = new RegExp(`[ \\t]${IS_WORD}[ \\t:]|→|->`, 'i');
const PASSCODE = /passcode/i;
/** One word as a dictionary writes it ("Incorrect", "expired", "WRONG"): prose, not a password. */
const PLAIN_WORD = /^(?:[A-Z]?[a-z]+|[A-Z]+)$/;

function findProse(text: string, found: Finding[], shared: ScanText): void {
  for (const cue of PROSE_CUES) {
    if (!shared.hasAny(cue.words)) continue;
    for (const m of text.matchAll(cue.pattern)) {
      let from = m.index + m[0].length;
      let says = false;
      if (cue.rest) {
        // The word alone, then the rest of the cue; words between must not say the value is about it.
        if (WORD_CHAR.test(text.charAt(m.index - 1)) || WORD_CHAR.test(text.charAt(from))) continue;
        const end = restEnd(text, from, cue.rest);
        if (end === -1 || ABOUT_IT.test(text.slice(m.index, end))) continue;
        says = SAYS_IT_IS.test(text.slice(from, end));
        from = end;
      }
      const rest = text.slice(from, from + 70);
      const quoted = PROSE_QUOTED.exec(rest);
      let start = from;
      let value: string;
      if (quoted) {
        start = from + 1;
        value = quoted[2] ?? '';
      } else {
        value = (PROSE_VALUE.exec(rest)?.[0] ?? '').replace(/[.,;:]+$/, '');
        // In prose a password stands out by mixing classes; "is incorrect", "is case-sensitive" do not.
        // A passcode is often digits alone ("Passcode is 482913"), as meeting and door codes are.
        const digitCode = PASSCODE.test(m[0]) && /^\d{4,12}$/.test(value);
        if ((characterClasses(value) < 2 && !digitCode) || JOINED_WORDS.test(value) || NOT_PROSE_VALUE.test(value)) continue;
        // "the password I set last week is reYDqwOSEzqRYwQF": after "is", letters of both cases will do.
        const mixed = LETTER.test(value) && DIGIT_OR_SYMBOL.test(value);
        if (cue.mixed && !mixed && !(says && value.length >= 6 && !PLAIN_WORD.test(value))) continue;
      }
      if (value.length < MIN_LENGTH || isPlaceholderPassword(value)) continue;
      const confidence = placeholderPassword(value) ? PLACEHOLDER_CONFIDENCE : cue.confidence;
      found.push(makeFinding(PASSWORD, text, start, start + value.length, confidence));
    }
  }
}

/** Tools taking a password as an option, and LDAP's `bindpw`/`rootpw` (in the keyword `pw`). */
const COMMAND_WORDS = wordSet([
  'curl', 'mysql', 'mariadb', 'sshpass', 'htpasswd', 'redis-cli', 'ldap', 'bindpw', 'rootpw', 'docker', 'podman', 'buildah',
  'skopeo', 'nerdctl', 'helm', 'oras', 'mongo', 'sqlcmd',
]);

function findOnCommandLines(text: string, found: Finding[]): void {
  for (const span of findCommandPasswords(text)) {
    const value = text.slice(span.start, span.end);
    if (value.length < MIN_LENGTH || value.length > MAX_LENGTH || isPlaceholderPassword(value) || value.startsWith('$')) continue;
    found.push(makeFinding(PASSWORD, text, span.start, span.end, placeholderPassword(value) ? PLACEHOLDER_CONFIDENCE : STRONG));
  }
}

export const password: Detector = {
  ...PASSWORD,
  keywords: [
    'pass', 'pw', 'reset', 'curl', 'mysql', 'mariadb', 'redis-cli', 'ldap', 'login', 'log-in', 'sign-in', 'creds', 'credential', 'docker', 'podman', 'buildah', 'skopeo', 'nerdctl',
    'helm', 'oras', 'mongo', 'sqlcmd', ...PASSWORD_IN_OTHER_LANGUAGES,
  ],
  find(text, _earlier, shared = new ScanText(text)) {
    const found: Finding[] = [];
    const assignments = shared.hasAny(STEM_WORDS)
      ? [
          ...findAssignments(text, STEM),
          ...findTableCells(text, STEM, namesPassword),
          ...(shared.hasAny(ENV_DEFAULT_WORDS) ? shared.once(findEnvDefaults) : []),
          ...(shared.hasAny(VALUE_WORD) ? findNameValuePairs(text, STEM) : []),
        ]
      : [];
    for (const a of assignments) {
      const value = text.slice(a.valueStart, a.valueEnd);
      if (!namesPasswordIn(a, value)) continue;
      const confidence = judge(a, value);
      if (confidence !== null) found.push(makeFinding(PASSWORD, text, a.valueStart, a.valueEnd, confidence));
    }
    findProse(text, found, shared);
    if (shared.hasAny(COMMAND_WORDS)) findOnCommandLines(text, found);
    return found;
  },
};
