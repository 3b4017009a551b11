// Mail: forwarded chains with quoted `>` lines, Outlook "Original Message" replies, bank letters
// and vendor bank-detail changes.
import type { Rng } from '../corpus/rng.js';
import { v, type Ctx, type Part, type Writer } from './doc.js';
import { mk } from './make.js';
import { address, COMPANIES, COMPANY_DOMAINS, dob, money, person, phone, someDate, workEmail, type Who } from './values.js';

type Line = Part[];

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'];
const MON = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const when = (rng: Rng) => `${rng.pick(DAYS)}, ${rng.pick(MON)} ${rng.int(1, 28)}, ${rng.int(2024, 2025)} at ${rng.int(1, 12)}:${String(rng.int(0, 59)).padStart(2, '0')} ${rng.pick(['AM', 'PM'])}`;

/** The body of the oldest message in a chain, by topic. */
function topicLines(rng: Rng, from: Who): { subject: string; lines: Line[] } {
  const t = rng.int(0, 4);
  if (t === 0) {
    const co = rng.pick(COMPANIES);
    return {
      subject: rng.pick(['Updated remittance details', 'Change of bank account', 'New banking info for invoices']),
      lines: [
        [`Hello,`],
        [``],
        [`Please note that ${co} has moved its account. Effective ${someDate(rng)}, kindly remit to:`],
        [``],
        [rng.pick(['Beneficiary bank: ', 'Bank: ']), rng.pick(['First Republic', 'Banco Sabadell', 'Commerzbank', 'HSBC UK', 'Chase'])],
        ...(rng.chance(0.5)
          ? [[rng.pick(['IBAN: ', 'IBAN ', 'Intl. acct (IBAN): ']), mk.iban(rng)], [rng.pick(['SWIFT: ', 'BIC/SWIFT: ', 'Swift code ']), mk.bic(rng)]]
          : [[rng.pick(['Routing (ABA): ', 'RTN: ', 'ABA routing no. ']), mk.aba(rng)], [rng.pick(['Account #: ', 'Acct no.: ', 'Checking acct: ']), mk.acct(rng)]]),
        [``],
        [`Our old details should no longer be used. Reach me directly at `, phone(rng), ` with any question.`],
        [``],
        [`Regards,`],
        [from.name],
        [`Accounts Receivable, ${co}`],
      ],
    };
  }
  if (t === 1) {
    return {
      subject: rng.pick(['Onboarding paperwork', 'I-9 / W-4 details', 'Contractor setup']),
      lines: [
        [`Hi,`],
        [``],
        [`Here's everything for the payroll setup:`],
        [``],
        [`Legal name: `, from.name],
        [rng.pick(['SSN: ', 'Social Security #: ', 'SS#: ']), mk.ssn(rng)],
        [rng.pick(['Date of birth: ', 'DOB: ', 'Birthday: ']), dob(rng, 'us')],
        [rng.pick(['Home address: ', 'Address: ']), address(rng)],
        ...(rng.chance(0.6) ? [[rng.pick(["Driver's license: ", 'DL # ', 'State ID / DL: ']), mk.dl(rng), ` (${rng.pick(['CA', 'TX', 'NY', 'WA', 'FL'])})`]] : []),
        [``],
        [`Let me know if you need anything else!`],
        [from.first],
      ],
    };
  }
  if (t === 2) {
    const pt = person(rng);
    return {
      subject: rng.pick(['Records request', 'Referral — please schedule', 'Re: lab results']),
      lines: [
        [`Hi team,`],
        [``],
        [`Forwarding the referral for `, pt.name, ` (`, rng.pick(['MRN ', 'MR# ', 'chart ']), mk.mrn(rng), `, DOB `, dob(rng, 'us'), `).`],
        [`Working dx `, mk.dx(rng), rng.pick([`, currently on `, `; taking `]), mk.med(rng), `. Needs `, mk.proc(rng), ` within ${rng.int(2, 6)} weeks.`],
        [`Insurance: `, rng.chance(0.5) ? mk.member(rng) : mk.mbi(rng), rng.pick([' (member ID)', '']), ``],
        [``],
        [`Thanks,`],
        [from.name],
      ],
    };
  }
  if (t === 3) {
    return {
      subject: rng.pick(['VPN access for the audit', 'Access to the reporting box', 'creds for the vendor portal']),
      lines: [
        [`Hey,`],
        [``],
        [`Portal: https://portal.${rng.pick(COMPANY_DOMAINS)}/login`],
        [`Username: ${rng.pick(['audit-ext', 'svc_reports', 'kpmg.temp', 'vendor01'])}`],
        [rng.pick(['Password: ', 'Temp password: ', 'Pass: ', 'pw: ']), mk.pw(rng)],
        [rng.pick([`It expires ${someDate(rng)}.`, 'Please change it when you first log in.', 'MFA is off for this one until Friday.'])],
        [``],
        [from.first],
      ],
    };
  }
  return {
    subject: rng.pick(['Payment for order', 'Card on file', 'Re: invoice']),
    lines: [
      [`Hi there,`],
      [``],
      [rng.pick(['Please charge the balance of ', 'You can run ']), money(rng), rng.pick([' to my card ', ' on ']), mk.card(rng), rng.pick([', exp 09/28.', ' (expires 11/27).', '.'])],
      [`Billing address is `, address(rng), `.`],
      [``],
      [`Best,`],
      [from.name],
      [phone(rng)],
    ],
  };
}

