// Positive documents: one renderer per kind of document, each writing its own skeleton (headers,
// greetings, filler lines) around the labelled values of the types it was given.
import { type DocBuilder } from './doc.js';
import {
  CHAT_LINES, CLINICAL_SENTENCES, CODE_LINES, EMAIL_SENTENCES, EMAIL_SUBJECTS, HR_SENTENCES, LOG_LINES, TICKET_SENTENCES, TICKET_SUBJECTS,
  clock, filler, isoTimestamp, recentDate,
} from './filler.js';
import { type Rng } from './rng.js';
import type { Kind, TypeSpec, ValueContext } from './spec.js';
import { resolveToken, splitKey } from './specs.js';
import { person } from './values-pii.js';
import { COMPANIES, HANDLES, PRODUCTS, SERVICES } from './words.js';

/** A document being written: its builder, random source and main person. */
export interface Ctx extends ValueContext {
  b: DocBuilder;
}

function fill(c: Ctx, template: string, own?: TypeSpec, bare = false): void {
  c.b.fill(template, (token) => resolveToken(token, c, own, bare));
}

/** Filler-only template (no labelled value may appear in it). */
function plain(c: Ctx, template: string): string {
  return template.replace(/\{([a-z]+)\}/g, (_, t: string) => filler(t, c.rng));
}

/** One sentence about the value: with context words, or (for self-evident types, sometimes) without. */
function sentence(c: Ctx, spec: TypeSpec): void {
  if (spec.bare && c.rng.chance(0.35)) fill(c, c.rng.pick(spec.bare), spec, true);
  else fill(c, c.rng.pick(spec.prose), spec);
}

function field(c: Ctx, spec: TypeSpec): void {
  fill(c, c.rng.pick(spec.fields), spec);
}

const isEnvName = (k: string): boolean => /^[A-Z0-9_]+$/.test(k);
const toEnvName = (k: string): string => k.replace(/([a-z])([A-Z])/g, '$1_$2').replace(/-/g, '_').toUpperCase();
const toSnake = (k: string): string => k.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();

/** A key for the value in this style, and the token that makes the value. */
function keyOf(c: Ctx, spec: TypeSpec, style: 'env' | 'data'): { name: string; token: string } {
  const parsed = spec.keys.map(splitKey);
  const preferred = parsed.filter((k) => (style === 'env' ? isEnvName(k.name) : !isEnvName(k.name)));
  const k = c.rng.pick(preferred.length > 0 ? preferred : parsed);
  return { name: style === 'env' ? toEnvName(k.name) : isEnvName(k.name) ? toSnake(k.name) : k.name, token: k.token };
}

function shuffleInto<T>(rng: Rng, items: T[], extras: T[]): T[] {
  const out = [...items];
  for (const e of extras) out.splice(rng.int(0, out.length), 0, e);
  return out;
}

type Step = () => void;

function ticket(c: Ctx, specs: TypeSpec[]): void {
  const { b, rng } = c;
  b.text(`Ticket #${rng.int(10000, 99999)} · ${rng.pick(TICKET_SUBJECTS)}\nPriority: ${rng.pick(['Low', 'Normal', 'High', 'Urgent'])}\nChannel: ${rng.pick(['web form', 'email', 'phone', 'chat'])}\n\n`);
  b.text(rng.pick([`Hi ${filler('team', rng)} team,\n\n`, 'Hello,\n\n', 'Hi there,\n\n', '']));
  const steps: Step[] = specs.map((s) => () => sentence(c, s));
  const extra: Step[] = Array.from({ length: rng.int(1, 3) }, () => () => b.text(plain(c, rng.pick(TICKET_SENTENCES))));
  shuffleInto(rng, steps, extra).forEach((step, i) => {
    if (i > 0) b.text(rng.chance(0.3) ? '\n\n' : ' ');
    step();
  });
  b.text(rng.pick(['\n\nThanks,\nCustomer', '\n\nThank you!', '\n\n-- sent from my phone', '\n\nRegards']));
}

