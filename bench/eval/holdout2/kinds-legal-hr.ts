// Paperwork about people: a mutual NDA and a consulting agreement with an individual, a new-hire
// onboarding form, and an I-9 / benefits enrolment record as an HR system prints it.
import type { Ctx } from '../holdout/doc.js';
import { mk, person } from './make.js';

const COMPANIES = ['Brightline Analytics, Inc.', 'Northwind Logistics LLC', 'Harbor & Pike Software Corp.', 'Tidewater Biologics, Inc.', 'Quillfeather Media Group LLC'];
const DOMAINS = ['brightline.ai', 'northwind-logistics.com', 'harborpike.io', 'tidewaterbio.com', 'quillfeather.media'];
const LONG_DATE = (r: Ctx['rng']) => `${r.pick(['January', 'March', 'April', 'July', 'September', 'November'])} ${r.int(1, 28)}, 202${r.int(3, 6)}`;

export function nda({ rng: r, d }: Ctx): void {
  const c = r.int(0, COMPANIES.length - 1);
  const co = COMPANIES[c] as string;
  const p = person(r);
  const signer = person(r);
  d.l`MUTUAL NON-DISCLOSURE AGREEMENT`;
  d.l``;
  d.l`This Mutual Non-Disclosure Agreement (the "Agreement") is entered into as of ${LONG_DATE(r)} (the "Effective Date") by and between ${co}, a Delaware corporation with its principal place of business in ${r.pick(['San Francisco, California', 'Austin, Texas', 'Boston, Massachusetts'])} ("Company"), and ${mk.name(p)}, an individual residing at ${mk.address(r, false)} ("Recipient").`;
  d.l``;
  d.l`1. Confidential Information. "Confidential Information" means any non-public information disclosed by either party, including without limitation source code, customer lists, pricing, and the terms of this Agreement.`;
  d.l`2. Term. The obligations in Section 1 survive for three (3) years after the Effective Date; trade secrets are protected for as long as they remain trade secrets.`;
  d.w`3. Notices. Notices must be in writing and sent to Recipient at ${mk.email(r, p)}`;
  if (r.chance(0.5)) d.w` (copy by text message to ${mk.phone(r)})`;
  d.l`, and to Company at its legal department.`;
  d.l`4. Governing Law. This Agreement is governed by the laws of the State of Delaware, without regard to conflict-of-laws principles.`;
  d.l``;
  d.l`IN WITNESS WHEREOF, the parties have executed this Agreement as of the Effective Date.`;
  d.l``;
  d.l`${co.toUpperCase()}`;
  d.l`By: /s/ ${mk.name(signer)}`;
  d.l`Name: ${mk.name(signer)}`;
  d.l`Title: ${r.pick(['General Counsel', 'Chief Executive Officer', 'VP, Legal'])}`;
  d.l`Email: ${mk.email(r, signer, DOMAINS[c])}`;
  d.l``;
  d.l`RECIPIENT`;
  d.l`Signature: ____${mk.name(p)}____`;
  d.l`Date: ${LONG_DATE(r)}`;
}

export function consultingAgreement({ rng: r, d }: Ctx): void {
  const co = r.pick(COMPANIES);
  const p = person(r);
  d.l`INDEPENDENT CONTRACTOR AGREEMENT — EXHIBIT B (PAYMENT DETAILS)`;
  d.l``;
  d.l`Contractor: ${mk.name(p)}`;
  d.l`Mailing address: ${mk.address(r, true)}`;
  d.l`Taxpayer ID (SSN): ${mk.ssn(r, r.chance(0.3))}`;
  d.l`Rate: USD ${r.int(60, 250)}.00 per hour, invoiced monthly, Net 30.`;
  d.l``;
  d.l`Contractor asks that payments be made by ACH to the account below. Company will not be responsible for payments sent to an account Contractor later closes without notice under Section 7.2.`;
  d.l``;
  d.l`  Bank name:        ${r.pick(['Chase', 'Wells Fargo', 'US Bank', 'Ally Bank', 'Navy Federal Credit Union'])}`;
  d.l`  ABA / routing:    ${mk.aba(r)}`;
  d.l`  Account number:   ${mk.account(r)}`;
  d.l`  Account type:     ${r.pick(['Checking', 'Savings'])}`;
  if (r.chance(0.5)) d.l`  For international wires: SWIFT ${mk.bic(r)}`;
  d.l``;
  d.l`Acknowledged by ${mk.name(p)} on ${LONG_DATE(r)} for ${co}.`;
}

