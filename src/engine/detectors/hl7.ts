// HL7 version 2 messages: segments (one a line, `\r` or `\n`) of `|`-separated fields whose
// components are `^`-separated, as HL7 v2.5.1 defines them. The standard says what each field
// holds (PID-3 the patient's identifiers, PID-5 the name, PID-7 the birth date, PV1-7 the attending
// doctor...), so a value there needs no label of its own. Read once per scan, only when a segment
// line is present; linear in the text.
import type { ScanText } from '../scan-text.js';

export interface Hl7Component {
  /** Segment id: `PID`, `PV1`, `IN1`... */
  segment: string;
  /** Field number as HL7 counts it (PID-3 is 3); MSH fields are counted with MSH-1 the separator. */
  field: number;
  /** Component number, from 1. */
  component: number;
  start: number;
  end: number;
}

/** A segment line: three capitals or digits, then the field separator. */
const SEGMENT = /(?:^|[\r\n])([A-Z][A-Z0-9]{2})\|/g;
/** Quick test: a message holds one of the segments read here. */
const HAS_SEGMENT = /(?:^|[\r\n])(?:MSH|PID|PV1|IN1|NK1|GT1|DG1)\|/;

/** Every non-empty component of every field of every segment line, in text order. */
function readHl7(text: string): Hl7Component[] {
  const found: Hl7Component[] = [];
  if (!text.includes('|') || !HAS_SEGMENT.test(text)) return found;
  for (const m of text.matchAll(SEGMENT)) {
    const segment = m[1] as string;
    let lineEnd = m.index + m[0].length;
    while (lineEnd < text.length && text.charAt(lineEnd) !== '\r' && text.charAt(lineEnd) !== '\n') lineEnd++;
    // MSH-1 is the separator itself, so MSH's first field after it is MSH-2.
    let field = segment === 'MSH' ? 2 : 1;
    let component = 1;
    let start = m.index + m[0].length;
    for (let i = start; i <= lineEnd; i++) {
      const c = i < lineEnd ? text.charAt(i) : '|';
      if (c !== '|' && c !== '^' && c !== '~') continue;
      if (i > start) found.push({ segment, field, component, start, end: i });
      if (c === '|') {
        field++;
        component = 1;
      } else if (c === '^') component++;
      else component = 1; // a repetition starts over at component 1
      start = i + 1;
    }
  }
  return found;
}

/** The message's components, read once per scan. */
export function hl7Components(text: string, shared?: ScanText): Hl7Component[] {
  return shared ? shared.once(readHl7) : readHl7(text);
}

/** True when the component is field `field` (any component when `component` is omitted) of `segment`. */
export function isField(c: Hl7Component, segment: string, field: number, component?: number): boolean {
  return c.segment === segment && c.field === field && (component === undefined || c.component === component);
}

/**
 * Person names: PID-5 (patient), PID-6 (mother's maiden name), NK1-2 (next of kin), GT1-3
 * (guarantor), IN1-16 (insured) are XPN (family^given^middle); PV1-7/8/9/17 (attending,
 * referring, consulting, admitting doctor) are XCN (id^family^given^middle). Each name is one span
 * from the family name through the last name part given.
 */
export function hl7Names(components: readonly Hl7Component[]): { start: number; end: number }[] {
  const names: { start: number; end: number }[] = [];
  for (const c of components) {
    const first = nameFirstComponent(c);
    if (first === 0 || c.component < first || c.component > first + 2) continue;
    const last = names[names.length - 1];
    // The given and middle names continue the family name right before them (`^` between).
    if (c.component > first && last !== undefined && last.end + 1 === c.start) last.end = c.end;
    else if (c.component === first) names.push({ start: c.start, end: c.end });
  }
  return names;
}

function nameFirstComponent(c: Hl7Component): number {
  const { segment, field } = c;
  if ((segment === 'PID' && (field === 5 || field === 6)) || (segment === 'NK1' && field === 2)) return 1;
  if ((segment === 'GT1' && field === 3) || (segment === 'IN1' && field === 16)) return 1;
  if (segment === 'PV1' && (field === 7 || field === 8 || field === 9 || field === 17)) return 2;
  return 0;
}

export interface Hl7Identifier {
  start: number;
  end: number;
  /** The identifier type code (CX component 5: `MR`, `SS`, `MB`...), upper case; '' when absent. */
  kind: string;
  segment: string;
  field: number;
}

/**
 * Identifiers in CX fields (id^check digit^scheme^assigning authority^type code), such as PID-2,
 * PID-3 and PID-4, each with its type code when the same repetition gives one.
 */
export function hl7Identifiers(text: string, components: readonly Hl7Component[], segment: string, fields: readonly number[]): Hl7Identifier[] {
  const found: Hl7Identifier[] = [];
  let current: Hl7Identifier | undefined;
  for (const c of components) {
    if (c.segment !== segment || !fields.includes(c.field)) continue;
    if (c.component === 1) {
      current = { start: c.start, end: c.end, kind: '', segment, field: c.field };
      found.push(current);
    } else if (c.component === 5 && current !== undefined && current.field === c.field) {
      current.kind = text.slice(c.start, c.end).toUpperCase();
    }
  }
  return found;
}
