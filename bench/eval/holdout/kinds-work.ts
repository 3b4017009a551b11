// Work records: Jira tickets, markdown tables, CRM exports (TSV), KYC and travel forms, auto
// insurance claims, direct-deposit forms.
import type { Rng } from '../corpus/rng.js';
import { v, type Ctx, type Part, type V, type Writer } from './doc.js';
import { mk } from './make.js';
import { address, COMPANY_DOMAINS, dob, foreignAddress, isoTs, jiraKey, money, person, phone, sha, someDate, uuid, workEmail } from './values.js';

export function jiraTicket({ rng, d }: Ctx): void {
  const key = jiraKey(rng);
  const reporter = person(rng);
  const assignee = person(rng);
  d.l`${key}: ${rng.pick(['Checkout fails for some EU cards', 'Import job leaks creds into logs', 'Customer cannot update payout details', 'Login loop after password reset', 'Webhook retries flood #alerts', 'Patient portal shows wrong chart'])}`;
  d.l`Type: ${rng.pick(['Bug', 'Incident', 'Task'])}    Priority: ${rng.pick(['P1', 'P2', 'Major', 'Minor'])}    Status: ${rng.pick(['In Progress', 'Open', 'Triage'])}`;
  d.l`Reporter: ${reporter.name}    Assignee: ${rng.chance(0.2) ? 'Unassigned' : assignee.name}`;
  d.l`Labels: ${rng.pick(['payments', 'security', 'customer-reported', 'regression'])}, ${rng.pick(['backend', 'data', 'sev2'])}`;
  d.l``;
  d.l`h3. Description`;
  const bodies: (() => void)[] = [
    () => {
      d.l`Customer ${rng.pick(['(', '— '])}${person(rng).name}${rng.pick([')', ''])} reports the payment is declined although the card is valid. From the gateway log:`;
      d.l`{code}`;
      d.l`${isoTs(rng)} WARN charge.declined pan=${mk.card(rng)} amount=${rng.int(5, 900)}00 currency=${rng.pick(['EUR', 'USD', 'GBP'])} reason=do_not_honor`;
      d.l`{code}`;
    },
    () => {
      d.l`The nightly import prints the whole environment on failure. Excerpt (values rotated since):`;
      d.l`{noformat}`;
      d.l`DATABASE_URL=${mk.conn(rng)}`;
      d.l`SENDGRID_KEY=${v('GENERIC_SECRET', `SG.${rng.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 22)}.${rng.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', 43)}`)}`;
      d.l`{noformat}`;
    },
    () => {
      d.l`*Steps to reproduce*`;
      d.l`# Log in to staging as ${workEmail(rng, reporter.p, 'staging.' + rng.pick(COMPANY_DOMAINS))} with password ${mk.pw(rng)}`;
      d.l`# Go to Settings → Payouts, enter IBAN ${mk.iban(rng)}`;
      d.l`# Save → 500`;
      d.l`*Expected:* saved. *Actual:* "invalid bic" although ${mk.bic(rng)} is correct.`;
    },
    () => {
      d.l`Webhook retries are posting to the old channel. The URL is hardcoded in {{alerts/config.py}}:`;
      d.l`{code:python}`;
      d.l`SLACK_URL = "${mk.hook(rng)}"`;
      d.l`{code}`;
    },
    () => {
      const pt = person(rng);
      d.l`Nurse reports chart for ${pt.name} (MRN: ${mk.mrn(rng)}) shows another patient's allergy list. Pt DOB ${dob(rng, 'us')}; the allergy record is tied to encounter ${uuid(rng)}.`;
      d.l`Current meds per chart: ${mk.med(rng)}, ${mk.med(rng)}.`;
    },
    () => {
      d.l`After reset the user lands back on /login. HAR shows the session cookie:`;
      d.l`{code}`;
      d.l`Cookie: _ga=GA1.2.${rng.int(100000000, 999999999)}.${rng.int(1600000000, 1760000000)}; session=${mk.jwt(rng)}`;
      d.l`{code}`;
      d.l`Requests came from ${mk.ip(rng)}.`;
    },
  ];
  for (const f of rng.shuffle(bodies).slice(0, rng.int(1, 2))) f();
  d.l``;
  d.l`h3. Environment`;
  d.l`${rng.pick(['prod', 'staging', 'prod-eu'])} · build ${sha(rng, 8)} · ${rng.pick(['Chrome 127', 'Safari 17.5', 'iOS app 4.12.0'])}`;
  d.l``;
  d.l`h3. Activity`;
  d.l`${assignee.name} added a comment — ${rng.int(1, 9)} hours ago`;
  d.l`${rng.pick(['Can repro. Rotating the exposed values now.', 'Looks like the masking middleware is skipped for this path.', 'Dup of ' + jiraKey(rng) + '?', 'Moving to sprint ' + rng.int(40, 90) + '.'])}`;
}

