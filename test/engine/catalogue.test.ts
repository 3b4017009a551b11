import { describe, expect, it } from 'vitest';
import { CATEGORIES, DESTINATIONS, DETECTOR_TYPES, defaultRules, isKnownDataType, scan } from '../../src/engine/index.js';

describe('catalogue', () => {
  it('lists every type with its category', () => {
    expect(DETECTOR_TYPES).toEqual([
      { type: 'EMAIL', category: 'PII' },
      { type: 'PHONE', category: 'PII' },
      { type: 'SSN', category: 'PII' },
      { type: 'IP_ADDRESS', category: 'PII' },
      { type: 'MAC_ADDRESS', category: 'PII' },
      { type: 'DATE_OF_BIRTH', category: 'PII' },
      { type: 'PASSPORT', category: 'PII' },
      { type: 'DRIVER_LICENSE', category: 'PII' },
      { type: 'US_ADDRESS', category: 'PII' },
      { type: 'FI_PERSONAL_IDENTITY_CODE', category: 'PII' },
      { type: 'SE_PERSONNUMMER', category: 'PII' },
      { type: 'NO_FODSELSNUMMER', category: 'PII' },
      { type: 'DK_CPR', category: 'PII' },
      { type: 'NL_BSN', category: 'PII' },
      { type: 'FR_NIR', category: 'PII' },
      { type: 'BE_NATIONAL_NUMBER', category: 'PII' },
      { type: 'DE_TAX_ID', category: 'PII' },
      { type: 'DE_KVNR', category: 'PII' },
      { type: 'DE_LANR', category: 'PII' },
      { type: 'DE_BSNR', category: 'PII' },
      { type: 'ES_NIF', category: 'PII' },
      { type: 'ES_NIE', category: 'PII' },
      { type: 'IT_FISCAL_CODE', category: 'PII' },
      { type: 'IT_VAT_CODE', category: 'PII' },
      { type: 'IT_IDENTITY_CARD', category: 'PII' },
      { type: 'PL_PESEL', category: 'PII' },
      { type: 'PL_NIP', category: 'PII' },
      { type: 'TR_TCKN', category: 'PII' },
      { type: 'UK_NHS', category: 'PII' },
      { type: 'UK_NINO', category: 'PII' },
      { type: 'KR_RRN', category: 'PII' },
      { type: 'KR_FRN', category: 'PII' },
      { type: 'KR_BRN', category: 'PII' },
      { type: 'TH_TNIN', category: 'PII' },
      { type: 'CN_RESIDENT_ID', category: 'PII' },
      { type: 'JP_MY_NUMBER', category: 'PII' },
      { type: 'IN_AADHAAR', category: 'PII' },
      { type: 'IN_PAN', category: 'PII' },
      { type: 'IN_GSTIN', category: 'PII' },
      { type: 'IN_VOTER', category: 'PII' },
      { type: 'IN_VEHICLE_REGISTRATION', category: 'PII' },
      { type: 'SG_NRIC_FIN', category: 'PII' },
      { type: 'SG_UEN', category: 'PII' },
      { type: 'AU_ABN', category: 'PII' },
      { type: 'AU_ACN', category: 'PII' },
      { type: 'AU_TFN', category: 'PII' },
      { type: 'AU_MEDICARE', category: 'PII' },
      { type: 'US_ITIN', category: 'PII' },
      { type: 'CA_SIN', category: 'PII' },
      { type: 'BR_CPF', category: 'PII' },
      { type: 'BR_CNPJ', category: 'PII' },
      { type: 'MX_CURP', category: 'PII' },
      { type: 'PERSON_NAME', category: 'PII' },
      { type: 'CREDIT_CARD', category: 'FINANCIAL' },
      { type: 'IBAN', category: 'FINANCIAL' },
      { type: 'ABA_ROUTING', category: 'FINANCIAL' },
      { type: 'BANK_ACCOUNT', category: 'FINANCIAL' },
      { type: 'SWIFT_BIC', category: 'FINANCIAL' },
      { type: 'CRYPTO_WALLET', category: 'FINANCIAL' },
      { type: 'AWS_ACCESS_KEY', category: 'SECRETS' },
      { type: 'AWS_SECRET_KEY', category: 'SECRETS' },
      { type: 'GITHUB_TOKEN', category: 'SECRETS' },
      { type: 'GITLAB_TOKEN', category: 'SECRETS' },
      { type: 'SLACK_TOKEN', category: 'SECRETS' },
      { type: 'STRIPE_KEY', category: 'SECRETS' },
      { type: 'GOOGLE_API_KEY', category: 'SECRETS' },
      { type: 'OPENAI_API_KEY', category: 'SECRETS' },
      { type: 'ANTHROPIC_API_KEY', category: 'SECRETS' },
      { type: 'SERVICE_API_KEY', category: 'SECRETS' },
      { type: 'SLACK_WEBHOOK', category: 'SECRETS' },
      { type: 'AGE_SECRET_KEY', category: 'SECRETS' },
      { type: 'ADOBE_CLIENT_SECRET', category: 'SECRETS' },
      { type: 'AIRTABLE_TOKEN', category: 'SECRETS' },
      { type: 'ALIBABA_ACCESS_KEY', category: 'SECRETS' },
      { type: 'AZURE_AD_CLIENT_SECRET', category: 'SECRETS' },
      { type: 'AZURE_SAS_TOKEN', category: 'SECRETS' },
      { type: 'ARTIFACTORY_TOKEN', category: 'SECRETS' },
      { type: 'ATLASSIAN_API_TOKEN', category: 'SECRETS' },
      { type: 'AWS_BEDROCK_API_KEY', category: 'SECRETS' },
      { type: 'ADYEN_API_KEY', category: 'SECRETS' },
      { type: 'AUTHRESS_ACCESS_KEY', category: 'SECRETS' },
      { type: 'AZURE_DATA_FACTORY_KEY', category: 'SECRETS' },
      { type: 'BEAMER_API_TOKEN', category: 'SECRETS' },
      { type: 'BITBUCKET_TOKEN', category: 'SECRETS' },
      { type: 'BRAINTREE_ACCESS_TOKEN', category: 'SECRETS' },
      { type: 'CASTAI_API_KEY', category: 'SECRETS' },
      { type: 'CHIEFTOOLS_TOKEN', category: 'SECRETS' },
      { type: 'CLICKHOUSE_API_SECRET', category: 'SECRETS' },
      { type: 'CLOJARS_TOKEN', category: 'SECRETS' },
      { type: 'CLOUDFLARE_ORIGIN_CA_KEY', category: 'SECRETS' },
      { type: 'CONTENTFUL_TOKEN', category: 'SECRETS' },
      { type: 'DATABRICKS_TOKEN', category: 'SECRETS' },
      { type: 'DJANGO_SECRET_KEY', category: 'SECRETS' },
      { type: 'DEFINED_NETWORKING_API_TOKEN', category: 'SECRETS' },
      { type: 'DIGITALOCEAN_TOKEN', category: 'SECRETS' },
      { type: 'DOPPLER_TOKEN', category: 'SECRETS' },
      { type: 'DROPBOX_TOKEN', category: 'SECRETS' },
      { type: 'DUFFEL_TOKEN', category: 'SECRETS' },
      { type: 'DYNATRACE_TOKEN', category: 'SECRETS' },
      { type: 'EASYPOST_API_KEY', category: 'SECRETS' },
      { type: 'FACEBOOK_ACCESS_TOKEN', category: 'SECRETS' },
      { type: 'FLUTTERWAVE_KEY', category: 'SECRETS' },
      { type: 'FLYIO_TOKEN', category: 'SECRETS' },
      { type: 'FRAMEIO_TOKEN', category: 'SECRETS' },
      { type: 'GOCARDLESS_API_TOKEN', category: 'SECRETS' },
      { type: 'GRAFANA_TOKEN', category: 'SECRETS' },
      { type: 'HARNESS_API_KEY', category: 'SECRETS' },
      { type: 'HEROKU_API_KEY', category: 'SECRETS' },
      { type: 'HUGGINGFACE_TOKEN', category: 'SECRETS' },
      { type: 'INFRACOST_API_KEY', category: 'SECRETS' },
      { type: 'INTRA42_CLIENT_SECRET', category: 'SECRETS' },
      { type: 'LANGSMITH_API_KEY', category: 'SECRETS' },
      { type: 'LINEAR_API_KEY', category: 'SECRETS' },
      { type: 'MAILCHIMP_API_KEY', category: 'SECRETS' },
      { type: 'LOB_API_KEY', category: 'SECRETS' },
      { type: 'MAILGUN_API_KEY', category: 'SECRETS' },
      { type: 'MAPBOX_SECRET_TOKEN', category: 'SECRETS' },
      { type: 'MAXMIND_LICENSE_KEY', category: 'SECRETS' },
      { type: 'NEW_RELIC_KEY', category: 'SECRETS' },
      { type: 'NUGET_CONFIG_PASSWORD', category: 'SECRETS' },
      { type: 'NOTION_TOKEN', category: 'SECRETS' },
      { type: 'NPM_TOKEN', category: 'SECRETS' },
      { type: 'OCTOPUS_DEPLOY_API_KEY', category: 'SECRETS' },
      { type: 'ONEPASSWORD_TOKEN', category: 'SECRETS' },
      { type: 'OPENROUTER_API_KEY', category: 'SECRETS' },
      { type: 'OPENSHIFT_TOKEN', category: 'SECRETS' },
      { type: 'GROQ_API_KEY', category: 'SECRETS' },
      { type: 'PERPLEXITY_API_KEY', category: 'SECRETS' },
      { type: 'PLAID_ACCESS_TOKEN', category: 'SECRETS' },
      { type: 'PINECONE_API_KEY', category: 'SECRETS' },
      { type: 'PLANETSCALE_TOKEN', category: 'SECRETS' },
      { type: 'POSTMAN_API_KEY', category: 'SECRETS' },
      { type: 'PREFECT_API_KEY', category: 'SECRETS' },
      { type: 'PULUMI_TOKEN', category: 'SECRETS' },
      { type: 'PYPI_TOKEN', category: 'SECRETS' },
      { type: 'README_API_KEY', category: 'SECRETS' },
      { type: 'REPLICATE_API_TOKEN', category: 'SECRETS' },
      { type: 'RESEND_API_KEY', category: 'SECRETS' },
      { type: 'RUBYGEMS_API_KEY', category: 'SECRETS' },
      { type: 'SCALINGO_TOKEN', category: 'SECRETS' },
      { type: 'SENDGRID_API_KEY', category: 'SECRETS' },
      { type: 'BREVO_API_KEY', category: 'SECRETS' },
      { type: 'SENTRY_TOKEN', category: 'SECRETS' },
      { type: 'SETTLEMINT_TOKEN', category: 'SECRETS' },
      { type: 'SIDEKIQ_SECRET', category: 'SECRETS' },
      { type: 'SHIPPO_API_TOKEN', category: 'SECRETS' },
      { type: 'SHOPIFY_TOKEN', category: 'SECRETS' },
      { type: 'SONARQUBE_TOKEN', category: 'SECRETS' },
      { type: 'SOURCEGRAPH_TOKEN', category: 'SECRETS' },
      { type: 'SQUARE_TOKEN', category: 'SECRETS' },
      { type: 'SUPABASE_TOKEN', category: 'SECRETS' },
      { type: 'TELEGRAM_BOT_TOKEN', category: 'SECRETS' },
      { type: 'TERRAFORM_CLOUD_TOKEN', category: 'SECRETS' },
      { type: 'TWILIO_API_KEY', category: 'SECRETS' },
      { type: 'TWITTER_BEARER_TOKEN', category: 'SECRETS' },
      { type: 'TYPEFORM_TOKEN', category: 'SECRETS' },
      { type: 'VAULT_TOKEN', category: 'SECRETS' },
      { type: 'XAI_API_KEY', category: 'SECRETS' },
      { type: 'YANDEX_API_KEY', category: 'SECRETS' },
      { type: 'YANDEX_IAM_TOKEN', category: 'SECRETS' },
      { type: 'YANDEX_STATIC_ACCESS_KEY', category: 'SECRETS' },
      { type: 'TEAMS_WEBHOOK', category: 'SECRETS' },
      { type: 'DISCORD_WEBHOOK', category: 'SECRETS' },
      { type: 'PRIVATE_KEY', category: 'SECRETS' },
      { type: 'JWT', category: 'SECRETS' },
      { type: 'CONNECTION_STRING', category: 'SECRETS' },
      { type: 'KUBERNETES_SECRET', category: 'SECRETS' },
      { type: 'PASSWORD', category: 'SECRETS' },
      { type: 'GENERIC_SECRET', category: 'SECRETS' },
      { type: 'MEDICAL_RECORD_NUMBER', category: 'PHI' },
      { type: 'HEALTH_INSURANCE_ID', category: 'PHI' },
      { type: 'NPI', category: 'PHI' },
      { type: 'DEA_NUMBER', category: 'PHI' },
      { type: 'ICD10_CODE', category: 'PHI' },
      { type: 'PHI', category: 'PHI' },

    ]);
  });

  it('knows the categories and types in any case, and nothing else', () => {
    for (const name of [...CATEGORIES, 'pii', 'Secrets', 'email', 'Credit_Card', ' SSN ', 'aws_access_key', 'password', 'Icd10_Code', 'mac_address', 'Kubernetes_Secret', 'BITBUCKET_TOKEN', 'yandex_iam_token', 'NUGET_CONFIG_PASSWORD']) {
      expect(isKnownDataType(name)).toBe(true);
    }
    for (const name of ['', 'EMAILS', 'PASSWORDS', 'credit card', 'toString', '__proto__']) {
      expect(isKnownDataType(name)).toBe(false);
    }
  });

  it('emits only types it lists, each with its category', () => {
    const text =
      'a@b.co 415-555-0132 SSN 123-45-6789 card 4111111111111111 AKIAZ3MSJV4WWNKWW5FG MRN 1234567 patient asthma ' +
      'IBAN DE89 3704 0044 0532 0130 00, routing number 021000021, server 93.184.216.34';
    const emitted = scan(text);
    expect(new Set(emitted.map((f) => f.type)).size).toBeGreaterThanOrEqual(10);
    for (const f of emitted) expect(DETECTOR_TYPES).toContainEqual({ type: f.type, category: f.category });
  });
});

describe('defaultRules', () => {
  const actionFor = (category: string, destination: string) =>
    defaultRules().find((r) => r.dataTypes.includes(category) && r.destinations.includes(destination as never))?.action;

  it('follows DESIGN §21', () => {
    for (const d of DESTINATIONS) {
      expect(actionFor('SECRETS', d)).toBe('BLOCK');
      expect(actionFor('PII', d)).toBe('MASK');
      expect(actionFor('FINANCIAL', d)).toBe('MASK');
    }
    expect(actionFor('PHI', 'AI_TOOL')).toBe('BLOCK');
    expect(actionFor('PHI', 'VENDOR')).toBe('BLOCK');
    expect(actionFor('PHI', 'CUSTOMER')).toBe('MASK');
    for (const r of defaultRules()) {
      expect(r.enabled).toBe(true);
      expect(r.name).toMatch(/^(Block|Mask) /);
      expect('id' in r).toBe(false);
    }
  });

  it('returns fresh objects on every call', () => {
    const first = defaultRules();
    first[0]?.destinations.pop();
    expect(defaultRules()[0]?.destinations).toEqual([...DESTINATIONS]);
  });
});
