// A media type for a text file, guessed from its content. It only labels the file (and its masked
// copy): every text file is scanned the same way, so a wrong guess costs nothing but the label.

/** Characters the guesses look at; JSON alone needs the whole text, to parse it. */
const SAMPLE = 64 * 1024;

/** Markdown needs two different signs: one alone (a `# comment`, a `- item`) is common in plain text and code. */
const MARKDOWN_SIGNS = [/^#{1,6} \S/m, /^```/m, /\[[^\]\n]+\]\([^)\s]+\)/, /^ {0,3}[-*+] \S/m, /\*\*[^*\n]+\*\*/];

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Commas outside double quotes. */
function fields(line: string): number {
  let commas = 0;
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) commas++;
  }
  return commas;
}

/** Up to ten lines with the same number of commas (two lines with one comma each is still prose). */
function isCsv(sample: string, whole: boolean): boolean {
  const lines = sample.split(/\r?\n/);
  if (!whole) lines.pop();
  const rows = lines.filter((l) => l.trim()).slice(0, 10);
  if (rows.length < 2) return false;
  const commas = fields(rows[0]!);
  return commas > 0 && (commas > 1 || rows.length > 2) && rows.every((r) => fields(r) === commas);
}

/**
 * application/json (the whole text parses), text/html (a doctype or an html, head or body root),
 * application/xml (an XML declaration, or one element from start to end), text/csv (lines with equal
 * comma counts), text/markdown (two different Markdown signs), else text/plain.
 */
export function textMime(text: string): string {
  const sample = text.slice(0, SAMPLE);
  const start = sample.trimStart().slice(0, 1024).toLowerCase();
  if ((start.startsWith('{') || start.startsWith('[')) && isJson(text)) return 'application/json';
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype html|<(html|head|body)[\s>])/.test(start)) return 'text/html';
  if (start.startsWith('<?xml') || (/^<[a-z_][\w.:-]*[\s/>]/.test(start) && text.trimEnd().endsWith('>'))) return 'application/xml';
  if (isCsv(sample, sample.length === text.length)) return 'text/csv';
  if (MARKDOWN_SIGNS.filter((sign) => sign.test(sample)).length >= 2) return 'text/markdown';
  return 'text/plain';
}
