import { describe, expect, it } from 'vitest';
import { scan } from '../../../../src/engine/index.js';

// Benign documents full of values shaped like the PHI group's identifiers, and health talk that
// names no one. None of them may produce a PHI-category finding.
const BENIGN: [name: string, text: string][] = [
  ['a deploy log', 'deploy 3f9c2e1a7b4d finished at 1712345678; build v2.10.3 (commit 9fceb02d0ae598e95dc970b74767f19372d61af8)'],
  ['ids and digests', 'request 123e4567-e89b-12d3-a456-426614174000 sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'],
  ['version strings', 'Upgrade from 1.2.3.4 to 10.0.19041.1; node 20.19.2, python 3.12.1, E11.9 is not a version we ship'],
  ['an epoch and a phone number', '"created_at": 1245319599, "support": "2125551234"'],
  ['an ISBN and a tracking number', 'ISBN 978-0-306-40615-7 shipped via UPS 1Z999AA10123456784 and USPS 9400111899223334445566'],
  ['orders and invoices', 'Order #AB1234563 and invoice INV-2024-00123 were paid on March 3, 2024 for $1,299.00.'],
  ['product codes', 'SKU 1EG4TE5MK73, part no. 7KX2-QW9-RT55, model XR-2000, lot 24A117'],
  ['a price list', 'Widget A10 $12.50; Widget B52 $19.99; Gadget C18.9 kit $4.25; zip 02139 and 94105-1234'],
  ['a travel note', 'We took the I10 to Phoenix, then the I-17 north; the A4 paper maps were useless.'],
  ['an appliance manual', 'Error code E11 means the drain is blocked. Error F21: long drain. Error code E11.9 is unknown.'],
  ['a spreadsheet', '=SUM(A10:B20) and =AVERAGE(C10:C20); cell J45 holds the total'],
  ['a chemistry note', 'The H2O and CO2 readings; vitamin B12 and D3 supplements; HbA1c assays; A1C 5.4% is normal.'],
  ['general health facts', 'Diabetes is a common disease. Metformin is commonly prescribed for type 2 diabetes.'],
  ['health advice', 'Ask your doctor about metformin. If a patient has asthma, an inhaler should be at hand.'],
  ['a clinic brochure', 'Our patient portal explains chemotherapy options. Call our diabetes hotline at 800-555-0199.'],
  ['a research summary', 'Patients with COPD had fewer admissions; dialysis outcomes improved across 1,204 sites in 2023.'],
  ['a doctor bio', 'Dr. Patel specializes in heart failure and has published on stroke prevention.'],
  ['a battery datasheet', 'The lithium cell pack ships with a 12-month warranty; serial XJ3319002.'],
  ['a loyalty email', 'Your member ID is 12345678. Enjoy 10% off your next order.'],
  ['software groups', '"group_id": "12345678", "policy_id": "pol-1234567", "plan_id": "basic-2024"'],
  ['car insurance', 'Auto policy number 00412345 renews on 2025-01-01.'],
  ['an NPI-shaped sequence without context', 'Batch 1245319599 was processed with 2000000002 records.'],
  ['chart software', 'chart id 1234567 rendered in 45 ms; chart #3 failed'],
  ['spine levels', 'Engineering note: the T11 and T12 brackets; the L4-L5 gap; the C5 relay'],
  ['documentation examples', 'An NPI looks like 1234567893 (example). A DEA number such as AB1234563 is fake here.'],
  ['a blog', 'Meal prep tips for busy weeks; he has written about cancer research funding.'],
  ['a git log with uppercase hashes', 'merge 1AB2CD3EF45 into main; tag RC1.2; ticket ABC-12345'],
];

const PHI_TYPES = new Set(['PHI', 'MEDICAL_RECORD_NUMBER', 'HEALTH_INSURANCE_ID', 'NPI', 'DEA_NUMBER', 'ICD10_CODE']);

describe('PHI group near misses', () => {
  it.each(BENIGN)('reports nothing in %s', (_name, text) => {
    const findings = scan(text).filter((f) => PHI_TYPES.has(f.type));
    expect(findings.map((f) => `${f.type}:${f.value}`)).toEqual([]);
  });
});
