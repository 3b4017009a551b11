// Clinical: discharge summaries, HL7 v2 messages, prescriptions, nurses' secure chat, CMS-1500
// style claims and prior-authorization letters. Every document names its patient (PHI rule).
import type { Rng } from '../corpus/rng.js';
import { v, type Ctx, type V } from './doc.js';
import { mk } from './make.js';
import { address, dob, hl7Name, person, phone, someDate } from './values.js';

const DOSES = ['5 mg PO daily', '10 mg PO daily', '500 mg PO BID', '20 mg PO QHS', '25 mcg PO qAM', '40 mg PO daily', '100 mg PO TID', '2 puffs q4-6h PRN'];

const insurance = (rng: Rng): V => (rng.chance(0.5) ? mk.member(rng) : mk.mbi(rng));

export function dischargeSummary({ rng, d }: Ctx): void {
  const pt = person(rng);
  const doc = person(rng);
  const age = rng.int(19, 94);
  d.l`${rng.pick(['MESA VERDE HEALTH', 'OAK HOLLOW CLINIC', 'HARBOR REGIONAL MEDICAL CENTER'])} — DISCHARGE SUMMARY`;
  d.l``;
  d.l`Patient: ${pt.name}    ${rng.pick(['MRN', 'Med Rec #', 'Acct/MRN'])}: ${mk.mrn(rng)}    ${rng.pick(['DOB', 'D.O.B.', 'Birth date'])}: ${dob(rng, 'us')}`;
  d.l`Admitted: ${someDate(rng)}    Discharged: ${someDate(rng)}    LOS: ${rng.int(1, 14)} d`;
  const withNpi = rng.chance(0.6);
  d.l`Attending: Dr. ${doc.name}, ${rng.pick(['MD', 'DO'])}${withNpi && ' · NPI '}${withNpi && mk.npi(rng)}`;
  d.l``;
  d.l`HOSPITAL COURSE`;
  d.l`${age} y/o ${rng.pick(['F', 'M'])} w/ PMHx ${mk.dx(rng)} and ${mk.dx(rng)} who presented with ${rng.pick(['SOB', 'chest pain', 'fever and cough', 'syncope', 'abd pain'])}. ${rng.pick(['Underwent', 'S/p', 'Had'])} ${mk.proc(rng)} on HD#${rng.int(1, 4)} without complication. ${rng.pick(['Diuresed well.', 'Pain controlled on PO meds.', 'Tolerating diet.', 'Ambulating independently.'])}`;
  d.l``;
  d.l`DISCHARGE DIAGNOSES`;
  for (let i = 1; i <= rng.int(1, 3); i++) d.l`${i}. ${mk.dx(rng)} (${mk.icd(rng)})`;
  d.l``;
  d.l`DISCHARGE MEDICATIONS`;
  for (let i = rng.int(1, 3); i > 0; i--) d.l`- ${mk.med(rng)} ${rng.pick(DOSES)}`;
  if (rng.chance(0.4)) d.l`- STOP ${mk.med(rng)}`;
  d.l``;
  d.l`FOLLOW-UP`;
  d.l`PCP in ${rng.int(3, 14)} days. Questions: ${phone(rng)}.`;
  if (rng.chance(0.3)) d.l`Coverage: Medicare, ${rng.pick(['MBI ', 'Medicare # ', 'HICN/MBI '])}${mk.mbi(rng)}`;
  else if (rng.chance(0.6)) d.l`Coverage: ${rng.pick(['Member ID ', 'Ins ID# ', 'Subscriber ID '])}${mk.member(rng)}`;
  d.l``;
  d.l`Electronically signed by ${doc.name} on ${someDate(rng)}`;
}

