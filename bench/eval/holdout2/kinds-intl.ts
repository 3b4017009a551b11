// Forms and letters in other languages, with their own phone, date and address conventions.
// Foreign postal addresses are not labelled (the engine's address type is US_ADDRESS), and national
// identity numbers (DNI, BSN, PESEL, Aadhaar...) are left out: no type of the engine names them.
import { domainToASCII } from 'node:url';
import type { Ctx, Part } from '../holdout/doc.js';
import type { Rng } from '../corpus/rng.js';
import { LOCALES, localName, type Locale } from './locales.js';
import { mk } from './make.js';
import { bic, iban } from './values-money.js';
import { birthDate, email } from './values-people.js';
import { v } from '../holdout/doc.js';
import { shopOrder } from './lookalikes.js';

function localEmail(r: Rng, l: Locale, name: string): string {
  if (l.romaji) return `${r.pick(l.romaji)}${r.chance(0.5) ? r.int(1, 99) : ''}@${r.pick(l.mail)}`;
  const [first = '', ...rest] = name.split(' ');
  const address = email(r, { first, last: rest.join(''), full: name }, l.mail);
  // Internationalised domains are written as typed, or in the punycode form mail clients show.
  const [local, domain = ''] = address.split('@');
  return /[^\x00-\x7f]/.test(domain) && r.chance(0.5) ? `${local}@${domainToASCII(domain)}` : address;
}

/** Account numbers where IBAN is not used: Japanese and Korean banks, Indian banks with their IFSC branch code. */
function localAccount(r: Rng, l: Locale): Part[] {
  if (l.code === 'ja') return ['振込先: ', r.pick(['三菱UFJ銀行', 'みずほ銀行', 'ゆうちょ銀行']), ' ', r.pick(['新宿支店', '梅田支店']), ' 普通 口座番号 ', mk.accountText(r.digits(7))];
  if (l.code === 'ko') return ['환불 계좌: ', r.pick(['국민은행', '신한은행', '우리은행']), ' ', mk.accountText(`${r.digits(3)}-${r.digits(3)}-${r.digits(6)}`)];
  return ['Bank A/c No.: ', mk.accountText(r.digits(r.pick([11, 12, 14]))), '   IFSC: ', r.pick(['HDFC', 'SBIN', 'ICIC', 'UTIB']), '0', r.digits(6)];
}

export function intlForm({ rng: r, d }: Ctx): void {
  const l = r.pick(LOCALES);
  const w = l.words;
  const name = localName(r, l);
  const table = r.chance(0.35);
  const field = (label: string, ...value: Part[]) => (table ? d.put(`| ${label} | `, ...value, ' |\n') : d.put(`${label}: `, ...value, '\n'));
  d.l`${w.form}`;
  d.l`${w.intro}`;
  d.l``;
  if (table) d.l`| | |\n|---|---|`;
  field(w.name, mk.nameText(name));
  field(w.dob, mk.dobText(l.dob(r, birthDate(r))));
  field(w.address, l.address(r));
  field(w.phone, mk.phoneText(l.phone(r)));
  if (r.chance(0.4)) field(w.phone + ' (2)', mk.phoneText(l.phone(r)));
  field(w.email, mk.emailText(localEmail(r, l, name)));
  if (r.chance(0.6)) field(w.passport, mk.passportText(l.passport(r)));
  if (l.iban && w.iban && w.bic) {
    field(w.iban, v('IBAN', iban(r, l.iban)));
    if (r.chance(0.6)) field(w.bic, v('SWIFT_BIC', bic(r, l.iban)));
  } else d.put(...localAccount(r, l), '\n');
  d.l``;
  if (r.chance(0.6)) d.l`${w.sign}: ${mk.nameText(name)}`;
}

/** A customer letter in the local language: greeting, the request with its values, a signature. */
export const LETTERS: Record<string, { greet: string; ask: string; call: string; close: string }> = {
  de: { greet: 'Sehr geehrte Damen und Herren,', ask: 'bitte erstatten Sie den Betrag für Bestellung {o} auf mein Konto', call: 'Sie erreichen mich tagsüber unter', close: 'Mit freundlichen Grüßen' },
  fr: { greet: 'Madame, Monsieur,', ask: 'je vous prie de rembourser la commande {o} sur mon compte', call: 'Vous pouvez me joindre au', close: 'Cordialement,' },
  es: { greet: 'Estimados señores:', ask: 'les ruego que reembolsen el pedido {o} en mi cuenta', call: 'Pueden llamarme al', close: 'Atentamente,' },
  it: { greet: 'Gentili Signori,', ask: "vi chiedo di rimborsare l'ordine {o} sul mio conto", call: 'Potete contattarmi al numero', close: 'Cordiali saluti,' },
  nl: { greet: 'Geachte heer/mevrouw,', ask: 'graag ontvang ik het bedrag van bestelling {o} terug op rekening', call: 'U kunt mij bellen op', close: 'Met vriendelijke groet,' },
  pt: { greet: 'Exmos. Senhores,', ask: 'solicito o reembolso da encomenda {o} para a conta', call: 'Podem contactar-me pelo', close: 'Com os melhores cumprimentos,' },
  pl: { greet: 'Szanowni Państwo,', ask: 'proszę o zwrot środków za zamówienie {o} na rachunek', call: 'Mój numer telefonu to', close: 'Z poważaniem,' },
  sv: { greet: 'Hej,', ask: 'jag vill ha pengarna för order {o} återbetalda till kontot', call: 'Ni når mig på', close: 'Med vänliga hälsningar,' },
  fi: { greet: 'Hyvä vastaanottaja,', ask: 'pyydän palauttamaan tilauksen {o} summan tilille', call: 'Minut tavoittaa numerosta', close: 'Ystävällisin terveisin,' },
  tr: { greet: 'Sayın Yetkili,', ask: '{o} numaralı siparişin ücretinin şu hesaba iadesini rica ederim:', call: 'Bana şu numaradan ulaşabilirsiniz:', close: 'Saygılarımla,' },
  ja: { greet: 'ご担当者様', ask: '注文番号 {o} の返金を下記口座へお願いいたします。', call: '連絡先:', close: 'よろしくお願いいたします。' },
  ko: { greet: '담당자님께,', ask: '주문번호 {o} 환불을 아래 계좌로 부탁드립니다.', call: '연락처:', close: '감사합니다.' },
  'en-IN': { greet: 'Dear Sir/Madam,', ask: 'Kindly refund the amount for order {o} to my account', call: 'Please call me on', close: 'Thanks and regards,' },
};

export function intlLetter({ rng: r, d }: Ctx): void {
  const l = r.pick(LOCALES);
  const t = LETTERS[l.code] as (typeof LETTERS)[string];
  const name = localName(r, l);
  d.l`From: ${mk.emailText(localEmail(r, l, name))}`;
  d.l``;
  d.l`${t.greet}`;
  d.l``;
  const ask = t.ask.replace('{o}', shopOrder(r));
  if (l.iban) d.l`${ask} ${v('IBAN', iban(r, l.iban, r.chance(0.7)))} (BIC ${v('SWIFT_BIC', bic(r, l.iban))}).`;
  else d.put(ask, '\n', ...localAccount(r, l), '\n');
  d.l`${t.call} ${mk.phoneText(l.phone(r))}.`;
  d.l``;
  d.l`${t.close}`;
  d.l`${mk.nameText(name)}`;
}
