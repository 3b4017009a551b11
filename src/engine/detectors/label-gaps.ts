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
 * speaker ("John:", "<dev-kwame>", "Visitor:"), then a few words people put before the value.
 */
const ANSWER_PREFIX =
  /^[ \t]*(?:\[[^\]\n]{1,24}\][ \t]*)?(?:<[^>\n]{1,30}>|[\p{L}][\p{L}\p{N} ._'-]{0,30}:)?[ \t]*(?:(?:it'?s|it is|that'?s|that is|sure|yes|yeah|yep|ok|okay|mine is|my \p{L}+ is)[,:!]?[ \t]+)?/u;

/**
 * When the label at `labelEnd` sits in a question ("What is your member ID?", "…confirm your date
 * of birth and the email?") the offset where the answer on the next line starts; -1 otherwise.
 */
export function answerStart(text: string, labelEnd: number): number {
  const window = text.slice(labelEnd, labelEnd + QUESTION_WINDOW);
  const mark = window.search(/[?\n]/);
  if (mark < 0 || window.charAt(mark) !== '?' || /[.!]\s/.test(window.slice(0, mark))) return -1;
  let at = labelEnd + mark + 1;
  while (at < text.length && (text.charAt(at) === ' ' || text.charAt(at) === '\t' || text.charAt(at) === '\r')) at++;
  if (text.charAt(at) !== '\n') return -1;
  at++;
  const prefix = ANSWER_PREFIX.exec(text.slice(at, at + 100));
  return at + (prefix ? prefix[0].length : 0);
}
