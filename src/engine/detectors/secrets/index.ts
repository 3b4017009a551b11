import type { Detector } from '../detector.js';
import { awsAccessKey } from './aws-access-key.js';
import { awsSecretKey } from './aws-secret-key.js';
import { connectionString } from './connection-string.js';
import { genericSecret } from './generic-secret.js';
import { jwt } from './jwt.js';
import { kubernetesSecret } from './kubernetes-secret.js';
import { password } from './password.js';
import { privateKey } from './private-key.js';
import { PROVIDER_FAMILY_DETECTORS } from './provider-families.js';
import { PROVIDER_TOKEN_DETECTORS } from './provider-tokens.js';
import { slackWebhook } from './slack-webhook.js';

/**
 * SECRETS detectors, in table order (DESIGN §17): AWS_SECRET_KEY reads the access key ids found
 * before it; the context-only PASSWORD and GENERIC_SECRET come last, as the exact shapes before
 * them win any overlap on confidence anyway.
 */
export const SECRETS_DETECTORS: readonly Detector[] = [
  awsAccessKey,
  awsSecretKey,
  ...PROVIDER_TOKEN_DETECTORS,
  slackWebhook,
  ...PROVIDER_FAMILY_DETECTORS,
  privateKey,
  jwt,
  connectionString,
  kubernetesSecret,
  password,
  genericSecret,
];
