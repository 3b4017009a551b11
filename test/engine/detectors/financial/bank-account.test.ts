import { describe, expect, it } from 'vitest';
import { check, scan } from '../../../../src/engine/index.js';
import { found, rule } from '../../helpers.js';

const confidence = (text: string) => scan(text, { minConfidence: 0 }).find((f) => f.type === 'BANK_ACCOUNT')?.confidence;
const MIB = 1 << 20;
const fill = (unit: string) => unit.repeat(Math.ceil(MIB / unit.length)).slice(0, MIB);

describe('BANK_ACCOUNT', () => {
  it.each([
    ['account number', 'Account number: 12345678', '12345678'],
    ['account #', 'Account # 000123456789', '000123456789'],
    ['acct', 'acct 4417223190', '4417223190'],
    ['acct no.', 'Acct. No. 55512345', '55512345'],
    ['bank account', 'Bank account: 9876543210', '9876543210'],
    ['checking account', 'checking account number is 123456789012', '123456789012'],
    ['savings #', 'savings # 7788', '7788'],
    ['a dashed number', 'account number 1234-5678-90', '1234-5678-90'],
    ['17 digits', 'account no 12345678901234567', '12345678901234567'],
    ['a JSON key', '{"account_number": "4417223190"}', '4417223190'],
    ['a camelCase key', '{"bankAccount":"4417223190"}', '4417223190'],
    ['an .env line', 'ACCOUNT_NUMBER=55512345678', '55512345678'],
    ['plain "account" among bank words', 'Bank: Chase\nAccount: 12345678', '12345678'],
    ['A/C among bank words', 'Wire to A/C 12345678 at HSBC bank', '12345678'],
  ])('finds the number after %s', (_name, text, value) => {
    expect(found(text, 'BANK_ACCOUNT')).toEqual([value]);
  });

  it('rates by label', () => {
    expect(confidence('bank account 12345678')).toBe(0.8);
    expect(confidence('account number 12345678')).toBe(0.75);
    expect(confidence('Routing 021000021 Account 12345678')).toBe(0.7);
    expect(confidence('dummy account number 12345678')).toBe(0.45);
  });

  it.each([
    ['plain "account" without bank words', 'Your account 12345678 has been upgraded to premium'],
    ['A/C as air conditioning', 'The A/C 12000 BTU unit'],
    ['an account id', 'Account ID: 12345678'],
    ['a balance', 'Account balance: 12345'],
    ['an amount', 'bank account: $1,500'],
    ['the last four digits', 'account ending in 1234'],
    ['a masked number', 'account number ****1234'],
    ['three digits', 'account number 123'],
    ['18 digits', 'account number 123456789012345678'],
    ['a decimal', 'account number 1234.56'],
    ['a number glued to letters', 'account number 12345678AB'],
    ['a number after an unrelated word', 'bank account opened 2019 in Ohio'],
    ['a number in the next sentence', 'Open a bank account. Then 12345 people follow.'],
  ])('rejects %s', (_name, text) => {
    expect(found(text, 'BANK_ACCOUNT')).toEqual([]);
  });

  it('finds numbers in a table column headed by an account label', () => {
    const csv = 'name,routing,account_number\nJane,021000021,12345678\nJohn,026009593,"4417223190"\n';
    expect(found(csv, 'BANK_ACCOUNT')).toEqual(['12345678', '4417223190']);
    expect(found('bank,account\nChase,12345678', 'BANK_ACCOUNT')).toEqual(['12345678']);
    expect(found('| Account # |\n|---|\n| 0012-3456 |', 'BANK_ACCOUNT')).toEqual(['0012-3456']);
    expect(found('id,account\n1,12345678', 'BANK_ACCOUNT')).toEqual([]); // plain "account", no bank words
    expect(found('account_number,notes\n12345678 9,x', 'BANK_ACCOUNT')).toEqual([]); // not one number
  });

  it('leaves numbers other FINANCIAL detectors name to them', () => {
    expect(scan('account number 4111111111111111').map((f) => f.type)).toEqual(['CREDIT_CARD']);
    expect(scan('Account: DE89370400440532013000').map((f) => f.type)).toEqual(['IBAN']);
    expect(scan('bank account routing number 021000021').map((f) => f.type)).toEqual(['ABA_ROUTING']);
  });

  it.each([
    ['digit runs', fill('1234567890')],
    ['labels and numbers', fill('account number 12345678 ')],
    ['repeated labels', fill('account acct a/c checking savings ')],
    ['camelCase labels', fill('accountAccount')],
    ['labels and long gaps', fill(`account${' '.repeat(40)}`)],
    ['table headers', fill('bank account,acct\n')],
    ['a wide table', `${'account,'.repeat(2000)}\n${fill(`${'1,'.repeat(2000)}\n`)}`],
    ['a wide header', fill('account,')],
  ])('scans 1 MiB of %s', (_name, text) => {
    expect(Array.isArray(scan(text))).toBe(true);
  }, 10_000);
});