function email(c: Ctx, specs: TypeSpec[]): void {
  const { b, rng } = c;
  if (rng.chance(0.5)) {
    b.text('From: ');
    fill(c, rng.chance(0.5) ? '{PERSON_NAME} <{EMAIL}>' : '{EMAIL}');
    b.text(`\nTo: ${rng.pick(['Accounts Payable', 'Support', 'HR Team', 'Billing', 'Front Desk'])}\n`);
  }
  b.text(`Subject: ${plain(c, rng.pick(EMAIL_SUBJECTS))}\nDate: ${rng.pick(['Mon', 'Tue', 'Wed', 'Thu', 'Fri'])}, ${rng.int(1, 28)} ${rng.pick(['Mar', 'Apr', 'May', 'Jun'])} 2024 ${clock(rng)}:${String(rng.int(10, 59))} -0700\n\n`);
  b.text(rng.pick(['Hello,\n\n', 'Hi,\n\n', 'Good morning,\n\n', 'Dear team,\n\n']));
  const steps: Step[] = specs.map((s) => () => sentence(c, s));
  const extra: Step[] = Array.from({ length: rng.int(1, 3) }, () => () => b.text(plain(c, rng.pick(EMAIL_SENTENCES))));
  shuffleInto(rng, steps, extra).forEach((step, i) => {
    if (i > 0) b.text(rng.chance(0.4) ? '\n\n' : ' ');
    step();
  });
  b.text(rng.pick(['\n\nBest regards', '\n\nKind regards,', '\n\nThanks!', '\n\nCheers']));
}

function chat(c: Ctx, specs: TypeSpec[]): void {
  const { b, rng } = c;
  const who = () => rng.pick(HANDLES);
  const steps: Step[] = specs.map((s) => () => sentence(c, s));
  const extra: Step[] = Array.from({ length: rng.int(2, 5) }, () => () => b.text(plain(c, rng.pick(CHAT_LINES))));
  const channel = rng.chance(0.5) ? `#${filler('team', rng)}\n` : '';
  b.text(channel);
  for (const step of shuffleInto(rng, steps, extra)) {
    b.text(`[${clock(rng)}] ${who()}: `);
    step();
    b.text('\n');
  }
}

function clinical(c: Ctx, specs: TypeSpec[]): void {
  const { b, rng } = c;
  b.text(`${filler('clinic', rng)} — ${rng.pick(['PROGRESS NOTE', 'Discharge Summary', 'Clinic Visit', 'Referral'])}\nDate of service: ${recentDate(rng)}\n`);
  const phi = specs.filter((s) => s.type === 'PHI');
  if (!specs.some((s) => s.type === 'PERSON_NAME') && rng.chance(0.7)) fill(c, 'Patient: {PERSON_NAME}\n');
  for (const s of specs.filter((x) => x.type !== 'PHI')) {
    field(c, s);
    b.text('\n');
  }
  b.text(`\nSubjective: ${plain(c, rng.pick(CLINICAL_SENTENCES))}\n`);
  for (const s of phi) {
    if (rng.chance(0.5)) field(c, s);
    else fill(c, rng.pick(s.prose), s);
    b.text('\n');
  }
  b.text(`Plan: ${plain(c, rng.pick(CLINICAL_SENTENCES))}\n`);
}

function record(c: Ctx, specs: TypeSpec[], title: string, sentences: readonly string[]): void {
  const { b, rng } = c;
  b.text(`${title}\n${'='.repeat(title.length)}\n`);
  for (const s of specs) {
    field(c, s);
    b.text('\n');
  }
  b.text(`Notes: ${plain(c, rng.pick(sentences))}\n`);
}

function invoice(c: Ctx, specs: TypeSpec[]): void {
  const { b, rng } = c;
  const pay = new Set(['IBAN', 'SWIFT_BIC', 'CREDIT_CARD', 'CRYPTO_WALLET', 'ABA_ROUTING', 'BANK_ACCOUNT']);
  b.text(`${rng.pick(COMPANIES)}\nINVOICE ${filler('invoice', rng)}\nIssued: ${recentDate(rng)}   Due: ${recentDate(rng)}\n\nBill to:\n`);
  for (const s of specs.filter((x) => !pay.has(x.type))) {
    field(c, s);
    b.text('\n');
  }
  b.text('\nItems:\n');
  for (let i = rng.int(1, 3); i > 0; i--) b.text(`  ${rng.int(1, 5)} × ${rng.pick(PRODUCTS)} (SKU ${rng.chars('ABCDEFGHJKLMNPRSTUVWXYZ', 2)}-${rng.int(100, 999)})   ${filler('amount', rng)}\n`);
  b.text(`Total due: ${filler('amount', rng)}\n\nPayment details:\n`);
  for (const s of specs.filter((x) => pay.has(x.type))) {
    field(c, s);
    b.text('\n');
  }
  b.text('Please quote the invoice number with your payment.\n');
}

