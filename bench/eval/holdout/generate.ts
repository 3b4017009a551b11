// The held-out corpus: documents written fresh, in kinds and phrasings that the main corpus's
// templates do not use, so that its scores say whether the detectors handle new *phrasing* and
// not only new values. Deterministic for a given seed; its own seed, independent of the main
// corpus's. See docs/accuracy.md ("Held-out phrasing").
import { Rng } from '../corpus/rng.js';
import { BENIGN_KINDS } from './benign.js';
import { Writer, type Ctx, type HoldoutDoc } from './doc.js';
import { multilingualChat, slackThread, supportChat } from './kinds-chat.js';
import { dischargeSummary, hl7Message, nurseChat, prescription, priorAuth, claimForm } from './kinds-clinical.js';
import { accessLog, curlCommands, goSource, jsSource, notebook, pythonSource, secretsDump, shellHistory, sqlInsert, stackTrace } from './kinds-code.js';
import { ciWorkflow, dockerCompose, iniConfig, k8sSecret, registryAuth, terraformVars, tomlConfig, yamlConfig } from './kinds-config.js';
import { bankLetter, forwardedChain, wireRequest } from './kinds-mail.js';
import { autoClaim, crmTsv, directDeposit, jiraTicket, kycForm, markdownTable, travelItinerary } from './kinds-work.js';

export interface HoldoutOptions {
  seed: number;
  size: number;
  /** Share of benign documents. */
  benignShare: number;
}

export const DEFAULT_HOLDOUT: HoldoutOptions = { seed: 60_731_137, size: 800, benignShare: 0.3 };

type Render = (c: Ctx) => void;

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

function docRng(seed: number, i: number): Rng {
  return new Rng((seed ^ Math.imul(i + 1, 0x9e3779b1)) >>> 0);
}

export function generateHoldout(options: Partial<HoldoutOptions> = {}): HoldoutDoc[] {
  const { seed, size, benignShare } = { ...DEFAULT_HOLDOUT, ...options };
  const order = new Rng(seed);
  const benignCount = Math.round(size * benignShare);
  const isBenign = order.shuffle(Array.from({ length: size }, (_, i) => i < benignCount));
  const positive = Object.entries(POSITIVE_KINDS).flatMap(([name, [render, weight]]) => Array.from({ length: weight }, () => [name, render] as const));
  const benign = Object.entries(BENIGN_KINDS);
  let posQueue: (readonly [string, Render])[] = [];
  let benQueue: (readonly [string, Render])[] = [];
  return isBenign.map((b, i) => {
    if (b && benQueue.length === 0) benQueue = order.shuffle(benign);
    if (!b && posQueue.length === 0) posQueue = order.shuffle(positive);
    const [kind, render] = (b ? benQueue.pop() : posQueue.pop()) as readonly [string, Render];
    const d = new Writer();
    render({ rng: docRng(seed, i), d });
    return d.build(`h${String(i).padStart(4, '0')}`, kind, b);
  });
}