function quote(d: Writer, lines: Line[], prefix: string): void {
  for (const l of lines) d.put(l.length === 1 && l[0] === '' ? prefix.trimEnd() : prefix, ...l, '\n');
}

export function forwardedChain({ rng, d }: Ctx): void {
  const a = person(rng);
  const b = person(rng);
  const c = person(rng);
  const aMail = workEmail(rng, a.p, rng.pick(COMPANY_DOMAINS));
  const bMail = workEmail(rng, b.p, rng.pick(COMPANY_DOMAINS));
  const { subject, lines } = topicLines(rng, a);
  const outlook = rng.chance(0.35);
  d.l`Subject: ${rng.pick(['Fwd: ', 'FW: ', 'Fw: Re: '])}${subject}`;
  d.l`From: ${c.name} <${c.email()}>`;
  d.l`To: ${v('EMAIL', `${rng.pick(['ap-team', 'records', 'it-help', 'payroll'])}@${rng.pick(COMPANY_DOMAINS)}`)}`;
  d.l``;
  d.l`${rng.pick(['FYI — see below.', 'Can someone action this?', 'Looks legit? please verify by phone before changing anything', 'forwarding, pls handle'])}`;
  d.l``;
  if (outlook) {
    d.l`-----Original Message-----`;
    d.l`From: ${b.name}`;
    d.l`Sent: ${when(rng)}`;
    d.l`To: ${c.name}`;
    d.l`Subject: RE: ${subject}`;
    d.l``;
    d.l`${rng.pick(['See attached from the vendor.', 'Below is what they sent us.', 'Adding Finance.'])}`;
    d.l``;
    d.l`On ${when(rng)}, ${a.name} <${aMail}> wrote:`;
    quote(d, lines, '> ');
  } else {
    d.l`---------- Forwarded message ---------`;
    d.l`From: ${b.name} <${bMail}>`;
    d.l`Date: ${when(rng)}`;
    d.l`Subject: Re: ${subject}`;
    d.l`To: ${c.name} <${c.email()}>`;
    d.l``;
    d.l`${rng.pick(['see below', 'Adding you here.', 'This came in overnight.'])}`;
    d.l``;
    d.l`On ${when(rng)} ${b.name} <${bMail}> wrote:`;
    d.l`> ${rng.pick(['Thanks, looping in AP.', 'Received, will update our records.', 'Got it.'])}`;
    d.l`>`;
    d.l`> On ${when(rng)} ${a.name} <${aMail}> wrote:`;
    quote(d, lines, '>> ');
  }
}