export function hl7Message({ rng, d }: Ctx): void {
  const pt = person(rng);
  const doc = person(rng);
  const ts = `2025${String(rng.int(1, 12)).padStart(2, '0')}${String(rng.int(1, 28)).padStart(2, '0')}${String(rng.int(0, 23)).padStart(2, '0')}${String(rng.int(0, 59)).padStart(2, '0')}`;
  d.l`MSH|^~\\&|${rng.pick(['EPIC', 'CERNER', 'MEDITECH'])}|MVH|${rng.pick(['LAB', 'RADS', 'BILLING'])}|MVH|${ts}||ADT^A0${rng.int(1, 8)}|MSG${rng.digits(7)}|P|2.5.1`;
  d.l`EVN|A08|${ts}`;
  const ssnPart = rng.chance(0.5) ? mk.ssn(rng, true) : '';
  d.l`PID|1||${mk.mrn(rng)}^^^MVH^MR||${v('PERSON_NAME', hl7Name(rng, pt.p))}||${dob(rng, 'hl7')}|${rng.pick(['F', 'M'])}|||||||||||${ssnPart}`;
  d.l`PV1|1|${rng.pick(['I', 'O', 'E'])}|${rng.pick(['4W', 'ICU', 'ED'])}^${rng.int(100, 499)}^${rng.pick(['A', 'B'])}|||||${mk.npi(rng)}^${v('PERSON_NAME', hl7Name(rng, doc.p))}^^^^MD`;
  for (let i = 1; i <= rng.int(1, 2); i++) d.l`DG1|${i}|I10|${mk.icd(rng)}^${mk.dx(rng)}^I10||${ts.slice(0, 8)}|${rng.pick(['A', 'W', 'F'])}`;
  // The policy number is IN1-36 (HL7 v2.5.1); it stood one field later, in IN1-37 (the deductible), until 2026-11-28.
  if (rng.chance(0.5)) d.l`IN1|1|${rng.pick(['MCR', 'BCBS', 'AETNA'])}||||||||||||||||||||||||||||||||||${insurance(rng)}`;
  if (rng.chance(0.5)) d.l`NTE|1||Pt reports allergy to ${rng.pick(['penicillin', 'sulfa', 'latex'])}; home med ${mk.med(rng)}`;
}

export function prescription({ rng, d }: Ctx): void {
  const doc = person(rng);
  const pt = person(rng);
  const initial = doc.p.last.normalize('NFD').replace(/[^A-Za-z]/g, '').charAt(0).toUpperCase() || 'X';
  d.l`${rng.pick(['FAX — Lakeside Pharmacy', 'e-Rx (NCPDP SCRIPT) rendered', 'Prescription'])} · ${someDate(rng)}`;
  d.l``;
  d.l`Prescriber: ${doc.name}, ${rng.pick(['MD', 'NP', 'PA-C', 'DDS'])}`;
  d.l`${rng.pick(['DEA #', 'DEA Reg.', 'DEA'])}: ${mk.dea(rng, initial)}    NPI: ${mk.npi(rng)}`;
  d.l`Office: ${phone(rng)}`;
  d.l``;
  d.l`Patient: ${pt.name}    ${rng.pick(['DOB', 'Date of birth'])}: ${dob(rng, 'us')}`;
  d.l`Address: ${address(rng)}`;
  d.l``;
  d.l`Rx: ${mk.med(rng)} ${rng.pick(DOSES)}   Disp: #${rng.pick([30, 60, 90])}   Refills: ${rng.int(0, 5)}`;
  const withDx = rng.chance(0.5);
  d.l`Dx: ${mk.icd(rng)}${withDx && ' — '}${withDx && mk.dx(rng)}`;
  d.l`${rng.pick(['Substitution permitted', 'Dispense as written', 'Brand medically necessary'])}`;
}

