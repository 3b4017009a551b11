// OCR lines as text: words joined by spaces, lines by newlines, each word placed at its offsets.
import type { OcrWordText } from '../ocr-pool.js';
import type { OcrWord } from '../types.js';

/** The text of OCR lines, and its words with offsets counted from `offset` (where the text will start). */
export function ocrText(lines: readonly OcrWordText[][], offset: number): { text: string; words: OcrWord[] } {
  let text = '';
  const words: OcrWord[] = [];
  lines.forEach((line, i) => {
    if (i) text += '\n';
    line.forEach((word, j) => {
      if (j) text += ' ';
      words.push({ start: offset + text.length, end: offset + text.length + word.text.length, box: word.box });
      text += word.text;
    });
  });
  return { text, words };
}
