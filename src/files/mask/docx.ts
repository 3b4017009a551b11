// DOCX masking edits the text where Word keeps it, so the result is the same document: runs,
// their properties, tables, images and every part without a masked value keep their bytes.
import { DOMParser, XMLSerializer, onErrorStopParsing, type Document, type Element } from '@xmldom/xmldom';
import JSZip from 'jszip';
import { FileError, type MaskPlanner } from '../types.js';
import { maskSegments, planSpans, type Segment } from './spans.js';

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const XML = 'http://www.w3.org/XML/1998/namespace';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DC = 'http://purl.org/dc/elements/1.1/';
const CP = 'http://schemas.openxmlformats.org/package/2006/metadata/core-properties';
const ELEMENT_NODE = 1;

/** Parts whose paragraphs hold text, in the order the text view visits them. */
const TEXT_PARTS = [/^word\/document\.xml$/, /^word\/header\d*\.xml$/, /^word\/footer\d*\.xml$/, /^word\/footnotes\.xml$/, /^word\/endnotes\.xml$/, /^word\/comments\.xml$/];
/** Relationships of those parts: external hyperlink targets (mailto:…) carry values too. */
const RELS = /^word\/_rels\/[^/]+\.rels$/;
const CORE = 'docProps/core.xml';
/** Document properties that are free text a user typed (or Word filled in with a name). */
const CORE_FIELDS = [
  [DC, 'title'],
  [DC, 'subject'],
  [DC, 'creator'],
  [DC, 'description'],
  [CP, 'keywords'],
  [CP, 'lastModifiedBy'],
] as const;

/**
 * Elements whose text is the document's: shown, deleted in tracked changes, and field codes
 * (HYPERLINK "mailto:…"). Matched by local name, as extraction reads them, so DrawingML shapes
 * (a:p, a:r, a:t) and equations (m:t) are masked too.
 */
const TEXT_ELEMENTS = new Set(['t', 'delText', 'instrText']);
/** Run content that stands for a character: tabs and breaks keep words apart, a non-breaking hyphen joins 123‑45‑6789. */
const RUN_CHARS = new Map([
  ['tab', '\t'],
  ['br', '\n'],
  ['cr', '\n'],
  ['noBreakHyphen', '-'],
]);

interface Slot extends Segment {
  part: string;
  write(masked: string): void;
}

/** One text for the whole package, and where each piece of it is written back. */
class TextView {
  private readonly pieces: string[] = [];
  private length = 0;
  private tail = '';
  readonly slots: Slot[] = [];

  add(text: string, part: string, write: (masked: string) => void): void {
    this.slots.push({ start: this.length, end: this.length + text.length, part, write });
    this.push(text);
  }

  /** Ends what is there with at least `count` newlines: 1 after a paragraph, 2 between parts. */
  breakLines(count: 1 | 2): void {
    if (this.length === 0) return;
    const have = this.tail.endsWith('\n\n') ? 2 : this.tail.endsWith('\n') ? 1 : 0;
    if (have < count) this.push('\n'.repeat(count - have));
  }

  get text(): string {
    return this.pieces.join('');
  }

  private push(text: string): void {
    this.pieces.push(text);
    this.length += text.length;
    this.tail = (this.tail + text).slice(-2);
  }
}

function parse(name: string, xml: string): Document {
  try {
    return new DOMParser({ onError: onErrorStopParsing }).parseFromString(xml.replace(/^\uFEFF/, ''), 'text/xml');
  } catch {
    throw new FileError('corrupt_file', `The document's part ${name} is not well-formed XML.`);
  }
}

function setText(el: Element, text: string): void {
  el.textContent = text;
  el.setAttributeNS(XML, 'xml:space', 'preserve');
}

/** A tab, break or hyphen inside a masked value gives way to the masked text (or to nothing). */
function replaceRunChar(el: Element, masked: string): void {
  if (masked) {
    const t = el.ownerDocument!.createElementNS(el.namespaceURI, el.prefix ? `${el.prefix}:t` : 't');
    setText(t, masked);
    el.parentNode?.replaceChild(t, el);
  } else {
    el.parentNode?.removeChild(el);
  }
}

/** Adds the text under `node` in document order; every paragraph, nested ones too, is a line of its own. */
function walk(node: Element, part: string, view: TextView): void {
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType !== ELEMENT_NODE) continue;
    const el = child as Element;
    const name = el.localName ?? '';
    const runChar = RUN_CHARS.get(name);
    if (name === 'p') {
      view.breakLines(1);
      walk(el, part, view);
      view.breakLines(1);
    } else if (TEXT_ELEMENTS.has(name)) {
      view.add(el.textContent ?? '', part, (masked) => setText(el, masked));
    } else if (runChar !== undefined && (el.parentNode as Element | null)?.localName === 'r') {
      // A w:tab outside a run is a tab stop definition, not a character.
      view.add(runChar, part, (masked) => replaceRunChar(el, masked));
    } else {
      walk(el, part, view);
    }
  }
}

// Targets are shown decoded (mailto:john%40x.com is an address) and written back encoded.
function decodeTarget(target: string): string {
  try {
    return decodeURIComponent(target);
  } catch {
    return target;
  }
}

/**
 * The package with every planned value replaced in the runs (a value split across runs loses its
 * characters in each, the replacement going to the first), in external hyperlink targets and in the
 * core document properties. The planner sees one text for the whole package, so context in a
 * neighbouring paragraph counts and a pseudonym means the same value in the body and in a header.
 */
export async function maskDocx(bytes: Buffer, plan: MaskPlanner): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes);
  const names = Object.keys(zip.files)
    .filter((name) => !zip.files[name]!.dir)
    .sort();
  const docs = new Map<string, Document>();
  const load = async (name: string) => {
    const doc = parse(name, await zip.file(name)!.async('string'));
    docs.set(name, doc);
    return doc;
  };

  const view = new TextView();
  for (const pattern of TEXT_PARTS) {
    for (const name of names.filter((n) => pattern.test(n))) {
      view.breakLines(2);
      walk((await load(name)).documentElement!, name, view);
    }
  }
  for (const name of names.filter((n) => RELS.test(n))) {
    for (const rel of Array.from((await load(name)).getElementsByTagNameNS(RELATIONSHIPS, 'Relationship'))) {
      if (rel.getAttribute('TargetMode') !== 'External') continue;
      view.breakLines(2);
      view.add(decodeTarget(rel.getAttribute('Target') ?? ''), name, (masked) => rel.setAttribute('Target', encodeURI(masked)));
    }
  }
  if (zip.file(CORE)) {
    const core = await load(CORE);
    for (const [ns, local] of CORE_FIELDS) {
      for (const el of Array.from(core.getElementsByTagNameNS(ns, local))) {
        view.breakLines(2);
        view.add(el.textContent ?? '', CORE, (masked) => (el.textContent = masked));
      }
    }
  }

  const text = view.text;
  const masked = maskSegments(text, view.slots, await planSpans(plan, text));
  const changed = new Set<string>();
  view.slots.forEach((slot, i) => {
    if (masked[i] === text.slice(slot.start, slot.end)) return;
    slot.write(masked[i]!);
    changed.add(slot.part);
  });
  if (changed.size === 0) return bytes;
  const serializer = new XMLSerializer();
  for (const name of changed) zip.file(name, serializer.serializeToString(docs.get(name)!));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