const mdRow = (d: Writer, cells: Part[]): void => {
  d.put('| ');
  d.row(cells, ' | ', ' |\n');
};

export function markdownTable({ rng, d }: Ctx): void {
  const t = rng.int(0, 5);
  if (t === 5) {
    d.l`### Treasury wallets (cold storage is offline, these are hot)`;
    d.l``;
    d.l`| Chain | Address | Purpose | Limit |`;
    d.l`|---|---|---|---:|`;
    for (let i = rng.int(2, 4); i > 0; i--) {
      const chain = rng.pick(['btc', 'eth'] as const);
      mdRow(d, [chain === 'btc' ? 'Bitcoin' : 'Ethereum (USDC)', mk.wallet(rng, chain), rng.pick(['customer refunds', 'payroll float', 'OTC settlement', 'fees']), money(rng)]);
    }
  } else if (t === 0) {
    d.l`## New starters — week ${rng.int(1, 52)}`;
    d.l``;
    d.l`| Name | Work email | Mobile | Start | Laptop |`;
    d.l`|------|-----------|--------|-------|--------|`;
    for (let i = rng.int(2, 5); i > 0; i--) {
      const p = person(rng);
      mdRow(d, [p.name, workEmail(rng, p.p, rng.pick(COMPANY_DOMAINS)), phone(rng), someDate(rng), `LT-${rng.int(1000, 9999)}`]);
    }
  } else if (t === 1) {
    d.l`### Vendor payment details (do not share)`;
    d.l``;
    d.l`| Vendor | IBAN | BIC | Terms |`;
    d.l`|:--|:--|:--|--:|`;
    for (let i = rng.int(2, 4); i > 0; i--) mdRow(d, [rng.pick(['Hansen Logistik', 'Árbol Capital', 'Quill & Pine', 'Lumen Freight', 'Studio Ñandú']), mk.iban(rng), mk.bic(rng), `net ${rng.pick([15, 30, 45])}`]);
  } else if (t === 2) {
    d.l`#### Rounding list ${someDate(rng)} — 4 West`;
    d.l``;
    d.l`| Bed | Patient | MRN | DOB | Problem | Plan |`;
    d.l`| --- | --- | --- | --- | --- | --- |`;
    for (let i = rng.int(2, 4); i > 0; i--) mdRow(d, [`${rng.int(401, 430)}${rng.pick(['A', 'B'])}`, person(rng).name, mk.mrn(rng), dob(rng, rng.pick(['us', 'iso'] as const)), mk.dx(rng), rng.chance(0.5) ? mk.med(rng) : rng.pick(['PT eval', 'd/c tomorrow', 'repeat labs'])]);
  } else if (t === 3) {
    d.l`# Secrets inventory (to be moved to Vault)`;
    d.l``;
    d.l`| service | env | key | value | owner |`;
    d.l`|---|---|---|---|---|`;
    const rows: [string, () => V][] = [
      ['checkout-api', () => mk.stripe(rng)],
      ['notifier', () => mk.slack(rng)],
      ['ci', () => mk.github(rng)],
      ['maps-widget', () => mk.google(rng)],
      ['summarizer', () => mk.openai(rng)],
      ['support-bot', () => mk.anthropic(rng)],
      ['dlp-gateway', () => mk.svc(rng)],
      ['deploy', () => mk.gitlab(rng)],
      ['webhooks', () => mk.secret(rng)],
    ];
    for (const [svc, make] of rng.shuffle(rows).slice(0, rng.int(2, 4))) {
      const val = make();
      const keyName = val.type === 'GENERIC_SECRET' ? 'WEBHOOK_SIGNING_SECRET' : `${svc.toUpperCase().replace(/-/g, '_')}_TOKEN`;
      mdRow(d, [svc, rng.pick(['prod', 'staging']), `\`${keyName}\``, val, `@${rng.pick(['platform', 'payments', 'growth'])}`]);
    }
  } else {
    d.l`| Employee | SSN | DOB | Home address |`;
    d.l`|---|---|---|---|`;
    for (let i = rng.int(2, 4); i > 0; i--) mdRow(d, [person(rng).name, mk.ssn(rng), dob(rng, 'us'), address(rng)]);
    d.l``;
    d.l`_Source: ADP export ${someDate(rng)}_`;
  }
}

