import type { TypeSpec } from './spec.js';
import { dateOfBirth, driverLicense, email, ipAddress, passport, personName, phone, ssn, usAddress } from './values-pii.js';

export const PII_SPECS: TypeSpec[] = [
  {
    type: 'EMAIL',
    value: (c) => email(c.rng, c.rng.chance(0.7) ? c.person : undefined),
    prose: [
      'You can reach me at {V}.', 'Please send the signed copy to {V} by {weekday}.', 'I changed my login email to {V} last week.',
      'Could you cc {V} on the next update?', 'Her work email is {V}, but she prefers phone.', 'Contact {PERSON_NAME} at {V} for the handover.',
      'The receipt went to my old address {V} instead.', 'Invite {V} to the shared folder please.',
    ],
    bare: ['{V}', 'forwarding to {V}', 'ping {V} about it', '{PERSON_NAME} ({V})', 'added {V}'],
    fields: ['Email: {V}', 'E-mail: {V}', 'Contact email: {V}', 'Email address: {V}', 'Reply-To: {V}'],
    keys: ['email', 'contact_email', 'userEmail', 'billing_email', 'ADMIN_EMAIL', 'SMTP_USER'],
    log: ['login ok for {V}', 'password reset requested by {V}', 'bounce from {V}: mailbox full'],
    stack: ['UserNotFoundError: no account with email {V}', "IntegrityError: duplicate key value violates unique constraint \"users_email_key\" DETAIL: Key (email)=({V}) already exists."],
    kinds: ['ticket', 'email', 'chat', 'hr', 'invoice', 'json', 'csv', 'log', 'env', 'stack'],
  },
  {
    type: 'PHONE',
    value: (c, bare) => phone(c.rng, bare),
    prose: [
      'Call me on {V} if anything changes.', 'My cell is {V}.', 'You can text {V} after 5pm.', 'The best number to reach {PERSON_NAME} is {V}.',
      'Reach the warehouse manager at {V}.', 'Please call back on {V}, extension not needed.', 'My phone number changed to {V}.',
    ],
    bare: ['{V}', '{PERSON_NAME}, {V}', 'ok, {V} works', 'try {V} instead'],
    fields: ['Phone: {V}', 'Mobile: {V}', 'Cell: {V}', 'Tel: {V}', 'Phone number: {V}', 'Emergency contact phone: {V}'],
    keys: ['phone', 'mobile', 'phone_number', 'contactPhone'],
    log: ['sms sent to {V} status=delivered', 'otp requested phone={V}'],
    kinds: ['ticket', 'email', 'chat', 'hr', 'invoice', 'json', 'csv', 'clinical', 'log'],
  },
  {
    type: 'SSN',
    value: (c, bare) => ssn(c.rng, bare),
    prose: [
      'My SSN is {V}.', "{PERSON_NAME}'s social security number is {V}, please update the W-2.", 'Social Security No. {V} was entered twice on the application.',
      'For the background check we need the SSN: {V}.', 'The IRS letter lists SSN {V}.', 'Her social is {V} if you need it for the form.',
    ],
    bare: ['{V}', '{PERSON_NAME} {V}', 'ref {V}'],
    fields: ['SSN: {V}', 'Social Security Number: {V}', 'SSN#: {V}', 'Social Security No.: {V}', 'Taxpayer SSN: {V}'],
    keys: ['ssn', 'social_security_number', 'socialSecurityNumber', 'tax_ssn'],
    stack: ["ValidationError: ssn '{V}' is already registered to another applicant"],
    kinds: ['ticket', 'email', 'chat', 'hr', 'json', 'csv', 'clinical', 'stack'],
  },
  {
    type: 'IP_ADDRESS',
    value: (c) => ipAddress(c.rng),
    prose: [
      "The login came from {V}, which we don't recognise.", 'Please allowlist {V} on the firewall.', 'Our office egress IP is {V}.',
      'We saw 40 failed attempts from IP {V} overnight.', 'The VPN assigned me {V} today.',
    ],
    bare: ['{V}', 'from {V}', '{V} keeps timing out'],
    fields: ['IP: {V}', 'IP address: {V}', 'Client IP: {V}', 'Source IP: {V}'],
    keys: ['ip', 'client_ip', 'remoteAddr', 'source_ip', 'ALLOWED_IP', 'BASTION_HOST'],
    log: ['{V} - - "GET /api/orders HTTP/1.1" 200 512', 'blocked request from {V}', 'new session user={handle} ip={V}'],
    stack: ['Error: connect ETIMEDOUT {IPV4}:443', 'ConnectionRefusedError: [Errno 111] Connection refused ({V}, 5432)'],
    kinds: ['ticket', 'chat', 'log', 'json', 'env', 'yaml', 'stack', 'csv'],
  },
  {
    type: 'DATE_OF_BIRTH',
    value: (c) => dateOfBirth(c.rng),
    prose: [
      '{PERSON_NAME} was born on {V}.', 'Date of birth: {V}.', 'Her DOB is {V}, not the date on file.', 'The patient, born {V}, arrived at {time}.',
      'Please correct my birth date to {V}.', "The applicant's birthday is {V}.", 'DOB {V} does not match the ID we have.',
    ],
    fields: ['DOB: {V}', 'Date of birth: {V}', 'Birth date: {V}', 'D.O.B.: {V}', 'Born: {V}'],
    keys: ['dob', 'date_of_birth', 'birthDate', 'birthdate'],
    kinds: ['ticket', 'email', 'hr', 'clinical', 'json', 'csv'],
  },
  {
    type: 'PASSPORT',
    value: (c) => passport(c.rng),
    prose: [
      'My passport number is {V}, it expires next year.', '{PERSON_NAME} will travel on passport {V}.', 'Please add passport no. {V} to the booking.',
      'The visa was issued against passport {V}.', 'Passport {V} was reported lost on {date}.',
    ],
    fields: ['Passport: {V}', 'Passport No.: {V}', 'Passport number: {V}', 'Passport #: {V}'],
    keys: ['passport', 'passport_number', 'passportNo'],
    kinds: ['email', 'hr', 'ticket', 'json', 'chat', 'csv'],
  },
  {
    type: 'DRIVER_LICENSE',
    value: (c) => driverLicense(c.rng),
    prose: [
      "My driver's license number is {V}.", '{PERSON_NAME} presented driver license {V} at pickup.', 'DL# {V} was scanned at the counter.',
      'Please verify the driving licence number {V}.', "The rental agreement lists driver's licence {V}.",
    ],
    fields: ["Driver's License: {V}", 'DL#: {V}', 'Driver license no.: {V}', 'DL number: {V}', "Driver's license #: {V}"],
    keys: ['drivers_license', 'driverLicense', 'dl_number', 'driver_license_no'],
    kinds: ['hr', 'ticket', 'email', 'json', 'csv'],
  },
  {
    type: 'US_ADDRESS',
    value: (c) => usAddress(c.rng),
    prose: [
      'Please ship it to {V}.', 'I moved to {V} in {month}.', '{PERSON_NAME} lives at {V}.', 'Mail the replacement card to {V}.',
      'The home address on file is {V}.', 'Deliver to {V}, leave it at the door.',
    ],
    fields: ['Address: {V}', 'Home address: {V}', 'Mailing address: {V}', 'Ship to: {V}', 'Billing address: {V}', 'Address:\n{ADDRESS_ML}'],
    keys: ['address', 'home_address', 'shippingAddress', 'mailing_address'],
    kinds: ['email', 'hr', 'invoice', 'ticket', 'json', 'csv', 'clinical'],
  },
  {
    type: 'PERSON_NAME',
    value: (c) => (c.rng.chance(0.85) ? personName(c.rng, c.person) : personName(c.rng)),
    prose: [
      '{V} called about the refund.', 'I spoke with {V} this morning.', 'Please add {V} to the account as an authorised user.',
      'This is {V} from accounting.', '{title} {V} will see the patient on {weekday}.', 'The form was signed by {V}.', 'Thanks, {V}',
    ],
    fields: ['Name: {V}', 'Full name: {V}', 'Customer: {V}', 'Patient: {V}', 'Employee: {V}', 'Account holder: {V}', 'Beneficiary name: {V}'],
    keys: ['name', 'full_name', 'customerName', 'patient_name'],
    kinds: ['ticket', 'email', 'chat', 'hr', 'invoice', 'wire', 'clinical', 'json', 'csv'],
  },
];