export function bankLetter({ rng, d }: Ctx): void {
  const cust = person(rng);
  const officer = person(rng);
  const bank = rng.pick(['Kestrel Bank, N.A.', 'Redwood Federal Savings', 'Harbor Trust Company', 'Prairie State Bank']);
  d.l`${bank}`;
  d.l`Customer Care Center · ${rng.pick(['P.O. Box', 'PO Box'])} ${rng.int(1000, 9999)} · Member FDIC`;
  d.l``;
  d.l`${someDate(rng)}`;
  d.l``;
  d.l`${cust.name}`;
  d.l`${address(rng, '\n')}`;
  d.l``;
  const kind = rng.int(0, 2);
  if (kind === 0) {
    d.l`RE: ${rng.pick(['Your new checking account', 'Account opening confirmation', 'Direct deposit information'])}`;
    d.l``;
    d.l`Dear ${cust.name},`;
    d.l``;
    d.l`Thank you for opening your ${rng.pick(['Everyday Checking', 'Premier Savings', 'Business Checking'])} account with us. Please keep this letter for your records. To set up direct deposit with your employer, provide the following:`;
    d.l``;
    d.l`    ${rng.pick(['Account number', 'Account No.', 'Your account'])}: ${mk.acct(rng)}`;
    d.l`    ${rng.pick(['Routing number', 'ABA routing transit number', 'Routing/transit'])}: ${mk.aba(rng)}`;
    if (rng.chance(0.5)) d.l`    For incoming international wires use SWIFT ${mk.bic(rng)}.`;
  } else if (kind === 1) {
    d.l`RE: Notice of returned payment`;
    d.l``;
    d.l`Dear ${rng.pick(['Customer', cust.first])},`;
    d.l``;
    d.l`A payment of ${money(rng)} presented on ${someDate(rng)} against account ${mk.acct(rng)} was returned unpaid (reason: insufficient funds). A fee of $35.00 has been assessed. The card linked to this account, ${mk.card(rng)}, remains active.`;
  } else {
    d.l`RE: Verification of your identity`;
    d.l``;
    d.l`Dear ${cust.name},`;
    d.l``;
    d.l`We were unable to verify the information you provided. Our records show Social Security number ${mk.ssn(rng)} and date of birth ${dob(rng, 'us')}. If either is incorrect, please call us.`;
  }
  d.l``;
  d.l`If you have questions, call ${phone(rng)}, Monday to Friday, 8 a.m. to 8 p.m. ET.`;
  d.l``;
  d.l`Sincerely,`;
  d.l``;
  d.l`${officer.name}`;
  d.l`${rng.pick(['Branch Manager', 'Vice President, Deposit Operations', 'Customer Relations Officer'])}`;
}

/** A short email that asks for a wire, in the terse style of treasury teams. */
export function wireRequest({ rng, d }: Ctx): void {
  const from = person(rng);
  const to = person(rng);
  d.l`From: ${from.name} <${workEmail(rng, from.p, rng.pick(COMPANY_DOMAINS))}>`;
  d.l`To: ${to.name} <${workEmail(rng, to.p, rng.pick(COMPANY_DOMAINS))}>`;
  d.l`Subject: ${rng.pick(['URGENT wire today', 'wire — Q3 settlement', 'payment instructions', 'Escrow release'])}`;
  d.l``;
  d.l`${to.first}, ${rng.pick(['pls send', 'can you release', 'need this out before cutoff:'])} ${money(rng)} ${rng.pick(['to', 'for'])} the below.`;
  d.l``;
  const style = rng.int(0, 2);
  const bene = person(rng);
  if (style === 0) {
    d.l`Bene: ${bene.name}`;
    d.l`Bene acct: ${mk.acct(rng)}`;
    d.l`ABA: ${mk.aba(rng)}`;
    d.l`Bank: ${rng.pick(['Wells Fargo', 'Bank of America', 'Citibank', 'US Bank'])}, ${rng.pick(['San Francisco', 'Charlotte', 'New York', 'Minneapolis'])}`;
  } else if (style === 1) {
    d.l`Beneficiary ......... ${bene.name}`;
    d.l`IBAN ................ ${mk.iban(rng)}`;
    d.l`BIC ................. ${mk.bic(rng)}`;
    d.l`Intermediary (USD) .. ${mk.bic(rng)}, ABA ${mk.aba(rng)}`;
  } else {
    d.l`${mk.iban(rng)} / ${mk.bic(rng)} — beneficiary ${bene.name}`;
    d.l`ref: ${rng.pick(['INV', 'PO', 'CTR'])}-${rng.int(1000, 99999)}`;
  }
  d.l``;
  d.l`${rng.pick(['Call-back verified with', 'Verified by phone with', 'Confirmed on'])} ${phone(rng)}.`;
  d.l`Thx`;
}
