// The second held-out corpus: documents of kinds neither earlier corpus has (help-desk exports,
// service, access and CI logs, contracts, HR and claim forms, lab reports, statements, order mail, chat
// exports, Kubernetes/Helm/Terraform, shell history, notebooks, forms in thirteen languages), with
// values from its own generators. Written without looking at the detectors or at the earlier
// corpora's templates and value generators. Deterministic for a seed. See docs/accuracy.md.
import { dealDocs, type CorpusOptions, type HoldoutDoc, type Render } from '../holdout/doc.js';
import { BENIGN_KINDS } from './benign.js';
import { gitlabCiLog, githubActionsLog } from './kinds-ci.js';
import { notebook, shellHistory } from './kinds-dev.js';
import { autoClaim, claimForm, ePrescription, labReport, pharmacyLabel } from './kinds-health.js';
import { helmValues, k8sManifest, terraform, tfstate } from './kinds-infra.js';
import { intlForm, intlLetter } from './kinds-intl.js';
import { consultingAgreement, i9Record, nda, onboardingForm } from './kinds-legal-hr.js';
import { internalAccessLog, jsonLogs, nginxAccess, railsLog } from './kinds-logs.js';
import { bankStatementEu, bankStatementUs, cryptoWithdrawal, orderConfirmation } from './kinds-money.js';
import { chatTranscript, helpdeskCsv, helpdeskJson, whatsappExport } from './kinds-support.js';

export type Holdout2Options = CorpusOptions;

export const DEFAULT_HOLDOUT2: Holdout2Options = { seed: 91_417_003, size: 800, benignShare: 0.25 };

/** Positive kinds and their turns per round: more for kinds that carry the rarer types. */
export const POSITIVE_KINDS: Readonly<Record<string, readonly [Render, number]>> = {
  helpdeskCsv: [helpdeskCsv, 2],
  helpdeskJson: [helpdeskJson, 2],
  chatTranscript: [chatTranscript, 2],
  whatsappExport: [whatsappExport, 1],
  jsonLogs: [jsonLogs, 2],
  nginxAccess: [nginxAccess, 2],
  // Benign until 2026-11-28, when private addresses became labelled values (docs/accuracy.md).
  internalAccessLog: [internalAccessLog, 1],
  railsLog: [railsLog, 1],
  githubActionsLog: [githubActionsLog, 2],
  gitlabCiLog: [gitlabCiLog, 2],
  nda: [nda, 1],
  consultingAgreement: [consultingAgreement, 2],
  onboardingForm: [onboardingForm, 2],
  i9Record: [i9Record, 2],
  claimForm: [claimForm, 2],
  labReport: [labReport, 2],
  pharmacyLabel: [pharmacyLabel, 2],
  ePrescription: [ePrescription, 2],
  autoClaim: [autoClaim, 1],
  bankStatementUs: [bankStatementUs, 1],
  bankStatementEu: [bankStatementEu, 2],
  orderConfirmation: [orderConfirmation, 1],
  cryptoWithdrawal: [cryptoWithdrawal, 2],
  k8sManifest: [k8sManifest, 2],
  helmValues: [helmValues, 2],
  terraform: [terraform, 2],
  tfstate: [tfstate, 1],
  shellHistory: [shellHistory, 2],
  notebook: [notebook, 2],
  intlForm: [intlForm, 5],
  intlLetter: [intlLetter, 3],
};

export function generateHoldout2(options: Partial<Holdout2Options> = {}): HoldoutDoc[] {
  return dealDocs({ ...DEFAULT_HOLDOUT2, ...options }, { positive: POSITIVE_KINDS, benign: BENIGN_KINDS }, { prefix: 'k', mix: 0x85ebca6b });
}
