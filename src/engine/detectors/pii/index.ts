import type { Detector } from '../detector.js';
import { dateOfBirth } from './date-of-birth.js';
import { driverLicense } from './driver-license.js';
import { email } from './email.js';
import { ipAddress } from './ip-address.js';
import { macAddress } from './mac-address.js';
import { NATIONAL_DETECTORS } from './national/index.js';
import { passport } from './passport.js';
import { personName } from './person-name.js';
import { phone } from './phone.js';
import { ssn } from './ssn.js';
import { usAddress } from './us-address.js';

/**
 * PII detectors, in table order (DESIGN §17). PERSON_NAME comes last: it drops candidates that
 * overlap an earlier PII finding (the name part of an email address, a street named after a
 * person), and the PHI group reads its findings as person anchors.
 */
export const PII_DETECTORS: readonly Detector[] = [
  email,
  phone,
  ssn,
  ipAddress,
  macAddress,
  dateOfBirth,
  passport,
  driverLicense,
  usAddress,
  ...NATIONAL_DETECTORS,
  personName,
];
