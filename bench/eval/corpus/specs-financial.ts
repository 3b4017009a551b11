import type { TypeSpec } from './spec.js';
import { abaRouting, bankAccount, creditCard, cryptoWallet, iban, swiftBic } from './values-financial.js';

export const FINANCIAL_SPECS: TypeSpec[] = [
  {
    type: 'CREDIT_CARD',
    value: (c) => creditCard(c.rng),
    prose: [
      'Please charge my card {V} for the renewal.', 'Card number: {V}, exp 08/27.', 'I paid with {V} but was charged twice.',
      'Can you refund to credit card {V}?', 'Use the corporate card {V} for the booking.', 'My new debit card is {V}.',
    ],
    bare: ['{V}', '{V} 09/28', 'use {V}'],
    fields: ['Card number: {V}', 'Credit card: {V}', 'PAN: {V}', 'Card: {V}', 'CC#: {V}'],
    keys: ['card_number', 'cardNumber', 'pan', 'cc'],
    log: ['charge declined card={V} reason=insufficient_funds', 'payment authorised pan={V} amount={amount}'],
    stack: ['PaymentError: card {V} was declined (do_not_honor)'],
    kinds: ['ticket', 'chat', 'email', 'invoice', 'json', 'csv', 'log', 'stack'],
  },
  {
    type: 'IBAN',
    value: (c) => iban(c.rng),
    prose: [
      'Please wire the funds to IBAN {V}.', 'Our bank details: {V}.', 'Refund to my account {V} please.',
      'The supplier changed their IBAN to {V}; please confirm before paying.', 'Salary should go to {V} from next month.',
    ],
    bare: ['{V}', 'to {V}', 'pay {V}'],
    fields: ['IBAN: {V}', 'Beneficiary IBAN: {V}', 'Account (IBAN): {V}', 'IBAN No.: {V}'],
    keys: ['iban', 'beneficiary_iban', 'payoutIban'],
    kinds: ['invoice', 'wire', 'email', 'json', 'csv', 'chat', 'hr'],
  },
  {
    type: 'ABA_ROUTING',
    value: (c) => abaRouting(c.rng),
    prose: [
      'The routing number is {V}.', 'ABA {V} for domestic wires.', 'Use routing no. {V} and the account below.',
      'Direct deposit: routing {V}.', 'Our bank routing number changed to {V} after the merger.',
    ],
    fields: ['Routing number: {V}', 'ABA: {V}', 'ABA routing #: {V}', 'RTN: {V}', 'Routing: {V}', 'Bank routing number: {V}'],
    keys: ['routing_number', 'aba', 'routingNumber', 'aba_routing'],
    kinds: ['wire', 'hr', 'email', 'json', 'csv'],
  },
  {
    type: 'BANK_ACCOUNT',
    value: (c) => bankAccount(c.rng),
    prose: [
      'The account number is {V}.', 'Please deposit to checking account {V}.', 'My savings account number is {V}.',
      'Bank account {V} at {company} is the one for payroll.', 'Send the refund to account no. {V}.',
    ],
    fields: ['Account number: {V}', 'Account #: {V}', 'Acct no.: {V}', 'Beneficiary account: {V}', 'Checking account: {V}', 'Bank account: {V}'],
    keys: ['account_number', 'accountNumber', 'bank_account', 'acct_no'],
    kinds: ['wire', 'hr', 'email', 'json', 'csv'],
  },
  {
    type: 'SWIFT_BIC',
    value: (c) => swiftBic(c.rng),
    prose: [
      'SWIFT code {V}.', 'The BIC is {V}.', 'For international transfers use SWIFT/BIC {V}.', 'Intermediary bank SWIFT: {V}.',
      'Their bank’s SWIFT code is {V}.',
    ],
    fields: ['SWIFT: {V}', 'BIC: {V}', 'SWIFT/BIC: {V}', 'SWIFT code: {V}', 'Bank BIC: {V}'],
    keys: ['swift', 'bic', 'swift_code', 'swiftBic'],
    kinds: ['wire', 'invoice', 'email', 'json'],
  },
  {
    type: 'CRYPTO_WALLET',
    value: (c) => cryptoWallet(c.rng),
    prose: [
      'Send the USDC to my wallet {ETH}.', 'My BTC address is {BTC}.', 'Payout wallet: {V}.', 'Deposit address {V} (double-check before sending).',
      'Please pay the invoice in bitcoin to {BTC}.', 'My ETH address changed to {ETH}.',
    ],
    bare: ['{V}', 'sent to {V}', '{V} ✅'],
    fields: ['Wallet: {V}', 'BTC address: {BTC}', 'ETH address: {ETH}', 'Deposit address: {V}'],
    keys: ['wallet', 'wallet_address', 'btc_address:BTC', 'eth_address:ETH'],
    kinds: ['chat', 'email', 'ticket', 'json', 'invoice'],
  },
];
