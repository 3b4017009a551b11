import JSZip from 'jszip';
import mammoth from 'mammoth';
import { beforeAll, describe, expect, it } from 'vitest';
import { maskFile } from '../../../src/files/mask/index.js';
import { FileError, type Extraction, type MaskPlanner } from '../../../src/files/types.js';
import { docx } from '../../helpers/file-fixtures.js';
import { extractFile, maskAll, verdict } from './helpers.js';

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** Every value the fixture holds, and pieces of them a careless masker could leave behind. */
const VALUES = ['123-45-6789', '123-4', '5-6789', 'john.smith', 'example.com', '4111', '234-56-7890', '321', '9876', 'jane.doe', 'example.org'];

/**
 * The fixture, plus what `docx()` does not write: a hyperlink to a mailto: target, a text box, an
 * SSN typed with non-breaking hyphens, and core properties with a value in the title.
 */
async function fixture(): Promise<Buffer> {
  const zip = await JSZip.loadAsync(
    await docx({
      body: [
        'Employee record for the payroll team.',
        [{ text: 'SSN 123-4' }, { text: '5-6789', bold: true }, { text: ' verified', bold: true }],
        'Email john.smith@example.com for questions.',
      ],
      table: [
        ['Card', '4111 1111 1111 1111'],
        ['Status', 'Active'],
      ],
      header: ['Confidential for john.smith@example.com'],
      footer: ['Footer SSN 234-56-7890'],
      comments: ['Check SSN 123-45-6789 again'],
    }),
  );
  const link = `<w:p><w:hyperlink r:id="rIdLink"><w:r><w:t>Write to the office</w:t></w:r></w:hyperlink></w:p>`;
  const box = `<w:p><w:r><w:t xml:space="preserve">Before the box </w:t></w:r><w:r><w:pict><v:shape xmlns:v="urn:schemas-microsoft-com:vml" style="width:200pt;height:40pt"><v:textbox><w:txbxContent><w:p><w:r><w:t>Boxed 4111 1111 1111 1111</w:t></w:r></w:p></w:txbxContent></v:textbox></v:shape></w:pict></w:r><w:r><w:t xml:space="preserve"> after the box</w:t></w:r></w:p>`;
  const nbh = `<w:p><w:r><w:t xml:space="preserve">Alt SSN 321</w:t><w:noBreakHyphen/><w:t>54</w:t><w:noBreakHyphen/><w:t xml:space="preserve">9876 noted</w:t></w:r></w:p>`;
  const document = await zip.file('word/document.xml')!.async('string');
  zip.file('word/document.xml', document.replace('<w:sectPr>', `${link}${box}${nbh}<w:sectPr>`));
  const rels = await zip.file('word/_rels/document.xml.rels')!.async('string');
  zip.file(
    'word/_rels/document.xml.rels',
    rels.replace('</Relationships>', `<Relationship Id="rIdLink" Type="${REL}/hyperlink" Target="mailto:jane.doe%40example.org" TargetMode="External"/></Relationships>`),
  );
  zip.file(
    'docProps/core.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Record of jane.doe@example.org</dc:title><dc:creator>Reviewer Bot</dc:creator></cp:coreProperties>',
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** Every file of the package as text, for a raw scan that does not trust any reader. */
async function parts(bytes: Buffer): Promise<Map<string, string>> {
  const zip = await JSZip.loadAsync(bytes);
  const out = new Map<string, string>();
  for (const [name, entry] of Object.entries(zip.files)) if (!entry.dir) out.set(name, await entry.async('string'));
  return out;
}

describe('maskFile: DOCX', () => {
  let original: Buffer;
  let extraction: Extraction;
  let masked: Buffer;
  let maskedParts: Map<string, string>;
  beforeAll(async () => {
    original = await fixture();
    extraction = await extractFile(original);
    expect(verdict(extraction.text)).toEqual({ decision: 'ALLOWED_WITH_MASKING', types: ['CREDIT_CARD', 'EMAIL', 'SSN'] });
    const file = await maskFile(original, extraction, maskAll());
    expect([file.mime, file.ext]).toEqual(['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx']);
    masked = file.bytes;
    maskedParts = await parts(masked);
  });

  it('reads back (mammoth) with the values replaced and the rest of the text in place', async () => {
    const before = (await mammoth.extractRawText({ buffer: original })).value;
    for (const value of ['123-45-6789', 'john.smith@example.com', '4111 1111 1111 1111']) expect(squashed(before)).toContain(squashed(value));
    const after = (await mammoth.extractRawText({ buffer: masked })).value;
    for (const value of VALUES) expect(after).not.toContain(value);
    for (const kept of ['Employee record for the payroll team.', 'SSN [SSN] verified', 'Email [EMAIL] for questions.', '[CREDIT_CARD]', 'Active', 'Write to the office', 'Boxed [CREDIT_CARD]', 'Alt SSN [SSN] noted']) {
      expect(after).toContain(kept);
    }
  });

  it('leaves no value or piece of one in any part of the package, and extraction finds none', async () => {
    for (const [name, xml] of maskedParts) for (const value of VALUES) expect(xml.includes(value), `${value} in ${name}`).toBe(false);
    expect(verdict((await extractFile(masked)).text)).toEqual({ decision: 'ALLOWED', types: [] });
  });

  it('masks a value split across runs in the first run and keeps each run and its formatting', async () => {
    const html = (await mammoth.convertToHtml({ buffer: masked })).value;
    expect(html).toContain('<p>SSN [SSN]<strong> verified</strong></p>');
    const document = maskedParts.get('word/document.xml')!;
    expect(document).toContain('<w:r><w:t xml:space="preserve">SSN [SSN]</w:t></w:r>');
    expect(document).toContain('<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve"/></w:r>');
    expect(document.match(/<w:b\/>/g)).toHaveLength(2);
  });

  it('masks headers, footers, comments, hyperlink targets and document properties', () => {
    expect(maskedParts.get('word/header1.xml')).toContain('Confidential for [EMAIL]');
    expect(maskedParts.get('word/footer1.xml')).toContain('Footer SSN [SSN]');
    expect(maskedParts.get('word/comments.xml')).toContain('Check SSN [SSN] again');
    expect(maskedParts.get('word/_rels/document.xml.rels')).toContain('Target="mailto:%5BEMAIL%5D" TargetMode="External"');
    const core = maskedParts.get('docProps/core.xml')!;
    expect(core).toContain('<dc:title>Record of [EMAIL]</dc:title>');
    expect(core).toContain('<dc:creator>Reviewer Bot</dc:creator>');
  });

  it('keeps the parts it did not change byte for byte', async () => {
    const before = await parts(original);
    expect([...maskedParts.keys()].sort()).toEqual([...before.keys()].sort());
    for (const name of ['[Content_Types].xml', '_rels/.rels']) expect(maskedParts.get(name)).toBe(before.get(name));
  });

  it('plans once over the whole package, so a pseudonym means the same value in body and header', async () => {
    const texts: string[] = [];
    const pseudonyms = maskAll('pseudonym');
    const counting: MaskPlanner = (text) => {
      texts.push(text);
      return pseudonyms(text);
    };
    const file = await maskFile(original, extraction, counting);
    expect(texts).toHaveLength(1);
    const after = await parts(file.bytes);
    expect(after.get('word/document.xml')).toContain('Email [EMAIL_1] for questions.');
    expect(after.get('word/header1.xml')).toContain('Confidential for [EMAIL_1]');
    expect(after.get('word/_rels/document.xml.rels')).toContain('mailto:%5BEMAIL_2%5D');
  });

  it('returns a package without values unchanged', async () => {
    const clean = await docx({ body: ['Quarterly numbers look good.'], header: ['Internal'] });
    expect((await maskFile(clean, await extractFile(clean), maskAll())).bytes.equals(clean)).toBe(true);
  });

  it('refuses a part it must mask that is not well-formed XML, though extraction skips it', async () => {
    const zip = await JSZip.loadAsync(await docx({ body: ['Hello'] }));
    zip.file('docProps/core.xml', '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties"><dc:title>');
    const broken = await zip.generateAsync({ type: 'nodebuffer' });
    const error = await maskFile(broken, await extractFile(broken), maskAll()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileError);
    expect((error as FileError).code).toBe('corrupt_file');
  });
});

const squashed = (s: string) => s.replace(/\s+/g, '');
