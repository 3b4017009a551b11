// One realistic file per supported kind for the file-check benchmark, each carrying some personal
// data, built once with the same real tools as the tests' fixtures (pdf-lib, JSZip, sharp).
import { docx, imagePdf, jpegOf, pngOf, textPdf } from '../test/helpers/file-fixtures.js';

export const FILE_TYPES = ['text', 'pdf', 'scanned-pdf', 'docx', 'png', 'jpeg'] as const;
export type FileType = (typeof FILE_TYPES)[number];

export interface BenchFile {
  type: FileType;
  /** What the file is, for the results. */
  label: string;
  name: string;
  bytes: Buffer;
}

const NAMES = ['Jane Doe', 'Omar Haddad', 'Li Wei', 'Maria Garcia', 'Tom Becker', 'Aiko Tanaka', 'Sam Okafor', 'Eva Novak'];
const CITIES = ['Berlin', 'Austin', 'Lyon', 'Osaka', 'Leeds', 'Porto'];
const name = (i: number) => NAMES[i % NAMES.length]!;
const email = (i: number) => `${name(i).toLowerCase().replace(' ', '.')}${i}@example.com`;
const phone = (i: number) => `(415) 555-${String(1000 + (i % 9000)).padStart(4, '0')}`;
const FILLER = 'Reviewed the onboarding plan and the open tickets; follow-up next week with the account owner.';

/** A CSV export of ~200 KB: every row has a name, an email and a phone number. */
function csv(targetBytes = 200 * 1024): Buffer {
  const rows = ['id,name,email,phone,city,note'];
  let size = rows[0]!.length + 1;
  for (let i = 0; size < targetBytes; i++) {
    const row = `${10_000 + i},${name(i)},${email(i)},${phone(i)},${CITIES[i % CITIES.length]},"${FILLER}"`;
    rows.push(row);
    size += row.length + 1;
  }
  return Buffer.from(`${rows.join('\n')}\n`);
}

/** Lines of a report page: mostly prose, one contact line in four. */
const reportLines = (page: number, count: number) =>
  Array.from({ length: count }, (_, l) => {
    const i = page * count + l;
    return l % 4 === 1 ? `Contact: ${name(i)}, ${email(i)}, ${phone(i)}` : `${i + 1}. ${FILLER.slice(0, 80)}`;
  });

export async function benchFiles(): Promise<BenchFile[]> {
  const card = ['Customer: Jane Doe', 'Email: jane.doe@example.com', 'Phone: (415) 555-0134', 'SSN: 123-45-6789', 'Ticket 4211: refund approved'];
  const paragraphs = Array.from({ length: 50 }, (_, i) => (i % 5 === 0 ? `Please call ${name(i)} at ${phone(i)} or write to ${email(i)}.` : `${FILLER} (${i + 1})`));
  const table = [['Name', 'Email', 'Phone', 'City'], ...Array.from({ length: 10 }, (_, i) => [name(i), email(i), phone(i), CITIES[i % CITIES.length]!])];
  return [
    { type: 'text', label: 'CSV export, rows with name/email/phone', name: 'customers.csv', bytes: csv() },
    { type: 'pdf', label: 'PDF with a text layer, 10 pages × 40 lines', name: 'report.pdf', bytes: await textPdf(Array.from({ length: 10 }, (_, p) => reportLines(p, 40))) },
    { type: 'scanned-pdf', label: 'scanned PDF (image only), 2 pages × 12 lines', name: 'scan.pdf', bytes: await imagePdf([0, 1].map((p) => reportLines(p, 12))) },
    { type: 'docx', label: 'DOCX, 50 paragraphs + an 11-row table', name: 'notes.docx', bytes: await docx({ body: paragraphs, table }) },
    { type: 'png', label: 'PNG screenshot, 1400 px wide, 5 lines', name: 'card.png', bytes: await pngOf(card) },
    { type: 'jpeg', label: 'JPEG of the same 5 lines, 1400 px wide', name: 'card.jpg', bytes: await jpegOf(card) },
  ];
}
