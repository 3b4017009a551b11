// From a policy to the engine: what a check needs of a policy, and the engine's options for it.
// Text checks, file checks (at upload, as the job's snapshot) and the file worker all use these.
import type { CheckOptions, Destination } from '../engine/types.js';
import type { PolicyDoc } from '../store/policy-repository.js';

/** What a check needs of a policy; a file job carries exactly this, as it was at upload. */
export type PolicyDetection = Pick<PolicyDoc, 'rules' | 'masking' | 'custom_detectors' | 'allow' | 'min_confidence'>;

export function detectionSettings(policy: PolicyDetection): PolicyDetection {
  const { rules, masking, custom_detectors, allow, min_confidence } = policy;
  return { rules, masking, custom_detectors, allow, min_confidence };
}

/** The engine's options for a check under a policy. Custom specs stay plain: whichever thread scans compiles (and caches) them. */
export function checkOptionsOf(policy: PolicyDetection, destination: Destination, hashKey: string): CheckOptions {
  return {
    rules: policy.rules,
    destination,
    masking: policy.masking,
    hashKey,
    customDetectors: policy.custom_detectors,
    allow: policy.allow,
    minConfidence: policy.min_confidence,
  };
}