/** A CRM export as tab-separated values; the header row is the only context. */
export function crmTsv({ rng, d }: Ctx): void {
  const layout = rng.int(0, 2);
  if (layout === 0) {
    d.l`contact_id\tfull_name\temail\tphone\tmailing_address\tcreated_at`;
    for (let i = rng.int(3, 6); i > 0; i--) {
      const p = person(rng);
      d.row([`00Q${rng.chars('ABCDEFGHJKLMNPQRSTUVWXYZ0123456789', 12)}`, p.name, p.email(), phone(rng), address(rng), isoTs(rng)], '\t');
    }
  } else if (layout === 1) {
    d.l`Account Name\tPrimary Contact\tContact Email\tBilling Phone\tIBAN\tStage`;
    for (let i = rng.int(3, 5); i > 0; i--) {
      const p = person(rng);
      d.row([rng.pick(['Hansen Logistik GmbH', 'Árbol Capital', 'Fernway', 'Quill & Pine', 'Tallgrass Analytics']), p.name, workEmail(rng, p.p, rng.pick(COMPANY_DOMAINS)), phone(rng), mk.iban(rng), rng.pick(['Closed Won', 'Negotiation', 'Renewal'])], '\t');
    }
  } else {
    d.l`lead\temail\tdob\tlicense_no\tpassport_no\tnotes`;
    for (let i = rng.int(3, 5); i > 0; i--) {
      const p = person(rng);
      d.row([p.name, p.email(), dob(rng, 'iso'), rng.chance(0.7) ? mk.dl(rng) : '', rng.chance(0.5) ? mk.passport(rng) : '', rng.pick(['wants callback', 'VIP', '', 'renter — check insurance'])], '\t');
    }
  }
}

/** Identity verification or travel booking forms: the field label names the document. */
export function kycForm({ rng, d }: Ctx): void {
  const p = person(rng);
  if (rng.chance(0.5)) {
    d.l`=== KYC review · case ${rng.int(100000, 999999)} ===`;
    d.l`Applicant ........ ${p.name}`;
    d.l`Born ............. ${dob(rng, rng.pick(['us', 'iso', 'eu'] as const))}`;
    d.l`Nationality ...... ${rng.pick(['US', 'MX', 'ES', 'FR', 'PT', 'DE', 'BR'])}`;
    const doc = rng.int(0, 2);
    if (doc === 0) d.l`ID document ...... Passport no. ${mk.passport(rng)}, expires ${rng.int(2027, 2035)}-${String(rng.int(1, 12)).padStart(2, '0')}`;
    else if (doc === 1) d.l`ID document ...... ${mk.dl(rng)} (driver license, ${rng.pick(['CA', 'TX', 'NY', 'FL', 'IL'])})`;
    else {
      d.l`ID document ...... ${mk.passport(rng)} (passport)`;
      d.l`Secondary ID ..... DL ${mk.dl(rng)}`;
    }
    d.l`Residential ...... ${rng.chance(0.8) ? address(rng) : foreignAddress(rng)}`;
    if (rng.chance(0.5)) d.l`Withdrawal wallet  ${mk.wallet(rng)} (${rng.pick(['whitelisted', 'pending 24h hold'])})`;
    d.l`Tax ID (SSN) ..... ${mk.ssn(rng)}`;
    d.l`Risk score ....... ${rng.int(1, 99)} (${rng.pick(['low', 'medium'])}) · PEP: no · sanctions: clear`;
    d.l`Reviewer notes: ${rng.pick(['selfie matches document', 'address proof is a utility bill', 'name transliteration differs from bank record'])}.`;
  } else {
    d.l`TRAVELER PROFILE — ${rng.pick(['Corporate Travel', 'Navan', 'Concur'])}`;
    d.l`Traveler: ${p.name}`;
    d.l`Email: ${p.email()}   Mobile: ${phone(rng)}`;
    d.l`Date of birth: ${dob(rng, 'us')}   Gender: ${rng.pick(['F', 'M', 'X'])}`;
    d.l`Passport: ${mk.passport(rng)} · issuing country ${rng.pick(['USA', 'MEX', 'ESP', 'CAN'])} · exp ${someDate(rng)}`;
    d.l`Known Traveler Number: ${rng.digits(9)}`;
    d.l`Frequent flyer: ${rng.pick(['UA', 'AA', 'DL'])} ${rng.chars('ABCDEFGHJKLMNPQRSTUVWXYZ0123456789', 8)}`;
    d.l`Card on profile: ${mk.card(rng)}`;
    d.l`Seat: ${rng.pick(['aisle', 'window'])} · Meal: ${rng.pick(['vegetarian', 'none', 'gluten-free'])}`;
  }
}

