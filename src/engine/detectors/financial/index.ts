import type { Detector } from '../detector.js';
import { abaRouting } from './aba-routing.js';
import { bankAccount } from './bank-account.js';
import { creditCard } from './credit-card.js';
import { cryptoWallet } from './crypto-wallet.js';
import { iban } from './iban.js';
import { swiftBic } from './swift-bic.js';

/**
 * FINANCIAL detectors, in table order (DESIGN §17). BANK_ACCOUNT comes after CREDIT_CARD, IBAN
 * and ABA_ROUTING: it reads their findings, as a number they name is not an account number.
 */
export const FINANCIAL_DETECTORS: readonly Detector[] = [
  creditCard,
  iban,
  abaRouting,
  bankAccount,
  swiftBic,
  cryptoWallet,
];
