// Customer support as it is exported: a help-desk CSV, a ticket as JSON from a help-desk API, a
// live-chat transcript and a WhatsApp export.
import type { Ctx, Part } from '../holdout/doc.js';
import { amazonOrder, isoTimestamp, maskedCard, shopOrder, sha256, ticketId, tracking } from './lookalikes.js';
import { mk, person, type Person } from './make.js';
import type { Rng } from '../corpus/rng.js';

/** What a customer writes into a ticket: a few sentences carrying one or two values. */
function complaint(r: Rng, p: Person, scenario = r.int(0, 8)): Part[] {
  switch (scenario) {
    case 0:
      return ['I was charged twice for order ', amazonOrder(r), ' on my ', maskedCard(r), '. Please refund the duplicate, the card I want it on is ', mk.card(r), ' exp ', `${r.int(1, 12)}/${r.int(26, 31)}`, '.'];
    case 1:
      return ['Cannot log in since the update. My username is ', p.first.toLowerCase(), r.int(1, 99), ' and the password I set last week is ', mk.pw(r), ' - it says invalid every time.'];
    case 2:
      return ['I moved, please update my shipping address to ', mk.address(r, false), '. Old one was ', mk.address(r, false), '.'];
    case 3:
      return ['My 1099 shows the SSN as ', mk.ssn(r), ' but it should be ', mk.ssn(r), ". Can you reissue? DOB if you need it: ", mk.dob(r), '.'];
    case 4:
      return ['Withdrawal to ', mk.wallet(r), ' still not credited after 6 hours. Tx hash 0x', sha256(r), '. Please check.'];
    case 5:
      return ['Please refund to my bank instead: IBAN ', mk.iban(r), ', BIC ', mk.bic(r), '. Thank you.'];
    case 6:
      return ['You can call me back at ', mk.phone(r), ' or my husband ', mk.name(person(r)), ' at ', mk.phone(r), ' after 5pm.'];
    case 7:
      return ['Package ', tracking(r), ' says delivered but nothing here. Order ', shopOrder(r), '. Reach me at ', mk.phone(r), ' or ', mk.email(r, p), '.'];
    default:
      return ['Direct deposit failed. Routing ', mk.aba(r), ' account ', mk.account(r), ' - the same ones I used last year.'];
  }
}

/** A CSV row whose cells may hold several parts; cells with commas or spaces are quoted. */
function csvRow(d: Ctx['d'], cells: Part[][]): void {
  cells.forEach((cell, i) => {
    const text = cell.map((c) => (typeof c === 'object' && c !== null ? c.text : String(c ?? ''))).join('');
    const quote = /[ ,]/.test(text);
    d.put(i > 0 ? ',' : '', quote ? '"' : '', ...cell, quote ? '"' : '');
  });
  d.put('\n');
}

/** The agent column: an agent's first name is a person's name (labelled); the bot is not. */
const agentCell = (name: string): Part => (name === 'Support Bot' ? name : mk.nameText(name));

const SUBJECTS = ['Refund request', 'Login problem', 'Address change', 'Tax form wrong', 'Withdrawal pending', 'Refund to bank', 'Call me back', 'Missing package', 'Direct deposit'];

export function helpdeskCsv({ rng: r, d }: Ctx): void {
  d.l`"Ticket ID","Subject","Status","Priority","Requester Name","Requester Email","Requester Phone","Created Time","Description","Agent"`;
  for (let i = r.int(2, 4); i > 0; i--) {
    const p = person(r);
    const scenario = r.int(0, 8);
    csvRow(d, [
      [ticketId(r).replace('#', '')],
      [SUBJECTS[scenario] as string],
      [r.pick(['Open', 'Pending', 'Resolved'])],
      [r.pick(['Low', 'Medium', 'High', 'Urgent'])],
      [mk.name(p)],
      [mk.email(r, p)],
      r.chance(0.7) ? [mk.phone(r)] : [],
      [isoTimestamp(r).slice(0, 19).replace('T', ' ')],
      complaint(r, p, scenario),
      [agentCell(r.pick(['Priya', 'Tom', 'Ana', 'Kenji', 'Support Bot']))],
    ]);
  }
}

export function helpdeskJson({ rng: r, d }: Ctx): void {
  const p = person(r);
  const id = r.int(100000, 999999);
  d.l`{`;
  d.l`  "ticket": {`;
  d.l`    "id": ${id},`;
  d.l`    "url": "https://support.example-shop.com/api/v2/tickets/${id}.json",`;
  d.l`    "created_at": "${isoTimestamp(r).slice(0, 19)}Z",`;
  d.l`    "subject": "${r.pick(['Order issue', 'Account locked', 'Refund', 'Wrong charge'])}",`;
  d.l`    "status": "open",`;
  d.w`    "requester": { "name": "${mk.name(p)}", "email": "${mk.email(r, p)}"`;
  if (r.chance(0.6)) d.w`, "phone": "${mk.phone(r)}"`;
  d.l` },`;
  d.w`    "description": "`.put(...complaint(r, p)).l`",`;
  d.l`    "tags": ["${r.pick(['billing', 'login', 'shipping'])}", "tier_${r.int(1, 3)}"],`;
  d.l`    "custom_fields": [{ "id": 360${r.digits(9)}, "value": "${shopOrder(r)}" }],`;
  d.l`    "comments": [`;
  if (r.chance(0.5)) {
    d.l`      { "author": "agent", "public": true, "body": "Hi ${mk.first(p)}, thanks for reaching out. Could you confirm your date of birth so I can verify the account?" },`;
    d.w`      { "author": "end-user", "public": true, "body": "Sure, it's ${mk.dob(r)}.`;
    if (r.chance(0.5)) d.w` My other email is ${mk.email(r, p)}`;
    d.l`" }`;
  } else {
    d.l`      { "author": "agent", "public": true, "body": "Hello ${mk.first(p)}, for verification please reply with the billing ZIP code and the last four of the card." },`;
    d.l`      { "author": "end-user", "public": true, "body": "zip ${r.digits(5)}, card ends ${r.digits(4)}. My full billing address is ${mk.address(r, false)} if that helps. Born ${mk.dob(r)}." }`;
  }
  d.l`    ]`;
  d.l`  }`;
  d.l`}`;
}