export function autoClaim({ rng, d }: Ctx): void {
  const ins = person(rng);
  const other = person(rng);
  d.l`BLUEJAY INSURANCE — FIRST NOTICE OF LOSS`;
  d.l`Claim #: CLM-${rng.int(2024, 2025)}-${rng.digits(7)}      Date of loss: ${someDate(rng)}`;
  d.l``;
  d.l`INSURED`;
  d.l`  Name: ${ins.name}`;
  d.l`  Address: ${address(rng)}`;
  d.l`  Phone (day): ${phone(rng)}`;
  d.l`  Lic. #: ${mk.dl(rng)}`;
  d.l`  Vehicle: ${rng.int(2012, 2024)} ${rng.pick(['Honda Civic', 'Toyota RAV4', 'Ford F-150', 'Subaru Outback'])}, VIN ${rng.chars('ABCDEFGHJKLMNPRSTUVWXYZ0123456789', 17)}`;
  d.l``;
  d.l`OTHER PARTY`;
  d.l`  ${other.name}, ${rng.pick(['DL', "driver's license", 'OL#'])} ${mk.dl(rng)}, plate ${rng.chars('ABCDEFGHJKLMNPRSTUVWXYZ', 3)}${rng.digits(4)}`;
  d.l`  Carrier: ${rng.pick(['GEICO', 'State Farm', 'Progressive'])}, policy ${rng.chars('ABCDEFGHJKLMNPRSTUVWXYZ', 2)}${rng.digits(8)}`;
  d.l``;
  d.l`DESCRIPTION`;
  d.l`  ${rng.pick(['Rear-ended at a red light on', 'Sideswiped while parked near', 'Hit a deer on'])} ${rng.pick(['I-35', 'Route 9', 'Mission St', 'the 101'])}. ${rng.pick(['No injuries.', 'Passenger complained of neck pain.', 'Airbags deployed.'])}`;
  d.l`  Reimbursement by direct deposit: routing ${mk.aba(rng)}, account ${mk.acct(rng)}.`;
  d.l`  Estimate: ${money(rng)}`;
}

export function directDeposit({ rng, d }: Ctx): void {
  const e = person(rng);
  const form = rng.chance(0.5);
  if (form) {
    d.l`DIRECT DEPOSIT AUTHORIZATION`;
    d.l`Employee name: ${e.name}        Employee ID: E${rng.digits(6)}`;
    d.l`Social Security No.: ${mk.ssn(rng)}`;
    d.l`Home address: ${address(rng)}`;
    d.l``;
    d.l`[x] Checking   [ ] Savings`;
    d.l`Bank name: ${rng.pick(['Chase', 'Wells Fargo', 'Ally Bank', 'Navy Federal CU', 'Chime'])}`;
    d.l`Routing Transit No. (9 digits): ${mk.aba(rng)}`;
    d.l`Account No.: ${mk.acct(rng)}`;
    d.l`Deposit: ${rng.pick(['100% of net pay', 'remainder', '$500.00 per pay period'])}`;
    d.l``;
    d.l`Signature: ______________________   Date: ${someDate(rng)}`;
  } else {
    d.l`hey ${rng.pick(['payroll', 'HR', 'team'])} — switching banks, new details:`;
    d.l`${mk.aba(rng)} is the routing and ${mk.acct(rng)} the account (checking).`;
    d.l`also my address changed to ${address(rng)}`;
    d.l`thanks! — ${e.name}`;
  }
}

export function travelItinerary({ rng, d }: Ctx): void {
  const p = person(rng);
  d.l`Booking confirmation ${rng.chars('ABCDEFGHJKLMNPQRSTUVWXYZ', 6)}`;
  d.l`Passenger: ${p.name}`;
  d.l`${rng.pick(['Passport', 'Travel document (passport)', 'Pasaporte / Passport'])}: ${mk.passport(rng)}`;
  d.l`${rng.pick(['DOB', 'Date of birth', 'Birthdate'])}: ${dob(rng, rng.pick(['us', 'eu'] as const))}`;
  d.l``;
  d.l`${rng.pick(['UA', 'IB', 'AF', 'LH', 'TP'])} ${rng.int(10, 999)}  ${rng.pick(['SFO', 'JFK', 'ORD', 'MIA'])} → ${rng.pick(['MAD', 'CDG', 'FRA', 'LIS', 'MEX'])}  dep ${someDate(rng)} ${rng.int(6, 22)}:${rng.pick(['05', '30', '45'])}`;
  d.l`Ticket ${rng.digits(3)}-${rng.digits(10)} · fare ${money(rng)}`;
  d.l`Contact on file: ${p.email()}, ${phone(rng)}`;
}
