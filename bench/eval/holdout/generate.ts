// The held-out corpus: documents written fresh, in kinds and phrasings that the main corpus's
// templates do not use, so that its scores say whether the detectors handle new *phrasing* and
// not only new values. Deterministic for a given seed; its own seed, independent of the main
// corpus's. See docs/accuracy.md ("Held-out phrasing").
import { BENIGN_KINDS } from './benign.js';
import { dealDocs, type CorpusOptions, type HoldoutDoc, type Render } from './doc.js';
import { multilingualChat, slackThread, supportChat } from './kinds-chat.js';
import { dischargeSummary, hl7Message, nurseChat, prescription, priorAuth, claimForm } from './kinds-clinical.js';
import { accessLog, curlCommands, goSource, jsSource, notebook, pythonSource, secretsDump, shellHistory, sqlInsert, stackTrace } from './kinds-code.js';
import { ciWorkflow, dockerCompose, iniConfig, k8sSecret, registryAuth, terraformVars, tomlConfig, yamlConfig } from './kinds-config.js';
import { bankLetter, forwardedChain, wireRequest } from './kinds-mail.js';
import { autoClaim, crmTsv, directDeposit, jiraTicket, kycForm, markdownTable, travelItinerary } from './kinds-work.js';

export type HoldoutOptions = CorpusOptions;

export const DEFAULT_HOLDOUT: HoldoutOptions = { seed: 60_731_137, size: 800, benignShare: 0.3 };

/** Positive kinds and how many turns each gets per round (more for kinds that carry rarer types). */
export const POSITIVE_KINDS: Readonly<Record<string, readonly [Render, number]>> = {
  slackThread: [slackThread, 3],
  multilingualChat: [multilingualChat, 2],
  supportChat: [supportChat, 2],
  forwardedChain: [forwardedChain, 3],
  bankLetter: [bankLetter, 1],
  wireRequest: [wireRequest, 2],
  jiraTicket: [jiraTicket, 2],
  markdownTable: [markdownTable, 2],
  crmTsv: [crmTsv, 1],
  kycForm: [kycForm, 2],
  autoClaim: [autoClaim, 1],
  directDeposit: [directDeposit, 1],
  travelItinerary: [travelItinerary, 1],
  yamlConfig: [yamlConfig, 2],
  tomlConfig: [tomlConfig, 1],
  iniConfig: [iniConfig, 1],
  k8sSecret: [k8sSecret, 2],
  dockerCompose: [dockerCompose, 2],
  registryAuth: [registryAuth, 1],
  terraformVars: [terraformVars, 1],
  ciWorkflow: [ciWorkflow, 1],
  pythonSource: [pythonSource, 2],
  jsSource: [jsSource, 2],
  goSource: [goSource, 1],
  shellHistory: [shellHistory, 2],
  curlCommands: [curlCommands, 2],
  stackTrace: [stackTrace, 2],
  sqlInsert: [sqlInsert, 2],
  accessLog: [accessLog, 1],
  notebook: [notebook, 1],
  secretsDump: [secretsDump, 1],
  dischargeSummary: [dischargeSummary, 2],
  hl7Message: [hl7Message, 1],
  prescription: [prescription, 3],
  nurseChat: [nurseChat, 1],
  claimForm: [claimForm, 2],
  priorAuth: [priorAuth, 1],
};

export function generateHoldout(options: Partial<HoldoutOptions> = {}): HoldoutDoc[] {
  return dealDocs({ ...DEFAULT_HOLDOUT, ...options }, { positive: POSITIVE_KINDS, benign: BENIGN_KINDS }, { prefix: 'h', mix: 0x9e3779b1 });
}