export function nurseChat({ rng, d }: Ctx): void {
  const pt = person(rng);
  const who = ['rn.kelly', 'dr.s', 'charge-rn', 'pharm.tomas', 'hospitalist2'];
  const say = (...parts: (string | V)[]) => d.put(`[${rng.int(6, 23)}:${String(rng.int(0, 59)).padStart(2, '0')}] ${rng.pick(who)}: `, ...parts, '\n');
  d.l`Secure Chat · 4 West · ${someDate(rng)}`;
  say(`bed ${rng.int(1, 30)} - `, rng.chance(0.5) ? pt.name : 'pt', ` (mrn `, mk.mrn(rng), `) c/o ${rng.pick(['cp', 'sob', 'n/v', 'dizziness'])}, hx of `, mk.dx(rng));
  say(rng.pick(['ok', 'k', 'seen']), `, hold `, mk.med(rng), ` until after `, mk.proc(rng), ` tmrw`);
  if (rng.chance(0.5)) say(`family wants a callback at `, phone(rng));
  if (rng.chance(0.5)) say(`pharm: pt also on `, mk.med(rng), ` — interaction? pls review`);
  if (rng.chance(0.4)) say(`fyi ins is `, insurance(rng), `, auth pending`);
  if (rng.chance(0.5)) {
    const doc = person(rng);
    const initial = doc.p.last.normalize('NFD').replace(/[^A-Za-z]/g, '').charAt(0).toUpperCase() || 'X';
    say(`need the DEA # for Dr. `, doc.name, ` to fill the `, mk.med(rng), ` script`);
    say(rng.pick([`it's `, `dea `, `per the rx pad: `]), mk.dea(rng, initial));
  }
  say(rng.pick(['thx', 'will do', '👍', 'np']));
}

export function claimForm({ rng, d }: Ctx): void {
  const pt = person(rng);
  const prov = person(rng);
  const m = String(rng.int(1, 12)).padStart(2, '0');
  const dd = String(rng.int(1, 28)).padStart(2, '0');
  d.l`HEALTH INSURANCE CLAIM FORM — APPROVED BY NUCC (02/12)`;
  d.l`1a. INSURED'S I.D. NUMBER ............ ${insurance(rng)}`;
  d.l`2.  PATIENT'S NAME ................... ${pt.name}`;
  d.l`3.  PATIENT'S BIRTH DATE (MM DD YYYY) .. ${v('DATE_OF_BIRTH', `${m} ${dd} ${rng.int(1940, 2004)}`)}   SEX ${rng.pick(['F', 'M'])}`;
  d.l`5.  PATIENT'S ADDRESS ................ ${address(rng)}`;
  d.l`    TELEPHONE ........................ ${phone(rng)}`;
  d.l`21. DIAGNOSIS OR NATURE OF ILLNESS    A. ${mk.icd(rng)}   B. ${mk.icd(rng)}`;
  d.l`24. DOS ${someDate(rng)}  CPT ${rng.pick(['99213', '99214', '93000', '80053', '45378'])}  PTR A  $${rng.int(80, 900)}.00  24J ${mk.npi(rng)}`;
  d.l`25. FEDERAL TAX I.D. NUMBER .......... ${rng.int(10, 98)}-${rng.digits(7)} [EIN]`;
  d.l`31. SIGNATURE OF PHYSICIAN ........... ${prov.name}`;
  d.l`33. BILLING PROVIDER ................. Oak Hollow Clinic  NPI ${mk.npi(rng)}`;
  d.l`19. ADDITIONAL CLAIM INFO ............ ${rng.pick(['f/u of', 'pre-op for', 'monitoring'])} ${mk.dx(rng)}`;
}

export function priorAuth({ rng, d }: Ctx): void {
  const pt = person(rng);
  const doc = person(rng);
  d.l`${rng.pick(['Bluejay Insurance', 'Evergreen Health Plan', 'Prairie Mutual'])} · Utilization Management`;
  d.l`${someDate(rng)}`;
  d.l``;
  d.l`Member: ${pt.name}`;
  const dual = rng.chance(0.3);
  d.l`${rng.pick(['Member ID', 'ID #', 'Subscriber no.'])}: ${mk.member(rng)}${dual && '   Medicare ID: '}${dual && mk.mbi(rng)}`;
  d.l`Date of birth: ${dob(rng, 'us')}`;
  d.l``;
  d.l`Re: Prior authorization ${rng.pick(['approved', 'denied', 'pended for records'])}`;
  d.l``;
  d.l`We reviewed the request from Dr. ${doc.name} (NPI ${mk.npi(rng)}) for ${mk.proc(rng)} to treat ${mk.dx(rng)} (ICD-10 ${mk.icd(rng)}). ${rng.pick(['The request meets medical necessity criteria.', 'Conservative therapy has not been documented for 6 weeks.', 'Please send the last two office notes.'])}`;
  d.l``;
  d.l`Questions? Call Member Services at ${phone(rng)} (TTY 711).`;
}
