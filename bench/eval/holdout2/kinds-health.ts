// Health paperwork: a claim form (CMS-1500 fields as a clearinghouse prints them), a lab report,
// a pharmacy label with the prescriber's DEA, and an auto-insurance claim with an injury.
import type { Ctx } from '../holdout/doc.js';
import { icd, MEDICATIONS, PROCEDURES } from './values-health.js';
import { mk, person } from './make.js';

export function claimForm({ rng: r, d }: Ctx): void {
  const pt = person(r);
  const doc = person(r);
  const [code, dx] = icd(r);
  const [code2, dx2] = icd(r);
  const medicare = r.chance(0.4);
  d.l`HEALTH INSURANCE CLAIM FORM — APPROVED BY NATIONAL UNIFORM CLAIM COMMITTEE (NUCC) 02/12`;
  d.l`1. ${medicare ? '[X] Medicare [ ] Medicaid [ ] Group' : '[ ] Medicare [ ] Medicaid [X] Group Health Plan'}`;
  d.l`1a. INSURED'S I.D. NUMBER: ${medicare ? mk.mbi(r) : mk.member(r)}`;
  d.l`2. PATIENT'S NAME (Last, First, MI): ${mk.nameText(`${pt.last.toUpperCase()}, ${pt.first.toUpperCase()}`)}`;
  d.l`3. PATIENT'S BIRTH DATE: ${mk.dob(r)}   SEX: ${r.pick(['M', 'F'])}`;
  d.l`5. PATIENT'S ADDRESS: ${mk.address(r, false)}   TELEPHONE: ${mk.phone(r)}`;
  d.l`21. DIAGNOSIS OR NATURE OF ILLNESS OR INJURY   ICD Ind. 0`;
  d.l`    A. ${mk.icd(code)}  (${mk.phi(dx)})     B. ${mk.icd(code2)}  (${mk.phi(dx2)})`;
  d.l`24. DATES OF SERVICE   PLACE   CPT/HCPCS   MODIFIER   DIAG. POINTER   CHARGES   UNITS   RENDERING NPI`;
  for (let i = r.int(1, 3); i > 0; i--) d.l`    ${r.int(1, 12)}/${r.int(1, 28)}/25   11   ${r.pick(['99213', '99214', '93000', '80053', '36415'])}   ${r.pick(['25', '  ', '59'])}   A${r.chance(0.5) ? 'B' : ''}   ${r.int(40, 400)}.00   1   ${mk.npi(r)}`;
  d.l`25. FEDERAL TAX I.D. NUMBER: ${r.int(10, 88)}-${r.digits(7)} [EIN]`;
  d.l`28. TOTAL CHARGE: $${r.int(100, 1200)}.00   29. AMOUNT PAID: $0.00`;
  d.l`31. SIGNATURE OF PHYSICIAN: ${mk.name(doc)}, MD   33. BILLING PROVIDER: ${r.pick(['Cedar Family Medicine', 'Lakeside Cardiology PC', 'Summit Internal Medicine'])}  33a. ${mk.npi(r)}`;
}

export function labReport({ rng: r, d }: Ctx): void {
  const pt = person(r);
  const doc = person(r);
  const [code, dx] = icd(r);
  d.l`${r.pick(['Quest Diagnostics', 'LabCorp', 'Mercy Regional Laboratory'])}            FINAL REPORT`;
  d.l`Patient: ${mk.name(pt)}        DOB: ${mk.dob(r)}        MRN: ${mk.mrn(r)}`;
  d.l`Ordering provider: ${mk.name(doc)}, MD (NPI ${mk.npi(r)})`;
  d.l`Collected: ${r.int(1, 12)}/${r.int(1, 28)}/2025 07:${r.int(10, 59)}   Received: same day`;
  d.l`Clinical info: ${mk.phi(dx)} (${mk.icd(code)}); on ${mk.phi(r.pick(MEDICATIONS))}`;
  if (r.chance(0.5)) d.l`Bill to: Medicare Part B, beneficiary id ${mk.mbi(r)}`;
  d.l``;
  d.l`TEST                     RESULT    FLAG   UNITS      REFERENCE RANGE`;
  d.l`Hemoglobin A1c           ${r.int(5, 11)}.${r.int(0, 9)}       ${r.pick(['H', ' '])}      %          4.8-5.6`;
  d.l`Glucose, fasting         ${r.int(70, 240)}       ${r.pick(['H', ' '])}      mg/dL      65-99`;
  d.l`Creatinine               ${r.int(0, 2)}.${r.digits(2)}              mg/dL      0.57-1.00`;
  d.l`eGFR                     ${r.int(30, 120)}                mL/min/1.73 ${r.pick(['>59', '>=60'])}`;
  d.l`LDL cholesterol          ${r.int(60, 220)}       ${r.pick(['H', ' '])}      mg/dL      0-99`;
  d.l`TSH                      ${r.int(0, 9)}.${r.digits(3)}             uIU/mL     0.450-4.500`;
  d.l``;
  d.l`Results called to ${mk.name(person(r))}, RN at ${mk.phone(r)} on ${r.int(1, 12)}/${r.int(1, 28)}/2025.`;
}

