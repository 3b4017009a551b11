// Human-readable names of detection types, for analytics (DESIGN §17 lists the catalogue). A type
// without an entry (a custom detector, say) is named from its identifier: MY_TYPE → "My type".

const LABELS: Readonly<Record<string, string>> = {
  EMAIL: 'Email address',
  PHONE: 'Phone number',
  SSN: 'US Social Security number',
  IP_ADDRESS: 'IP address',
  DATE_OF_BIRTH: 'Date of birth',
  PASSPORT: 'Passport number',
  DRIVER_LICENSE: "Driver's license number",
  US_ADDRESS: 'US postal address',
  PERSON_NAME: 'Person name',
  PHI: 'Protected health information',
  MEDICAL_RECORD_NUMBER: 'Medical record number',
  HEALTH_INSURANCE_ID: 'Health insurance ID',
  NPI: 'National Provider Identifier',
  DEA_NUMBER: 'DEA registration number',
  ICD10_CODE: 'ICD-10 diagnosis code',
  CREDIT_CARD: 'Credit card number',
  IBAN: 'IBAN',
  ABA_ROUTING: 'ABA routing number',
  BANK_ACCOUNT: 'Bank account number',
  SWIFT_BIC: 'SWIFT/BIC code',
  CRYPTO_WALLET: 'Cryptocurrency wallet address',
  AWS_ACCESS_KEY: 'AWS access key',
  AWS_SECRET_KEY: 'AWS secret key',
  GITHUB_TOKEN: 'GitHub token',
  GITLAB_TOKEN: 'GitLab token',
  SLACK_TOKEN: 'Slack token',
  SLACK_WEBHOOK: 'Slack webhook URL',
  STRIPE_KEY: 'Stripe API key',
  GOOGLE_API_KEY: 'Google API key',
  OPENAI_API_KEY: 'OpenAI API key',
  ANTHROPIC_API_KEY: 'Anthropic API key',
  PRIVATE_KEY: 'Private key',
  JWT: 'JSON Web Token',
  CONNECTION_STRING: 'Connection string with password',
  PASSWORD: 'Password',
  GENERIC_SECRET: 'Secret',
  SERVICE_API_KEY: 'Preflight API key',
};

export function detectionLabel(type: string): string {
  const known = LABELS[type];
  if (known) return known;
  const words = type.toLowerCase().replace(/_+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
