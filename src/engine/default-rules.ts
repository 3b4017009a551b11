import { DESTINATIONS, type Rule } from './types.js';

/** The policy a new organization starts with (DESIGN §21); fresh objects on every call. */
export function defaultRules(): Array<Omit<Rule, 'id'>> {
  const everywhere = () => [...DESTINATIONS];
  return [
    { name: 'Block secrets everywhere', enabled: true, dataTypes: ['SECRETS'], destinations: everywhere(), action: 'BLOCK' },
    { name: 'Block PHI to AI tools and vendors', enabled: true, dataTypes: ['PHI'], destinations: ['AI_TOOL', 'VENDOR'], action: 'BLOCK' },
    { name: 'Mask PHI for customers', enabled: true, dataTypes: ['PHI'], destinations: ['CUSTOMER'], action: 'MASK' },
    { name: 'Mask PII everywhere', enabled: true, dataTypes: ['PII'], destinations: everywhere(), action: 'MASK' },
    { name: 'Mask financial data everywhere', enabled: true, dataTypes: ['FINANCIAL'], destinations: everywhere(), action: 'MASK' },
  ];
}