function wire(c: Ctx, specs: TypeSpec[]): void {
  record(c, specs, `Wire transfer instructions — ${c.rng.pick(COMPANIES)}`, ['Reference: {invoice}. Amount: {amount}.', 'Please send the confirmation to our accounts team.', 'Call us before sending if anything looks different from last time.']);
}

function jsonDoc(c: Ctx, specs: TypeSpec[]): void {
  const { b, rng } = c;
  const compact = rng.chance(0.3);
  const nl = compact ? '' : '\n';
  const ind = (n: number) => (compact ? '' : '  '.repeat(n));
  const sep = compact ? ',' : ',\n';
  b.text(`{${nl}${ind(1)}"event": "${rng.pick(['customer.updated', 'payment.created', 'patient.synced', 'user.signup', 'config.loaded'])}"${sep}${ind(1)}"id": ${rng.int(100000, 9999999)}${sep}${ind(1)}"created": "${isoTimestamp(rng)}"${sep}${ind(1)}"data": {${nl}`);
  specs.forEach((s, i) => {
    const k = keyOf(c, s, 'data');
    b.text(`${ind(2)}"${k.name}": "`);
    fill(c, `{${k.token}}`, s);
    b.text(`"${i < specs.length - 1 ? sep : nl}`);
  });
  b.text(`${ind(1)}}${nl}}`);
}

