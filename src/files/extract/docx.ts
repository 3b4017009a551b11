// DOCX: the package passes the guarded ZIP reader first (caps, CRCs, encryption), so mammoth and
// everything after it read only validated bytes. Mammoth gives the body and tables; the parts it
// skips (headers, footers, footnotes, endnotes, comments) are read from their XML here.
import { DOMParser, type Node as XmlNode } from '@xmldom/xmldom';
import mammoth from 'mammoth';
import { FileError, type Extraction, type FileLimits } from '../types.js';
import { readZip } from '../zip.js';

/** The parts read besides the body, in the order their text follows it; numbered parts by number. */
const PARTS = [/^word\/header(\d*)\.xml$/, /^word\/footer(\d*)\.xml$/, /^word\/footnotes\.xml$/, /^word\/endnotes\.xml$/, /^word\/comments\.xml$/];

/** Between the body and each part, in the extracted text. */
const PART_SEPARATOR = '\n\n';

function rank(name: string): [number, number] | null {
  for (const [i, part] of PARTS.entries()) {
    const m = part.exec(name);
    if (m) return [i, Number(m[1] || 0)];
  }
  return null;
}

/**
 * A part's text: w:t (and deleted w:delText, still in the file) as written, w:tab as a tab, w:br and
 * w:cr as line breaks, a newline after each paragraph. DrawingML's a:t and a:p read the same way.
 */
function partText(name: string, xml: Buffer): string {
  let doc;
  try {
    const onError = (level: string) => {
      if (level !== 'warning') throw new Error(`XML ${level}`);
    };
    doc = new DOMParser({ onError }).parseFromString(xml.toString('utf8').replace(/^\uFEFF/, ''), 'text/xml');
  } catch (cause) {
    throw new FileError('corrupt_file', `The DOCX part ${name} is not well-formed XML.`, { cause });
  }
  let out = '';
  const walk = (node: XmlNode) => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType !== child.ELEMENT_NODE) continue;
      const local = child.localName;
      // Tabs and breaks in a run; a w:tab elsewhere is a tab stop in paragraph properties.
      const inRun = child.parentNode?.localName === 'r';
      if (local === 't' || local === 'delText') out += child.textContent ?? '';
      else if (inRun && local === 'tab') out += '\t';
      else if (inRun && (local === 'br' || local === 'cr')) out += '\n';
      else {
        walk(child);
        if (local === 'p') out += '\n';
      }
    }
  };
  walk(doc);
  return out;
}

export async function extractDocx(bytes: Buffer, limits: FileLimits): Promise<Extraction> {
  const files = readZip(bytes, limits);
  if (!files.has('word/document.xml')) throw new FileError('unsupported_file_type', 'The file is a ZIP archive without word/document.xml, not a DOCX.');
  const { value: body } = await mammoth.extractRawText({ buffer: bytes });
  const parts = [...files.keys()]
    .flatMap((name) => {
      const r = rank(name);
      return r ? [{ name, r }] : [];
    })
    .sort((a, b) => a.r[0] - b.r[0] || a.r[1] - b.r[1])
    .map(({ name }) => partText(name, files.get(name)!));
  const text = [body, ...parts]
    .map((t) => t.trim())
    .filter(Boolean)
    .join(PART_SEPARATOR);
  return { text, layout: { kind: 'docx' }, pages: 1, ocrPages: 0 };
}
