// Masked files keep their format (DESIGN §26); docs/files-masking.md says what each one keeps.
import type { Extraction, MaskPlanner, MaskedFile } from '../types.js';
import { DOCX_MIME, maskDocx } from './docx.js';
import { IMAGE_EXT, IMAGE_MIME, maskImage } from './image.js';
import { maskPdf } from './pdf.js';
import { planSpans } from './spans.js';
import { maskText, textExt } from './text.js';

/**
 * The file with what `plan` replaces masked, in the file's own format. Text, PDF and image are
 * planned once on `extraction.text` (its offsets are the layout's); DOCX plans on its own view of
 * the package, which also holds text extraction does not read (headers, comments, link targets).
 */
export async function maskFile(bytes: Buffer, extraction: Extraction, plan: MaskPlanner): Promise<MaskedFile> {
  const { layout, text } = extraction;
  if (layout.kind === 'docx') return { bytes: await maskDocx(bytes, plan), mime: DOCX_MIME, ext: 'docx' };
  const spans = await planSpans(plan, text);
  switch (layout.kind) {
    case 'text':
      return { bytes: maskText(text, layout.encoding, spans), mime: layout.mime, ext: textExt(layout.mime) };
    case 'pdf':
      return { bytes: await maskPdf(text, layout.pages, spans), mime: 'application/pdf', ext: 'pdf' };
    case 'image':
      return { bytes: await maskImage(bytes, layout.format, layout.ocr, spans), mime: IMAGE_MIME[layout.format], ext: IMAGE_EXT[layout.format] };
  }
}