describe('BANK_ACCOUNT and cloud accounts', () => {
  it('does not take a cloud account id for a bank account', () => {
    expect(found('AWS account 242622915625 hosts the staging VPC. Routing_key=billing', 'BANK_ACCOUNT')).toEqual([]);
    expect(found('Wire to bank account 12345678 today.', 'BANK_ACCOUNT')).toEqual(['12345678']);
  });
});

describe('BANK_ACCOUNT in CSV with quoted cells', () => {
  it('keeps columns aligned when a quoted cell holds a comma', () => {
    const csv = 'id,born,account_number,opened\n16991,"November 20, 1942",96905645,"December 7, 2023"\n';
    expect(found(csv, 'BANK_ACCOUNT')).toEqual(['96905645']);
  });
});

describe('BANK_ACCOUNT under Japanese and Korean labels', () => {
  it.each([
    ['口座番号 (account number) after the bank and branch', '振込先: みずほ銀行 梅田支店 普通 口座番号 3961637\n', '3961637'],
    ['口座番号 with a full-width colon', '口座番号：1234567', '1234567'],
    ['계좌 (account) after the bank', '환불 계좌: 신한은행 299-575-071430\n연락처: 010-2630-7584.', '299-575-071430'],
  ])('finds the number %s', (_name, text, number) => {
    expect(found(text, 'BANK_ACCOUNT')).toEqual([number]);
  });

  it('takes no number a CJK text holds without an account label', () => {
    expect(found('注文番号 #81441 の返金 3961637', 'BANK_ACCOUNT')).toEqual([]);
    expect(found('주문번호 ORD047434347 연락처 299-575-071430', 'BANK_ACCOUNT')).toEqual([]);
  });
});

describe('BANK_ACCOUNT with its label after it, or among the words of a returned payment', () => {
  it.each([
    ['the label after the number', 'new details: 021000021 is the routing and 3995391696 the account (checking).', '3995391696'],
    ['"is my checking account"', 'Wire it to the bank: 12345678 is my checking account.', '12345678'],
    ['a payment returned unpaid', 'A payment presented against account 78736050 was returned unpaid.', '78736050'],
    ['insufficient funds', 'The debit to account 35675437939 failed: insufficient funds.', '35675437939'],
    ['a bracketed hint between label and number', 'Bank account no. (8-12 digits): 5258958012', '5258958012'],
  ])('finds %s', (_name, text, value) => {
    expect(found(text, 'BANK_ACCOUNT')).toEqual([value]);
  });

  it.each([
    ['the label after a number with no bank words', 'Order 12345678 is the account we discussed.'],
    ['an account id after its number', 'deposit 12345678 is the account id in the ledger'],
    ['a number in a hint with its own number', 'checking account (ending 1234) was charged'],
    ['a decimal before the label', 'transfer 1200.50 the account holder sent'],
  ])('rejects %s', (_name, text) => {
    expect(found(text, 'BANK_ACCOUNT')).toEqual([]);
  });

  it('masks an account given before its label', () => {
    const rules = [rule({ dataTypes: ['ABA_ROUTING', 'BANK_ACCOUNT'], action: 'MASK' })];
    const outcome = check('021000021 is the routing and 3995391696 the account', { rules, destination: 'AI_TOOL', masking: 'label', hashKey: 'k' });
    expect(outcome.masked_content).toBe('[ABA_ROUTING] is the routing and [BANK_ACCOUNT] the account');
  });
});
