// Money paperwork: a bank statement (US checking, or a European current account with IBAN), an
// e-commerce order confirmation, and a crypto exchange's withdrawal notice.
import type { Ctx } from '../holdout/doc.js';
import { amount, maskedCard, shopOrder, stripeObjectId, tracking, sha256, uuid, sepaCreditorId } from './lookalikes.js';
import { mk, person } from './make.js';

const MERCHANTS = ['AMZN Mktp US*2K4', 'SQ *BLUE BOTTLE COF', 'UBER *TRIP', 'SHELL OIL 5744', 'TRADER JOE S #552', 'NETFLIX.COM', 'SPOTIFY P1A2B3', 'COSTCO WHSE #0481', 'DELTA AIR 0062'];

export function bankStatementUs({ rng: r, d }: Ctx): void {
  const p = person(r);
  d.l`${r.pick(['First Horizon Bank', 'Cascade Federal Credit Union', 'Liberty Savings Bank'])}                     Statement period: 0${r.int(1, 9)}/01/2025 - 0${r.int(1, 9)}/30/2025`;
  d.l`${mk.nameText(p.full.toUpperCase())}`;
  d.l`${mk.address(r, true)}`;
  d.l``;
  d.l`Everyday Checking   Account number: ${mk.account(r)}   Routing (ABA): ${mk.aba(r)}`;
  d.l`Beginning balance  $${amount(r, 9000)}     Ending balance  $${amount(r, 9000)}`;
  d.l``;
  d.l`Date    Description                                   Amount      Balance`;
  for (let i = r.int(5, 9); i > 0; i--) {
    const m = r.pick(MERCHANTS);
    d.l`${String(r.int(1, 12)).padStart(2, '0')}/${String(r.int(1, 28)).padStart(2, '0')}   ${m.padEnd(30)} card ${r.digits(4)}   -${amount(r, 300)}   ${amount(r, 9000)}`;
  }
  d.l`${String(r.int(1, 12)).padStart(2, '0')}/15   ACH CREDIT PAYROLL ${r.pick(['GUSTO', 'ADP', 'PAYCHEX'])} PPD ID ${r.digits(10)}   +${amount(r, 6000)}`;
  d.l`${String(r.int(1, 12)).padStart(2, '0')}/18   ZELLE TO ${mk.nameText(person(r).full.toUpperCase())} CONF# ${r.chars('ABCDEFGHJKLMNPQRSTUVWXYZ0123456789', 9)}   -${amount(r, 800)}`;
  d.l``;
  d.l`Questions? Call the number on the back of your card or visit a branch.`;
}

export function bankStatementEu({ rng: r, d }: Ctx): void {
  const p = person(r);
  const country = r.pick(['DE', 'NL', 'FR', 'ES', 'IT', 'BE', 'AT', 'IE']);
  d.l`Account statement no. ${r.int(1, 12)}/2025`;
  d.l`Account holder: ${mk.name(p)}`;
  d.l`IBAN: ${mk.iban(r, country, true)}   BIC: ${mk.bic(r, country)}`;
  d.l`Opening balance EUR ${amount(r, 9000)}`;
  d.l``;
  d.l`Booking     Value       Text                                                          Amount EUR`;
  for (let i = r.int(3, 6); i > 0; i--) {
    const day = `${String(r.int(1, 28)).padStart(2, '0')}.${String(r.int(1, 12)).padStart(2, '0')}.`;
    switch (r.int(0, 3)) {
      case 0:
        d.l`${day}      ${day}      SEPA direct debit ${r.pick(['Stadtwerke', 'Vodafone', 'Allianz'])} Mandate ref. MNDT${r.digits(8)} Creditor ID ${sepaCreditorId(r, country)}   -${amount(r, 200)}`;
        break;
      case 1:
        d.l`${day}      ${day}      SEPA credit transfer from ${mk.name(person(r))} IBAN ${mk.iban(r, undefined, false)} Ref. rent ${r.pick(['March', 'April', 'May'])}   +${amount(r, 1500)}`;
        break;
      case 2:
        d.l`${day}      ${day}      Card payment ${maskedCard(r)} ${r.pick(['REWE', 'Albert Heijn', 'Carrefour', 'Mercadona'])}   -${amount(r, 120)}`;
        break;
      default:
        d.l`${day}      ${day}      Standing order to ${mk.name(person(r))} ${mk.iban(r, country, true)}   -${amount(r, 600)}`;
    }
  }
  d.l`Closing balance EUR ${amount(r, 9000)}`;
}

export function orderConfirmation({ rng: r, d }: Ctx): void {
  const p = person(r);
  const order = shopOrder(r);
  d.l`Subject: Your order ${order} is confirmed`;
  d.l`To: ${mk.email(r, p)}`;
  d.l``;
  d.l`Hi ${mk.first(p)},`;
  d.l`Thanks for shopping with us! We'll let you know when your items ship.`;
  d.l``;
  d.l`Order ${order} — placed ${r.pick(['Mon', 'Tue', 'Fri', 'Sat'])}, ${r.pick(['Feb', 'May', 'Aug', 'Nov'])} ${r.int(1, 28)}`;
  for (let i = r.int(1, 3); i > 0; i--) d.l`  ${r.pick(['Merino crew sweater', 'USB-C hub 7-in-1', 'Cast iron skillet 12"', 'Trail running shoes', 'Noise-cancelling earbuds'])}   SKU ${r.chars('ABCDEFGHJKLMNPQRSTUVWXYZ', 3)}-${r.digits(5)}   Qty ${r.int(1, 3)}   $${amount(r, 250)}`;
  d.l`  Subtotal $${amount(r, 600)}   Shipping $0.00   Tax $${amount(r, 60)}`;
  d.l``;
  d.l`Shipping to:`;
  d.l`  ${mk.name(p)}`;
  d.l`  ${mk.address(r, true)}`;
  d.l`  ${mk.phone(r)}`;
  d.l``;
  d.l`Payment: ${maskedCard(r)}`;
  if (r.chance(0.4)) d.l`Gift message: "Happy birthday ${mk.name(person(r))}! Love, ${mk.first(p)}"`;
  d.l`Tracking will be: ${tracking(r)} (${r.pick(['UPS', 'FedEx', 'USPS'])})`;
  d.l`Payment reference: ${stripeObjectId(r)}`;
}

export function cryptoWithdrawal({ rng: r, d }: Ctx): void {
  const p = person(r);
  const eth = r.chance(0.5);
  d.l`Withdrawal request ${uuid(r)}`;
  d.l`Account: ${mk.email(r, p)} (verified: ${mk.name(p)}, DOB ${mk.dob(r)})`;
  d.l`Asset: ${eth ? 'ETH' : 'BTC'}   Amount: ${r.int(0, 3)}.${r.digits(6)}   Network fee: 0.000${r.digits(3)}`;
  d.l`Destination address: ${mk.wallet(r, eth ? 'eth' : 'btc')}`;
  d.l`Whitelisted addresses: ${mk.wallet(r, eth ? 'eth' : 'btc')}, ${mk.wallet(r, eth ? 'eth' : 'btc')}`;
  d.l`Status: broadcast   Tx: ${eth ? '0x' : ''}${sha256(r)}`;
  d.l`Login IP at request: ${mk.ip(r)}   2FA: TOTP`;
}