export function onboardingForm({ rng: r, d }: Ctx): void {
  const p = person(r);
  const ec = person(r);
  const dl = mk.dl(r);
  d.l`NEW HIRE INFORMATION FORM`;
  d.l`Please return to People Operations before your first day. Fields marked * are required.`;
  d.l``;
  d.l`Legal name*: ${mk.name(p)}            Preferred name: ${mk.first(p)}`;
  d.l`Home address*: ${mk.address(r, false)}`;
  d.l`Personal email*: ${mk.email(r, p)}     Mobile*: ${mk.phone(r)}`;
  d.l`Date of birth*: ${mk.dob(r)}      SSN*: ${mk.ssn(r)}`;
  d.l`Driver's license # / state: ${dl.v} / ${dl.state}`;
  d.l``;
  d.l`EMERGENCY CONTACT`;
  d.l`Name: ${mk.name(ec)}    Relationship: ${r.pick(['Spouse', 'Mother', 'Brother', 'Partner', 'Friend'])}    Phone: ${mk.phone(r)}`;
  d.l``;
  d.l`DIRECT DEPOSIT (attach a voided check)`;
  d.l`Routing no.: ${mk.aba(r)}   Account no.: ${mk.account(r)}   [x] Checking  [ ] Savings`;
  d.l`Deposit 100% of net pay to this account.`;
  d.l``;
  d.l`Employee ID (assigned by HR): E${r.digits(6)}    Start date: ${r.int(1, 12)}/${r.int(1, 28)}/2025    Cost center: ${r.int(1000, 9999)}`;
  d.l`Work email (assigned by IT): ${mk.email(r, p, r.pick(DOMAINS))}`;
}

export function i9Record({ rng: r, d }: Ctx): void {
  const p = person(r);
  const useDl = r.chance(0.5);
  const dl = mk.dl(r);
  d.l`Form I-9 Section 2 — Employer Review and Verification (transcribed by HRIS)`;
  d.l`Employee: ${mk.name(p)} | DOB ${mk.dob(r)} | SSN ${mk.ssn(r)}`;
  d.l`Citizenship status: ${r.pick(['A citizen of the United States', 'A lawful permanent resident', 'A noncitizen authorized to work'])}`;
  if (useDl) {
    d.l`List B: Driver's license, issuing authority ${dl.state} DMV, document number ${dl.v}, expiration ${r.int(1, 12)}/${r.int(1, 28)}/${r.int(2026, 2031)}`;
    d.l`List C: Social Security card (unrestricted)`;
  } else {
    d.l`List A: U.S. Passport, document number ${mk.passport(r)}, expiration date ${r.int(2026, 2034)}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`;
  }
  d.l`First day of employment: ${r.int(1, 12)}/${r.int(1, 28)}/2025`;
  d.l`Reviewed by: ${mk.name(person(r))}, HR Generalist`;
  d.l``;
  d.l`BENEFITS ENROLMENT`;
  d.l`Medical plan: ${r.pick(['PPO 500', 'HDHP + HSA', 'HMO Select'])}   Member ID: ${mk.member(r)}`;
  d.l`Dependents: ${mk.name(person(r))} (spouse, DOB ${mk.dob(r)})`;
  d.l`Beneficiary for life insurance: ${mk.name(person(r))}, ${r.int(50, 100)}%`;
}
