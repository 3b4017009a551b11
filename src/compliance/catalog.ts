// The compliance catalog (DESIGN §27): the five frameworks and the controls Preflight produces
// evidence for, with their official titles. SOC 2 criteria and PCI DSS requirements have no short
// titles: their title is the criterion or requirement statement (PCI DSS 3.5.1 and 12.10.7 cut to
// their first sentence; what follows is a list of procedures). `covered_by` says which rules
// evidence a control; the owner is a suggestion for who answers for it.
export const FRAMEWORKS = ['SOC2', 'GDPR', 'HIPAA', 'PCI_DSS', 'ISO27001'] as const;
export type Framework = (typeof FRAMEWORKS)[number];

export interface CatalogControl {
  control_id: string;
  title: string;
  description: string;
  covered_by: string;
  default_owner_role: string;
}

export interface CatalogFramework {
  framework: Framework;
  display_name: string;
  controls: readonly CatalogControl[];
}

const SECRETS_AND_DATA = 'Enabled BLOCK or MASK rules on SECRETS, PII, PHI or FINANCIAL data';

export const CATALOG: Readonly<Record<Framework, CatalogFramework>> = {
  SOC2: {
    framework: 'SOC2',
    display_name: 'SOC 2',
    controls: [
      {
        control_id: 'CC6.1',
        title:
          "The entity implements logical access security software, infrastructure, and architectures over protected information assets to protect them from security events to meet the entity's objectives.",
        description: 'Protected information is kept from systems and people outside its access boundary by enforced rules.',
        covered_by: SECRETS_AND_DATA,
        default_owner_role: 'Security Engineering',
      },
      {
        control_id: 'CC6.6',
        title: 'The entity implements logical access security measures to protect against threats from sources outside its system boundaries.',
        description: 'Credentials and keys are stopped before they reach AI tools, vendors or customers outside the boundary.',
        covered_by: 'Enabled BLOCK rules on SECRETS',
        default_owner_role: 'Security Engineering',
      },
      {
        control_id: 'CC6.7',
        title:
          "The entity restricts the transmission, movement, and removal of information to authorized internal and external users and processes, and protects it during transmission, movement, or removal to meet the entity's objectives.",
        description: 'Content leaving for external destinations is checked, and sensitive data in it is blocked or masked.',
        covered_by: 'Enabled BLOCK or MASK rules for the AI_TOOL, VENDOR or CUSTOMER destinations',
        default_owner_role: 'Security Engineering',
      },
      {
        control_id: 'CC7.2',
        title:
          "The entity monitors system components and the operation of those components for anomalies that are indicative of malicious acts, natural disasters, and errors affecting the entity's ability to meet its objectives; anomalies are analyzed to determine whether they represent security events.",
        description: 'Every blocked or masked attempt is recorded and counted, so attempts to move sensitive data are visible.',
        covered_by: 'Any enabled BLOCK or MASK rule (each firing is recorded as evidence)',
        default_owner_role: 'Security Operations',
      },
      {
        control_id: 'C1.1',
        title: "The entity identifies and maintains confidential information to meet the entity's objectives related to confidentiality.",
        description: 'Confidential data is identified by detectors and custom patterns and kept from leaving.',
        covered_by: 'Enabled BLOCK or MASK rules on PII, PHI, FINANCIAL, SECRETS or CUSTOM data',
        default_owner_role: 'Compliance',
      },
    ],
  },
  GDPR: {
    framework: 'GDPR',
    display_name: 'GDPR',
    controls: [
      {
        control_id: 'Art. 5(1)(c)',
        title: 'Data minimisation',
        description: 'Personal data sent to a destination is limited to what is necessary by masking the rest.',
        covered_by: 'Enabled MASK or BLOCK rules on PII',
        default_owner_role: 'Data Protection Officer',
      },
      {
        control_id: 'Art. 5(1)(f)',
        title: 'Integrity and confidentiality',
        description: 'Personal data is protected against unauthorised disclosure to AI tools, vendors and customers.',
        covered_by: 'Enabled BLOCK or MASK rules on PII or PHI',
        default_owner_role: 'Data Protection Officer',
      },
      {
        control_id: 'Art. 25',
        title: 'Data protection by design and by default',
        description: 'Outgoing content is checked by default, and personal data is masked before it is shared.',
        covered_by: 'Enabled MASK or BLOCK rules on PII',
        default_owner_role: 'Privacy Engineering',
      },
      {
        control_id: 'Art. 28',
        title: 'Processor',
        description: 'Personal data given to processors (vendors, AI providers) is limited by enforced rules.',
        covered_by: 'Enabled BLOCK or MASK rules on PII for the VENDOR or AI_TOOL destinations',
        default_owner_role: 'Vendor Management',
      },
      {
        control_id: 'Art. 30',
        title: 'Records of processing activities',
        description: 'Each check of outgoing personal data is kept in the audit trail with its decision.',
        covered_by: 'Any enabled BLOCK or MASK rule on PII (each firing is recorded as evidence)',
        default_owner_role: 'Data Protection Officer',
      },
      {
        control_id: 'Art. 32',
        title: 'Security of processing',
        description: 'Technical measures block or mask personal data and secrets before they leave.',
        covered_by: SECRETS_AND_DATA,
        default_owner_role: 'Security Engineering',
      },
    ],
  },
  HIPAA: {
    framework: 'HIPAA',
    display_name: 'HIPAA',
    controls: [
      {
        control_id: '164.308(a)(1)(ii)(D)',
        title: 'Information system activity review',
        description: 'Blocked and masked attempts to send health data are recorded for regular review.',
        covered_by: 'Any enabled BLOCK or MASK rule on PHI (each firing is recorded as evidence)',
        default_owner_role: 'HIPAA Security Officer',
      },
      {
        control_id: '164.312(a)(1)',
        title: 'Access control',
        description: 'Electronic PHI is withheld from destinations that have not been granted access to it.',
        covered_by: 'Enabled BLOCK rules on PHI',
        default_owner_role: 'HIPAA Security Officer',
      },
      {
        control_id: '164.312(b)',
        title: 'Audit controls',
        description: 'Every check that involves PHI is recorded in the audit trail.',
        covered_by: 'Any enabled BLOCK or MASK rule on PHI',
        default_owner_role: 'HIPAA Security Officer',
      },
      {
        control_id: '164.312(e)(1)',
        title: 'Transmission security',
        description: 'Electronic PHI is kept out of content transmitted to external destinations.',
        covered_by: 'Enabled BLOCK or MASK rules on PHI for the AI_TOOL, VENDOR or CUSTOMER destinations',
        default_owner_role: 'HIPAA Security Officer',
      },
      {
        control_id: '164.502(b)',
        title: 'Minimum necessary',
        description: 'Only the PHI needed is disclosed: the rest is masked or the content is blocked.',
        covered_by: 'Enabled MASK or BLOCK rules on PHI',
        default_owner_role: 'HIPAA Privacy Officer',
      },
      {
        control_id: '164.514(b)',
        title: 'Implementation specifications: Requirements for de-identification of protected health information',
        description: 'Identifiers tied to health data (names, MRNs, plan ids, dates) are masked before disclosure.',
        covered_by: 'Enabled MASK rules on PHI or PII',
        default_owner_role: 'HIPAA Privacy Officer',
      },
    ],
  },
  PCI_DSS: {
    framework: 'PCI_DSS',
    display_name: 'PCI DSS v4.0',
    controls: [
      {
        control_id: '3.4.1',
        title:
          'PAN is masked when displayed (the BIN and last four digits are the maximum number of digits to be displayed), such that only personnel with a legitimate business need can see more than the BIN and last four digits of the PAN.',
        description: 'Card numbers in outgoing content are masked (partial masking keeps only the last four).',
        covered_by: 'Enabled MASK rules on FINANCIAL or CREDIT_CARD',
        default_owner_role: 'PCI Compliance Lead',
      },
      {
        control_id: '3.5.1',
        title: 'PAN is rendered unreadable anywhere it is stored.',
        description: 'Card numbers are masked or hashed before content is stored by a destination.',
        covered_by: 'Enabled MASK or BLOCK rules on FINANCIAL or CREDIT_CARD',
        default_owner_role: 'PCI Compliance Lead',
      },
      {
        control_id: '4.2.2',
        title: 'PAN is secured with strong cryptography whenever it is sent via end-user messaging technologies.',
        description: 'Card numbers are kept out of messages and prompts sent to AI tools and other destinations.',
        covered_by: 'Enabled BLOCK or MASK rules on FINANCIAL or CREDIT_CARD',
        default_owner_role: 'Security Engineering',
      },
      {
        control_id: '10.2.1',
        title: 'Audit logs are enabled and active for all system components and cardholder data.',
        description: 'Each check that finds cardholder data is recorded in the audit trail.',
        covered_by: 'Any enabled BLOCK or MASK rule on FINANCIAL (each firing is recorded as evidence)',
        default_owner_role: 'Security Operations',
      },
      {
        control_id: '12.10.7',
        title: 'Incident response procedures are in place, to be initiated upon the detection of stored PAN anywhere it is not expected.',
        description: 'Card numbers found where they are not expected are blocked and recorded for incident response.',
        covered_by: 'Enabled BLOCK rules on FINANCIAL or CREDIT_CARD',
        default_owner_role: 'Incident Response Lead',
      },
    ],
  },
  ISO27001: {
    framework: 'ISO27001',
    display_name: 'ISO/IEC 27001:2022',
    controls: [
      {
        control_id: 'A.5.12',
        title: 'Classification of information',
        description: 'Outgoing information is classified by detector category (PII, PHI, financial, secrets, custom).',
        covered_by: 'Any enabled BLOCK or MASK rule',
        default_owner_role: 'Information Security Manager',
      },
      {
        control_id: 'A.5.14',
        title: 'Information transfer',
        description: 'Transfers to AI tools, vendors and customers follow per-destination rules.',
        covered_by: 'Enabled BLOCK or MASK rules for the AI_TOOL, VENDOR or CUSTOMER destinations',
        default_owner_role: 'Information Security Manager',
      },
      {
        control_id: 'A.5.34',
        title: 'Privacy and protection of personal identifiable information (PII)',
        description: 'PII is masked or blocked before it leaves, as privacy requirements demand.',
        covered_by: 'Enabled BLOCK or MASK rules on PII or PHI',
        default_owner_role: 'Privacy Officer',
      },
      {
        control_id: 'A.8.11',
        title: 'Data masking',
        description: 'Sensitive values are masked in content that is allowed to leave.',
        covered_by: 'Enabled MASK rules',
        default_owner_role: 'Security Engineering',
      },
      {
        control_id: 'A.8.12',
        title: 'Data leakage prevention',
        description: 'Content with sensitive data is blocked or masked before it reaches a destination.',
        covered_by: 'Enabled BLOCK or MASK rules',
        default_owner_role: 'Security Engineering',
      },
      {
        control_id: 'A.8.15',
        title: 'Logging',
        description: 'Each check, its decision and the rules that fired are logged in the audit trail.',
        covered_by: 'Any enabled BLOCK or MASK rule (each firing is recorded as evidence)',
        default_owner_role: 'Security Operations',
      },
    ],
  },
};

export function isFramework(value: string): value is Framework {
  return (FRAMEWORKS as readonly string[]).includes(value);
}

export function findControl(framework: Framework, controlId: string): CatalogControl | null {
  return CATALOG[framework].controls.find((c) => c.control_id === controlId) ?? null;
}

/** A legacy policy tag `<FRAMEWORK>:<control_id>` naming a catalog control, or null for any other tag. */
export function parseLegacyTag(tag: string): { framework: Framework; control_id: string } | null {
  const colon = tag.indexOf(':');
  if (colon <= 0) return null;
  const framework = tag.slice(0, colon).trim().toUpperCase();
  const controlId = tag.slice(colon + 1).trim();
  if (!isFramework(framework) || !findControl(framework, controlId)) return null;
  return { framework, control_id: controlId };
}
