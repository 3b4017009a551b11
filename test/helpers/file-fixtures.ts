// Real files made with real tools, for file-check tests: images rendered by sharp from SVG, PDFs
// written by pdf-lib (with a text layer, or only an image), DOCX packages zipped by JSZip.
import JSZip from 'jszip';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface TextImageOptions {
  width?: number;
  fontSize?: number;
  /** Extra space around the text, in pixels. */
  margin?: number;
}

/** An SVG of black lines of text on white; sharp (librsvg) renders it. */
export function textSvg(lines: string[], { width = 1400, fontSize = 32, margin = 40 }: TextImageOptions = {}): Buffer {
  const lineHeight = Math.round(fontSize * 1.6);
  const height = margin * 2 + lineHeight * lines.length;
  const texts = lines
    .map((line, i) => `<text x="${margin}" y="${margin + lineHeight * i + fontSize}" font-family="DejaVu Sans" font-size="${fontSize}">${escapeXml(line)}</text>`)
    .join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="white"/>${texts}</svg>`,
  );
}

export const pngOf = (lines: string[], opts?: TextImageOptions) => sharp(textSvg(lines, opts)).png().toBuffer();
export const jpegOf = (lines: string[], opts?: TextImageOptions) => sharp(textSvg(lines, opts)).flatten({ background: '#fff' }).jpeg({ quality: 90 }).toBuffer();
export const webpOf = (lines: string[], opts?: TextImageOptions) => sharp(textSvg(lines, opts)).webp({ quality: 90 }).toBuffer();
export const tiffOf = (lines: string[], opts?: TextImageOptions) => sharp(textSvg(lines, opts)).tiff().toBuffer();

/** A PDF with a text layer: one page per entry, each a list of lines (Helvetica, 12 pt, US Letter). */
export async function textPdf(pages: string[][]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([612, 792]);
    lines.forEach((line, i) => page.drawText(line, { x: 56, y: 720 - i * 18, size: 12, font }));
  }
  return Buffer.from(await doc.save());
}

/** A PDF with no text layer: each page is only a picture of its lines (a scan). */
export async function imagePdf(pages: string[][]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (const lines of pages) {
    const png = await doc.embedPng(await pngOf(lines, { width: 1700, fontSize: 36, margin: 80 }));
    const page = doc.addPage([612, 792]);
    const scale = Math.min(612 / png.width, 792 / png.height);
    page.drawImage(png, { x: 0, y: 792 - png.height * scale, width: png.width * scale, height: png.height * scale });
  }
  return Buffer.from(await doc.save());
}

/** A run of a paragraph: its text and whether it is bold (so formatting can be checked after masking). */
export interface Run {
  text: string;
  bold?: boolean;
}
/** A paragraph: a string is one plain run; an array lets a value be split across runs. */
export type Paragraph = string | Run[];

export interface DocxContent {
  body: Paragraph[];
  /** A table of plain cells, placed after the body paragraphs. */
  table?: string[][];
  header?: Paragraph[];
  footer?: Paragraph[];
  comments?: string[];
}

const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function runXml({ text, bold }: Run): string {
  return `<w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
}

function paragraphXml(p: Paragraph, extra = ''): string {
  const runs = typeof p === 'string' ? [{ text: p }] : p;
  return `<w:p>${runs.map(runXml).join('')}${extra}</w:p>`;
}

function tableXml(rows: string[][]): string {
  const cell = (text: string) => `<w:tc><w:tcPr><w:tcW w:w="2400" w:type="dxa"/></w:tcPr>${paragraphXml(text)}</w:tc>`;
  return `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr>${rows.map((r) => `<w:tr>${r.map(cell).join('')}</w:tr>`).join('')}</w:tbl>`;
}

/** A DOCX package Word opens: body (with an optional table), optional header, footer and comments. */
export async function docx(content: DocxContent): Promise<Buffer> {
  const zip = new JSZip();
  const rels: string[] = [];
  const overrides: string[] = [];
  const sectRefs: string[] = [];
  const part = (name: string, type: string, contentType: string, xml: string) => {
    const id = `rId${rels.length + 1}`;
    zip.file(`word/${name}`, xml);
    rels.push(`<Relationship Id="${id}" Type="${REL}/${type}" Target="${name}"/>`);
    overrides.push(`<Override PartName="/word/${name}" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.${contentType}+xml"/>`);
    return id;
  };
  if (content.header) {
    const id = part('header1.xml', 'header', 'header', `<w:hdr xmlns:w="${W_NS}" xmlns:r="${R_NS}">${content.header.map((p) => paragraphXml(p)).join('')}</w:hdr>`);
    sectRefs.push(`<w:headerReference w:type="default" r:id="${id}"/>`);
  }
  if (content.footer) {
    const id = part('footer1.xml', 'footer', 'footer', `<w:ftr xmlns:w="${W_NS}" xmlns:r="${R_NS}">${content.footer.map((p) => paragraphXml(p)).join('')}</w:ftr>`);
    sectRefs.push(`<w:footerReference w:type="default" r:id="${id}"/>`);
  }
  let commentAnchors = '';
  if (content.comments?.length) {
    const comments = content.comments
      .map((text, i) => `<w:comment w:id="${i}" w:author="Reviewer" w:initials="R">${paragraphXml(text)}</w:comment>`)
      .join('');
    part('comments.xml', 'comments', 'comments', `<w:comments xmlns:w="${W_NS}">${comments}</w:comments>`);
    commentAnchors = content.comments.map((_, i) => `<w:r><w:commentReference w:id="${i}"/></w:r>`).join('');
  }
  const paragraphs = content.body.map((p, i) => paragraphXml(p, i === 0 ? commentAnchors : ''));
  const body = `${paragraphs.join('')}${content.table ? tableXml(content.table) : ''}<w:sectPr>${sectRefs.join('')}</w:sectPr>`;
  zip.file('word/document.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W_NS}" xmlns:r="${R_NS}"><w:body>${body}</w:body></w:document>`);
  zip.file('word/_rels/document.xml.rels', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`);
  zip.file('_rels/.rels', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/></Relationships>`);
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>${overrides.join('')}</Types>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