export function chatTranscript({ rng: r, d }: Ctx): void {
  const p = person(r);
  // The agent's and the visitor's first names, as speakers and in the greeting, are labelled PERSON_NAME.
  const agent = mk.nameText(r.pick(['Jordan', 'Sam', 'Alex', 'Riley']));
  let t = r.int(8, 18) * 60 + r.int(0, 59);
  const say = (who: Part, ...parts: Part[]) => {
    t += r.int(0, 2);
    d.put(`[${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}] `, who, ': ', ...parts, '\n');
  };
  const me = mk.first(p);
  d.l`Chat transcript - ${isoTimestamp(r).slice(0, 10)}`;
  d.l`Visitor: ${mk.name(p)} (${mk.email(r, p)})`;
  d.l`Page: /account/${r.pick(['billing', 'security', 'profile'])}   Browser: ${r.pick(['Chrome 124 on Windows', 'Safari on iPhone', 'Firefox 126 on Ubuntu'])}   IP: ${mk.ip(r)}`;
  d.l``;
  say(agent, "Hello! You're chatting with ", agent, '. How can I help?');
  switch (r.int(0, 3)) {
    case 0:
      say(me, 'hi my card got declined 3 times');
      say(agent, 'Sorry about that. Which card is on the account? For security only share the last 4 digits.');
      if (r.chance(0.6)) say(me, 'its ', mk.card(r), ` exp ${r.int(1, 12)}/${r.int(26, 30)}`, r.chance(0.5) ? ` cvv ${r.digits(3)}` : '');
      else say(me, `ending ${r.digits(4)}. the bank said try routing `, mk.aba(r), ' acct ', mk.account(r), ' instead?');
      say(agent, "Please don't post full numbers in chat. I've removed it from our side.");
      break;
    case 1:
      say(me, "I'm locked out, the reset mail goes to my old address");
      say(agent, 'I can help. To verify you, what is your date of birth and the phone number on the account?');
      say(me, mk.dob(r), ' and ', mk.phone(r), r.chance(0.5) ? ' (or maybe the old one ' : '', r.chance(0.5) ? mk.phone(r) : '', ')');
      say(agent, 'Thanks, verified. Which email should we use now?');
      say(me, mk.email(r, p), ' please');
      break;
    case 2:
      say(me, 'need to change where my paycheck advance gets deposited');
      say(agent, 'Sure. Please type the new routing and account number, I will mask them after.');
      say(me, 'routing ', mk.aba(r));
      say(me, 'account ', mk.account(r), ' checking');
      break;
    default:
      say(me, 'I sent BTC to the wrong address?? it went to ', mk.wallet(r, 'btc'));
      say(agent, 'Let me check. What address did you intend to send it to?');
      say(me, mk.wallet(r, 'btc'), ' which is my ledger');
      say(agent, 'Transactions on-chain cannot be reversed, but I have opened a case for you.');
  }
  say(me, r.pick(['also', 'oh and', 'btw']), ' my phone changed, new one ', mk.phone(r));
  if (r.chance(0.5)) say(me, 'and billing address is ', mk.address(r, false));
  say(agent, `Updated. Reference for this chat: ${ticketId(r)}. Anything else?`);
  say(me, r.pick(['no thx 👍', 'thats all, thanks!', 'nope 🙏']));
}

export function whatsappExport({ rng: r, d }: Ctx): void {
  const a = person(r);
  const b = person(r);
  const day = `${r.int(1, 28)}/${r.int(1, 12)}/25`;
  let m = r.int(480, 1300);
  const line = (who: Person, ...parts: Part[]) => {
    m += r.int(1, 9);
    d.put(`${day}, ${Math.floor(m / 60) % 24}:${String(m % 60).padStart(2, '0')} - `, mk.name(who), ': ', ...parts, '\n');
  };
  d.l`${day}, 08:01 - Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them.`;
  line(a, 'can u send me the account details for the deposit');
  line(b, 'sure');
  // Typed on a phone: IBANs in one run, sometimes in lower case.
  const typed = mk.iban(r, r.pick(['GB', 'IE', 'ES', 'PT', 'NL']), false);
  line(b, r.chance(0.5) ? (r.chance(0.3) ? { ...typed, text: typed.text.toLowerCase() } : typed) : mk.account(r));
  if (r.chance(0.5)) line(b, 'routing is ', mk.aba(r));
  line(a, 'thx. whats ur new number again');
  line(b, mk.phone(r));
  line(a, '<Media omitted>');
  if (r.chance(0.5)) line(b, 'wifi pw is ', mk.pw(r), ' btw');
  if (r.chance(0.4)) line(a, 'also the netflix login is ', mk.email(r, a), ' / ', mk.pw(r), ' 😂');
  line(b, 'got it 👍');
}
