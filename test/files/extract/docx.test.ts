// DOCX text comes from every part a value can hide in: body, split runs, tables, headers, footers,
// footnotes, comments; hostile packages are refused before mammoth reads them.
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { extractDocx } from '../../../src/files/extract/docx.js';
import { DEFAULT_FILE_LIMITS } from '../../../src/files/types.js';
import { truncatedDocx, zipBomb, zipOf } from '../../helpers/bad-files.js';
import { refusal } from '../../helpers/file-errors.js';
import { docx } from '../../helpers/file-fixtures.js';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

/** The fixture DOCX with one more part (and, for a name already there, that part replaced). */
async function withPart(bytes: Buffer, name: string, xml: string): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes);
  zip.file(name, xml);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

describe('extractDocx', () => {
  it('finds planted values in the body, split runs, a table, header, footer and comments', async () => {
    const bytes = await docx({
      body: ['Body mail body@example.com', [{ text: 'Split SSN 123-' }, { text: '45-', bold: true }, { text: '6789' }]],
      table: [
        ['Name', 'Card'],
        ['Jane', '4111 1111 1111 1111'],
      ],
      header: ['Header phone 415-555-0100'],
      footer: ['Footer SSN 987-65-4321'],
      comments: ['Comment mail reviewer@example.com'],
    });
    const { text, layout, pages, ocrPages } = await extractDocx(bytes, DEFAULT_FILE_LIMITS);
    for (const planted of ['body@example.com', 'Split SSN 123-45-6789', '4111 1111 1111 1111', 'Header phone 415-555-0100', 'Footer SSN 987-65-4321', 'Comment mail reviewer@example.com']) {
      expect(text).toContain(planted);
    }
    expect(text.indexOf('Body mail')).toBeLessThan(text.indexOf('Header phone'));
    expect(text.indexOf('Header phone')).toBeLessThan(text.indexOf('Footer SSN'));
    expect(text.indexOf('Footer SSN')).toBeLessThan(text.indexOf('Comment mail'));
    expect([layout, pages, ocrPages]).toEqual([{ kind: 'docx' }, 1, 0]);
  });

  it('reads footnotes, tabs and breaks in runs, and deleted text still in the file, but not tab stops', async () => {
    const base = await docx({ body: ['Body'] });
    const footnotes = `<w:footnotes ${W}><w:footnote w:id="1"><w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr><w:r><w:t>Note</w:t><w:tab/><w:t>SSN</w:t><w:br/><w:t>123-45-6789</w:t></w:r><w:del><w:r><w:delText>old@example.com</w:delText></w:r></w:del></w:p></w:footnote></w:footnotes>`;
    const { text } = await extractDocx(await withPart(base, 'word/footnotes.xml', footnotes), DEFAULT_FILE_LIMITS);
    expect(text).toBe('Body\n\nNote\tSSN\n123-45-6789old@example.com');
  });

  it('orders numbered headers by number', async () => {
    let bytes = await docx({ body: ['Body'] });
    bytes = await withPart(bytes, 'word/header10.xml', `<w:hdr ${W}><w:p><w:r><w:t>ten</w:t></w:r></w:p></w:hdr>`);
    bytes = await withPart(bytes, 'word/header2.xml', `<w:hdr ${W}><w:p><w:r><w:t>two</w:t></w:r></w:p></w:hdr>`);
    expect((await extractDocx(bytes, DEFAULT_FILE_LIMITS)).text).toBe('Body\n\ntwo\n\nten');
  });

  it('refuses a truncated DOCX as corrupt', async () => {
    const cut = await truncatedDocx();
    const err = await refusal(() => extractDocx(cut, DEFAULT_FILE_LIMITS));
    expect([err.code, err.status]).toEqual(['corrupt_file', 422]);
    expect(err.message).toMatch(/truncated/);
  });

  it('refuses a DOCX bomb before mammoth sees it', async () => {
    const err = await refusal(() => extractDocx(zipBomb(8 * 1024 * 1024), DEFAULT_FILE_LIMITS));
    expect(err.code).toBe('file_bomb');
    expect(err.message).toMatch(/word\/document\.xml inflates \d+×/);
  });

  it('refuses a ZIP without word/document.xml as unsupported', async () => {
    const err = await refusal(() => extractDocx(zipOf([{ name: 'readme.txt', data: Buffer.from('hi') }]), DEFAULT_FILE_LIMITS));
    expect([err.code, err.status]).toEqual(['unsupported_file_type', 415]);
    expect(err.message).toMatch(/without word\/document\.xml/);
  });

  it('refuses a header part that is not well-formed XML, naming the part', async () => {
    const bytes = await withPart(await docx({ body: ['Body'] }), 'word/header1.xml', `<w:hdr ${W}><w:p><w:r><w:t>open`);
    const err = await refusal(() => extractDocx(bytes, DEFAULT_FILE_LIMITS));
    expect(err.code).toBe('corrupt_file');
    expect(err.message).toBe('The DOCX part word/header1.xml is not well-formed XML.');
  });
});