function csvValue(c: Ctx, spec: TypeSpec, token: string): void {
  const { b } = c;
  const p = resolveToken(token, c, spec);
  const quote = /[",\n]/.test(p.text);
  if (quote) b.text('"');
  b.piece(p);
  if (quote) b.text('"');
}

function csv(c: Ctx, specs: TypeSpec[]): void {
  const { b, rng } = c;
  const keys = specs.map((s) => keyOf(c, s, 'data'));
  b.text(`id,${keys.map((k) => k.name).join(',')},updated_at\n`);
  for (let row = rng.int(2, 3); row > 0; row--) {
    c.person = person(rng);
    b.text(`${rng.int(1000, 99999)},`);
    specs.forEach((s, i) => {
      csvValue(c, s, keys[i]?.token ?? 'V');
      b.text(',');
    });
    b.text(`${recentDate(rng)}\n`);
  }
}

function log(c: Ctx, specs: TypeSpec[]): void {
  const { b, rng } = c;
  const service = rng.pick(SERVICES);
  const steps: Step[] = specs.map((s) => () => {
    if (s.log && rng.chance(0.6)) fill(c, rng.pick(s.log), s);
    else {
      const k = keyOf(c, s, 'data');
      b.text(`${rng.pick(['request', 'event', 'audit', 'sync'])} ${rng.pick(['ok', 'done', 'received'])} ${k.name}=`);
      fill(c, `{${k.token}}`, s);
    }
  });
  const extra: Step[] = Array.from({ length: rng.int(2, 5) }, () => () => b.text(plain(c, rng.pick(LOG_LINES)).replace(/^\S+\s+\S+\s*/, '')));
  for (const step of shuffleInto(rng, steps, extra)) {
    b.text(`${isoTimestamp(rng)} ${rng.pick(['INFO ', 'WARN ', 'DEBUG', 'ERROR'])} [${service}] `);
    step();
    b.text('\n');
  }
}

function env(c: Ctx, specs: TypeSpec[]): void {
  const { b, rng } = c;
  b.text(`# ${rng.pick(SERVICES)} — ${rng.pick(['production', 'staging', 'local'])}\nNODE_ENV=production\nPORT=${rng.pick([3000, 8080, 8000])}\n`);
  const lines: Step[] = specs.map((s) => () => {
    const k = keyOf(c, s, 'env');
    const p = resolveToken(k.token, c, s);
    const quote = k.token.startsWith('PEM') || /[;\s#]/.test(p.text) || rng.chance(0.2);
    b.text(`${k.name}=${quote ? '"' : ''}`).piece(p).text(`${quote ? '"' : ''}\n`);
  });
  const extra: Step[] = Array.from({ length: rng.int(1, 3) }, () => () => b.text(rng.pick(['LOG_LEVEL=info\n', 'FEATURE_NEW_CHECKOUT=true\n', 'WORKERS=4\n', 'TZ=UTC\n', '# rotate quarterly\n', 'REQUEST_TIMEOUT_MS=30000\n'])));
  shuffleInto(rng, lines, extra).forEach((step) => step());
}

function yaml(c: Ctx, specs: TypeSpec[]): void {
  const { b, rng } = c;
  b.text(`service: ${rng.pick(SERVICES)}\nenvironment: ${rng.pick(['production', 'staging'])}\nreplicas: ${rng.int(1, 6)}\n${rng.pick(['credentials', 'secrets', 'config'])}:\n`);
  for (const s of specs) {
    const k = keyOf(c, s, 'data');
    if (k.token === 'PEM_ESC' && rng.chance(0.5)) {
      b.text(`  ${k.name}: |\n    `);
      b.piece(resolveToken('PEM_YAML', c, s));
      b.text('\n');
      continue;
    }
    const p = resolveToken(k.token, c, s);
    const quote = k.token.startsWith('PEM') || /[:#{}&*!|>'"%@`]/.test(p.text[0] ?? '') || rng.chance(0.3);
    b.text(`  ${k.name}: ${quote ? '"' : ''}`).piece(p).text(`${quote ? '"' : ''}\n`);
  }
  b.text(`logging:\n  level: info\n`);
}

function code(c: Ctx, specs: TypeSpec[]): void {
  const { b, rng } = c;
  const steps: Step[] = specs.map((s) => () => {
    if (s.code && rng.chance(0.75)) fill(c, rng.pick(s.code), s);
    else {
      const k = keyOf(c, s, 'data');
      const name = rng.chance(0.5) ? k.name.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase()) : toSnake(k.name);
      const js = rng.chance(0.5);
      b.text(js ? `const ${name} = '` : `${name} = "`);
      fill(c, `{${k.token}}`, s);
      b.text(js ? "';" : '"');
    }
  });
  const extra: Step[] = Array.from({ length: rng.int(2, 4) }, () => () => b.text(rng.pick(CODE_LINES)));
  shuffleInto(rng, steps, extra).forEach((step) => {
    step();
    b.text('\n');
  });
}

function stack(c: Ctx, specs: TypeSpec[]): void {
  const { b, rng } = c;
  const node = rng.chance(0.6);
  specs.forEach((s, i) => {
    if (i > 0) b.text('\n');
    if (!node) b.text('Traceback (most recent call last):\n  File "/app/worker.py", line ' + rng.int(20, 400) + ', in run\n    result = handler(job)\n');
    fill(c, rng.pick(s.stack ?? s.prose), s);
    b.text('\n');
    if (node) {
      for (let f = rng.int(2, 4); f > 0; f--) b.text(`    at ${rng.pick(['Socket.<anonymous>', 'processTicksAndRejections', 'Client._handleErrorMessage', 'async handler', 'Object.verify'])} (${rng.pick(['/app/node_modules/pg/lib/client.js', 'node:internal/process/task_queues', '/app/dist/server.js', '/app/node_modules/jsonwebtoken/verify.js'])}:${rng.int(10, 400)}:${rng.int(1, 60)})\n`);
    }
  });
}

export const RENDERERS: Record<Kind, (c: Ctx, specs: TypeSpec[]) => void> = {
  ticket,
  email,
  chat,
  clinical,
  hr: (c, s) => record(c, s, `Employee record — ${c.rng.pick(COMPANIES)}`, HR_SENTENCES),
  invoice,
  wire,
  json: jsonDoc,
  csv,
  log,
  env,
  yaml,
  code,
  stack,
};
