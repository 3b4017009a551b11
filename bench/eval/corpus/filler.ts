// Unlabelled text: the `{lowercase}` tokens of templates and the sentences around the values.
// Nothing here may be a sensitive value; much of it is deliberately number-rich (dates, amounts,
// ticket and order ids) because real documents are.
import { type Rng } from './rng.js';
import { CITIES, COMPANIES, HANDLES, MONTHS, MONTHS_SHORT, PRODUCTS, SERVICES, TEAMS, TITLES, WEEKDAYS } from './words.js';

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

export function recentDate(rng: Rng): string {
  const y = rng.int(2022, 2025);
  const m = rng.int(1, 12);
  const d = rng.int(1, 28);
  return rng.pick([`${MONTHS[m - 1]} ${d}, ${y}`, `${y}-${pad(m)}-${pad(d)}`, `${pad(m)}/${pad(d)}/${y}`, `${d} ${MONTHS_SHORT[m - 1]} ${y}`, `${MONTHS_SHORT[m - 1]} ${d}`]);
}

export function isoTimestamp(rng: Rng): string {
  return `${rng.int(2023, 2025)}-${pad(rng.int(1, 12))}-${pad(rng.int(1, 28))}T${pad(rng.int(0, 23))}:${pad(rng.int(0, 59))}:${pad(rng.int(0, 59))}.${pad(rng.int(0, 999), 3)}Z`;
}

export function clock(rng: Rng): string {
  return `${pad(rng.int(7, 19))}:${pad(rng.int(0, 59))}`;
}

export function amount(rng: Rng): string {
  const v = rng.int(5, rng.chance(0.8) ? 2000 : 90000) + rng.int(0, 99) / 100;
  return rng.pick(['$', '$', '€', '£']) + v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

const FILLERS: Record<string, (rng: Rng) => string> = {
  city: (r) => r.pick(CITIES)[0],
  company: (r) => r.pick(COMPANIES),
  product: (r) => r.pick(PRODUCTS),
  date: recentDate,
  weekday: (r) => r.pick(WEEKDAYS),
  month: (r) => r.pick(MONTHS),
  time: clock,
  amount,
  ticket: (r) => String(r.int(10000, 99999)),
  invoice: (r) => `INV-${r.int(2022, 2025)}-${pad(r.int(1, 9999), 4)}`,
  order: (r) => r.pick([`#${r.int(100000, 999999)}`, `ORD-${r.int(10000, 99999)}`, `${r.digits(3)}-${r.digits(7)}-${r.digits(7)}`]),
  team: (r) => r.pick(TEAMS),
  service: (r) => r.pick(SERVICES),
  handle: (r) => r.pick(HANDLES),
  title: (r) => r.pick(TITLES),
  n: (r) => String(r.int(2, 40)),
  clinic: (r) => r.pick(['Riverside Clinic', 'Harborview Medical Center', 'Lakeside Family Practice', 'St. Mary’s Hospital', 'Northside Cardiology']),
  dose: (r) => r.pick(['10 mg daily', '500 mg twice daily', '20 mg at bedtime', '1 tablet every morning', '50 mcg daily']),
};

export function filler(token: string, rng: Rng): string {
  const f = FILLERS[token];
  if (!f) throw new Error(`unknown filler token {${token}}`);
  return f(rng);
}

export const TICKET_SUBJECTS = [
  'Refund not received', 'Cannot log in after password reset', 'Wrong billing address on invoice', 'Duplicate charge',
  'Update payroll details', 'Urgent: account locked', 'Question about my claim', 'API calls failing since this morning',
  'Please update my records', 'Shipment delayed', 'Access request for new hire', 'Leaked credentials?',
];

export const TICKET_SENTENCES = [
  'The issue started after the update on {weekday}.', "I've attached a screenshot of the error.", 'This is blocking our month-end close.',
  'We have about {n} users affected.', 'Order {order} is the one in question.', 'Could you look into this today?',
  'I already tried clearing the cache and logging in again.', 'The invoice total was {amount}.', 'Our account manager is on leave until {date}.',
  'Please let me know if you need anything else from me.', 'This worked fine last month.', 'I called on {weekday} but nobody picked up.',
];

export const EMAIL_SUBJECTS = ['Re: onboarding documents', 'Payment details', 'Fwd: your application', 'Quick question', 'Updated info', 'Follow-up from our call', 'Re: Re: invoice {invoice}', 'Access for the new contractor'];

export const EMAIL_SENTENCES = [
  'Thanks for your patience while we sorted this out.', 'As discussed on the call, here are the details.', 'Let me know once this is processed.',
  'We are finalising the paperwork by {date}.', 'Our finance team meets on {weekday} to approve it.', 'The total comes to {amount} including tax.',
  'I hope the move to {city} went well.', 'Happy to jump on a call if that is easier.', 'Apologies for the delay in getting back to you.',
];

export const CHAT_LINES = [
  'ok', 'thanks!', 'looking now', 'on it 👀', 'deploying after lunch', 'can you check the dashboard?', 'lgtm', 'which env?',
  'standup moved to {time}', 'ugh, prod again', 'nvm found it', 'ty 🙏', 'will rotate it after the call', 'merged', 'ping me when done',
];

export const CLINICAL_SENTENCES = [
  'Patient arrived on time and was accompanied by a family member.', 'Discussed the treatment plan; all questions answered.',
  'Follow-up visit in {n} weeks.', 'Vitals within normal limits. BP 128/82, HR 76.', 'Weight {n} kg above last visit.',
  'Next appointment on {date} at {time}.', 'Referral letter sent to {clinic}.', 'Patient agrees with the plan.',
];

export const HR_SENTENCES = ['Start date: {date}.', 'Department: {team}.', 'Manager approval received on {date}.', 'Salary band: L{n}.', 'Equipment: laptop, badge, parking permit.'];

export const CODE_LINES = [
  "import os", "import requests", "const express = require('express');", "import { S3Client } from '@aws-sdk/client-s3';",
  'def main():', 'app.listen(8080);', "logger = logging.getLogger(__name__)", 'export async function handler(event) {', '// TODO: move to config',
  'MAX_RETRIES = 3', 'const TIMEOUT_MS = 30_000;', "if __name__ == '__main__':",
];

export const LOG_LINES = [
  'INFO  {service} GET /health 200 2ms', 'DEBUG {service} cache hit ratio=0.93', 'INFO  {service} worker started pid={ticket}',
  'WARN  {service} slow query took 1834ms', 'INFO  {service} processed batch size=500 offset={ticket}', 'ERROR {service} upstream timeout after 30000ms',
];
