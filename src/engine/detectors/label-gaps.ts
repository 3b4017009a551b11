// What may stand between a label and its value beyond the usual separators, shared by the PII and
// PHI detectors that read a value right after a label: dot leaders on printed forms ("BIRTH DATE
// ........ 05 23 1950") and a question answered on the next line of a chat ("What is your member
// ID?\nJohn: it's ZGP474512276"). Both are skipped in code, so no regex can backtrack over them.

/** Dot leaders: spaces, then two or more dots, then spaces. */
const LEADER = /^[ \t]*(?:\.[ \t]?){2,80}[ \t]*/;

/** The offset just past a dot leader at `from`, or `from` when there is none. */
export function afterLeader(text: string, from: number): number {
  const m = LEADER.exec(text.slice(from, from + 200));
  return m ? from + m[0].length : from;
}

/** How far the question mark may be from the label, within one line. */
const QUESTION_WINDOW = 80;
/**
 * The start of an answer's line: an optional chat time stamp ("[10:14]", "[21/1/23, 19:46]"), a
 * speaker ("John:", "<dev-kwame>", "Visitor:"), then a few words people put before the value. In a
 * JSON export of a ticket the answer is the next comment's body: `{ "author": "end-user", "body": "Sure, it's …`.
 */
const ANSWER_PREFIX =
  /^[ \t]*(?:\{[^{}\n]{0,100}?"(?:body|text|message|content|comment)"[ \t]*:[ \t]*")?[ \t]*(?:\[[^\]\n]{1,24}\][ \t]*)?(?:<[^>\n]{1,30}>|[\p{L}][\p{L}\p{N} ._'-]{0,30}:)?[ \t]*(?:(?:it'?s|it is|that'?s|that is|sure|yes|yeah|yep|ok|okay|mine is|my \p{L}+ is)[,:!]?[ \t]+){0,2}/iu;

/**
 * When the label at `labelEnd` sits in a question ("What is your member ID?", "…confirm your date
 * of birth and the email?") the offset where the answer on the next line starts; -1 otherwise.
 */
export function answerStart(text: string, labelEnd: number): number {
  const window = text.slice(labelEnd, labelEnd + QUESTION_WINDOW);
  const mark = window.search(/[?\n]/);
  if (mark < 0 || window.charAt(mark) !== '?' || /[.!]\s/.test(window.slice(0, mark))) return -1;
  let at = labelEnd + mark + 1;
  // A question in a JSON export closes its string and object on its line: `…birth?" },`.
  while (at < text.length && ' \t\r"\'}],'.includes(text.charAt(at))) at++;
  if (text.charAt(at) !== '\n') return -1;
  at++;
  const prefix = ANSWER_PREFIX.exec(text.slice(at, at + 100));
  return at + (prefix ? prefix[0].length : 0);
}