export function pharmacyLabel({ rng: r, d }: Ctx): void {
  const pt = person(r);
  const doc = person(r);
  const drug = r.pick(MEDICATIONS);
  d.l`${r.pick(['CVS Pharmacy', 'Walgreens', 'Rite Aid'])} store ${r.int(1000, 19999)}`;
  d.l`Filled: ${r.int(1, 12)}/${r.int(1, 28)}/25     Refills: ${r.int(0, 5)}`;
  d.l`${mk.nameText(`${pt.first.toUpperCase()} ${pt.last.toUpperCase()}`)}`;
  d.l`${mk.address(r, true)}`;
  d.l`DOB ${mk.dob(r)}`;
  d.l``;
  d.l`${mk.phi(drug)} ${r.pick(['10', '20', '25', '50', '500'])} MG TABLET   QTY ${r.pick([30, 60, 90])}`;
  d.l`TAKE 1 TABLET BY MOUTH ${r.pick(['ONCE DAILY', 'TWICE DAILY', 'AT BEDTIME'])}`;
  d.l`Prescriber: ${mk.name(doc)}, ${r.pick(['MD', 'DO', 'NP'])}   DEA ${mk.dea(r, doc.last)}   NPI ${mk.npi(r)}`;
  d.l`NDC ${r.digits(5)}-${r.digits(4)}-${r.digits(2)}   Mfr: ${r.pick(['Teva', 'Aurobindo', 'Zydus', 'Lupin'])}`;
  if (r.chance(0.5)) d.l`Insurance: ${r.pick(['Caremark', 'Express Scripts', 'OptumRx'])} ID ${mk.member(r)}  Copay $${r.int(0, 45)}.00`;
  else d.l`Plan: Medicare Part D   MBI ${mk.mbi(r)}   Copay $${r.int(0, 12)}.${r.pick(['00', '50'])}`;
  if (r.chance(0.4)) d.l`Note from pharmacist: patient also on ${mk.phi(r.pick(MEDICATIONS))}; counselled on interaction, prescriber ${mk.name(doc)} notified.`;
}

export function autoClaim({ rng: r, d }: Ctx): void {
  const p = person(r);
  const other = person(r);
  const dl = mk.dl(r);
  const [code, dx] = icd(r);
  d.l`FIRST NOTICE OF LOSS — AUTO`;
  d.l`Claim no. ${r.pick(['CLM', 'AU'])}-${r.digits(8)}   Reported via: phone`;
  d.l`Insured driver: ${mk.name(p)}, DOB ${mk.dob(r)}, license ${dl.v} (${dl.state})`;
  d.l`Contact: ${mk.phone(r)} / ${mk.email(r, p)}`;
  d.l`Loss location: I-${r.pick([5, 10, 35, 70, 95])} near exit ${r.int(10, 300)}`;
  d.l`Other party: ${mk.name(other)}, ${mk.phone(r)}, carrier ${r.pick(['GEICO', 'Progressive', 'State Farm', 'Allstate'])}`;
  d.l`Injuries: insured taken to ER, treated for ${mk.phi(dx)} (${mk.icd(code)}); follow-up ${mk.phi(r.pick(PROCEDURES))} scheduled.`;
  d.l`Vehicle: ${r.int(2012, 2025)} ${r.pick(['Honda Civic', 'Toyota RAV4', 'Ford F-150', 'Subaru Outback'])}, VIN on file, est. damage $${r.int(900, 14000)}.`;
  if (r.chance(0.5)) d.l`Deductible ($${r.pick([250, 500, 1000])}) to be charged to the card the insured read out: ${mk.card(r)}, exp ${r.int(1, 12)}/${r.int(26, 30)}.`;
}

/** An electronic prescription as a pharmacy system shows it (NCPDP SCRIPT NewRx fields, flattened). */
export function ePrescription({ rng: r, d }: Ctx): void {
  const pt = person(r);
  const doc = person(r);
  const [code, dx] = icd(r);
  d.l`NewRx received ${r.int(1, 12)}/${r.int(1, 28)}/2025 ${r.int(7, 19)}:${String(r.int(0, 59)).padStart(2, '0')}   Message ID ${r.chars('0123456789abcdef', 32)}`;
  d.l`Prescriber ........ ${mk.name(doc)}, ${r.pick(['MD', 'DO', 'PA-C'])}`;
  d.l`  NPI ............. ${mk.npi(r)}`;
  d.l`  DEA ............. ${mk.dea(r, doc.last)}`;
  d.l`  Clinic phone .... on file`;
  d.l`Patient ........... ${mk.nameText(`${pt.last}, ${pt.first}`)}`;
  d.l`  DOB ............. ${mk.dob(r)}`;
  d.l`  MRN ............. ${mk.mrn(r)}`;
  d.l`  Home phone ...... ${mk.phone(r)}`;
  d.l`Medication ........ ${mk.phi(r.pick(MEDICATIONS))} ${r.pick(['5', '10', '40', '100'])} mg, #${r.pick([30, 90])}, ${r.int(0, 3)} refills`;
  d.l`Diagnosis ......... ${mk.icd(code)} ${mk.phi(dx)}`;
  d.l`Sig ............... ${r.pick(['1 tab PO daily', '1 tab PO BID', '2 puffs q4-6h PRN'])}`;
  if (r.chance(0.5)) d.l`Note: controlled substance; verify DEA ${mk.dea(r, doc.last)} against the registration on file before filling.`;
}
