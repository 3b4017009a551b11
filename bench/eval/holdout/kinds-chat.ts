// Chat: Slack threads (lower-case, typos, emoji), WhatsApp-style exports mixing languages, and
// web-chat support transcripts.
import type { Rng } from '../corpus/rng.js';
import type { Ctx, Part } from './doc.js';
import { mk } from './make.js';
import { address, dob, foreignAddress, hhmm, jiraKey, money, person, phone, sha } from './values.js';

const HANDLES = ['maria.g', 'dev-kwame', 'tpham', 'jules', 'nk', 'sasha_r', 'b.ibanez', 'hk', 'lina', 'oncall-2', 'rafa', 'mo', 'jess.t', 'priya_k', 'dmitri'];
const ACKS = ['ack', 'on it', 'ty!', '👍', '🙏 thx', 'looking', 'kk', 'done ✅', 'lol ok', 'sry was in a meeting', '+1', 'ugh again?'];

type Say = (who: string, ...parts: Part[]) => void;

interface Beat {
  (rng: Rng, say: Say, h: () => string): void;
}

const BEATS: Beat[] = [
  (rng, say, h) => {
    const p = person(rng);
    say(h(), rng.pick([`customer `, `cx `, `so `]), p.name, rng.pick([` says she got charged twice on `, ` was double charged, card `, `'s card `]), mk.card(rng), rng.pick([` can someone refund`, ` — refund pls`, ` (exp ${rng.int(1, 12)}/${rng.int(26, 31)})`]));
    say(h(), rng.pick(ACKS));
  },
  (rng, say, h) => {
    const c = mk.card(rng);
    say(h(), c, rng.pick([` <- thats the card on the acct, stripe shows it declined`, ` is the one she used, cvv ${rng.digits(3)}`, ` ← card # from the chargeback letter`]));
  },
  (rng, say, h) => {
    const p = person(rng);
    say(h(), rng.pick([`need to verify `, `can u double check `, `kyc flagged `]), p.name, rng.pick([`, ssn she gave is `, ` - ssn on file `, `'s social: `]), mk.ssn(rng), rng.pick([` but irs says no match`, ``, ` (pls dont paste these here lol)`]));
    say(h(), rng.pick(['deleting that msg in 5', 'moved to the ticket', 'ack']));
  },
  (rng, say, h) => {
    say(h(), rng.pick([`pw for the staging admin is `, `temp passwrod: `, `login is admin / `, `the wifi pass is `, `new password for the shared inbox → `, `pwd: `]), mk.pw(rng), rng.pick([` — rotate after first login`, ``, ` dont share pls`, ` (case sensitive)`]));
  },
  (rng, say, h) => {
    say(h(), rng.pick([`oops pasted my token `, `ignore this: `, `my gh pat `]), mk.github(rng), rng.pick([` — revoked it already`, ` 🤦`, ` (revoking)`]));
    say(h(), rng.pick(['happens to all of us', 'revoke + rotate pls', 'gitguardian will yell anyway']));
  },
  (rng, say, h) => {
    say(h(), rng.pick([`cant connect w/ `, `prod worker logs: could not connect to `, `is `]), mk.conn(rng), rng.pick([` — timeout`, ` still right?`, ` ... auth failed?`]));
  },
  (rng, say, h) => {
    say(h(), `AWS_ACCESS_KEY_ID=`, mk.awsId(rng), rng.pick([` and the secret is `, `, secret access key `, ` / aws secret `]), mk.awsSecret(rng));
    say(h(), rng.pick(['dont paste keys in slack!!', 'moving to vault', 'ok rotated']));
  },
  (rng, say, h) => {
    say(h(), rng.pick([`getting hammered by `, `lots of 401s from `, `blocked `, `scraper at `]), mk.ip(rng), rng.pick([` — blocking it in the waf`, `, ~${rng.int(2, 90)}k req/min`, ` in cloudflare`]));
  },
  (rng, say, h) => {
    const p = person(rng);
    say(h(), rng.pick([`callback # for `, `pls call `, `vm from `]), p.name, rng.pick([`: `, ` at `, ` - `]), phone(rng), rng.pick([``, ` after 3pm`, ` (mobile)`]));
  },
  (rng, say, h) => {
    const p = person(rng);
    say(h(), rng.pick([`her email is `, `cc `, `invite `]), p.email(), rng.pick([` to the call`, ``, ` pls`]));
  },
  (rng, say, h) => {
    const p = person(rng);
    if (rng.chance(0.5)) say(h(), rng.pick([`ship the replacement to `, `address on the label was wrong, should be `]), address(rng));
    else say(h(), `new addr for `, p.name, rng.pick([`: `, ` → `]), address(rng));
    say(h(), rng.pick([`confirmed w/ customer`, `👍`, `updated in shopify`]));
  },
  (rng, say, h) => {
    const p = person(rng);
    say(h(), rng.pick([`dob doesnt match for `, `bday on file for `, `d.o.b. mismatch - `]), p.name, rng.pick([`, system has `, `: `, ` — we have `]), dob(rng, 'us'), rng.pick([``, ` but her id says otherwise`]));
  },
  (rng, say, h) => {
    say(h(), rng.pick([`new alerts hook: `, `pls update alertmanager w/ `, `webhook url → `]), mk.hook(rng));
  },
  (rng, say, h) => {
    say(h(), rng.pick([`who committed `, `found `, `the notebook has `]), mk.openai(rng), rng.pick([` to the repo??`, ` in a public gist 😬`, ` hardcoded, revoking`]));
  },
  (rng, say, h) => {
    say(h(), rng.pick([`wire bounced — `, `payroll rejected: `, `ach return R03 for `]), `acct `, mk.acct(rng), rng.pick([` routing `, `, rtn `, ` / aba `]), mk.aba(rng));
  },
  (rng, say, h) => {
    say(h(), rng.pick([`here's the bearer i was using `, `token from devtools: `, `jwt that fails validation: `]), mk.jwt(rng));
    say(h(), rng.pick(['exp is in the past', 'kid doesnt match jwks', 'works for me']));
  },
  (rng, say, h) => {
    say(h(), rng.pick([`stripe key in the lambda env is `, `live key: `, `who put `]), mk.stripe(rng), rng.pick([``, ` in the README`, ` — rotating`]));
  },
  (rng, say, h) => {
    say(h(), rng.pick([`bot token `, `slack bot creds: `, `SLACK_BOT_TOKEN=`]), mk.slack(rng), rng.pick([``, ` (old workspace)`]));
  },
  (rng, say, h) => {
    say(h(), rng.pick([`send the refund in btc to `, `customer wallet: `, `payout addr `]), mk.wallet(rng), rng.pick([``, ` ?? we dont do crypto refunds`, ` per the ticket`]));
  },
  (rng, say, h) => {
    say(h(), rng.pick([`here's the deploy key, dont lose it`, `private key for the sftp box:`, `pasting the old signing key so u can compare`]), '\n```\n', mk.pem(rng), '\n```');
    say(h(), rng.pick(['thats a private key in a public channel...', 'pls delete + rotate', 'ok got it, deleting']));
  },
  (rng, say, h) => say(h(), rng.pick([`deploy ${sha(rng, 7)} is out`, `see ${jiraKey(rng)}`, `p99 back to ${rng.int(80, 400)}ms`, `rolled back to v${rng.int(1, 4)}.${rng.int(0, 20)}.${rng.int(0, 9)}`, `invoice total ${money(rng)}`])),
];

export function slackThread({ rng, d }: Ctx): void {
  const ch = rng.pick(['#payments-oncall', '#support-escalations', '#eng-backend', '#it-helpdesk', '#data-platform', '#billing-ops', '#sec-incidents']);
  const style = rng.int(0, 2);
  const handles = rng.shuffle(HANDLES).slice(0, 4);
  const h = () => rng.pick(handles);
  const stamp = () => `${rng.int(8, 11)}:${String(rng.int(0, 59)).padStart(2, '0')} ${rng.pick(['AM', 'PM'])}`;
  const say: Say = (who, ...parts) => {
    if (style === 0) d.put(`${who}  ${stamp()}\n`, ...parts, '\n\n');
    else if (style === 1) d.put(`[${hhmm(rng)}] <${who}> `, ...parts, '\n');
    else d.put(`**@${who}**: `, ...parts, '\n');
  };
  d.put(style === 2 ? `> exported from ${ch}\n\n` : `${ch} · thread · ${rng.int(3, 19)} replies\n\n`);
  const beats = rng.shuffle(BEATS).slice(0, rng.int(2, 4));
  for (const b of beats) b(rng, say, h);
  if (rng.chance(0.5)) say(h(), rng.pick(ACKS));
}

/** WhatsApp-style export: each line starts with the sender's display name, which is a person's name. */
export function multilingualChat({ rng, d }: Ctx): void {
  const a = person(rng);
  const b = person(rng);
  const day = `${rng.int(1, 28)}/${rng.int(1, 12)}/${rng.int(23, 25)}`;
  let t = rng.int(8, 20) * 60;
  const line = (w: typeof a, ...parts: Part[]) => {
    t += rng.int(1, 30);
    d.put(`[${day}, ${Math.floor(t / 60) % 24}:${String(t % 60).padStart(2, '0')}] `, w.name, ': ', ...parts, '\n');
  };
  const lang = rng.pick(['es', 'fr', 'de', 'pt'] as const);
  const menu: ((x: typeof a) => void)[] = {
    es: [
      (x: typeof a) => line(x, rng.pick(['hola!! ', 'Buenas, ', 'oye ']), rng.pick([`te paso mi IBAN: `, `mi cuenta para la transferencia es `, `el IBAN de la empresa → `]), mk.iban(rng), rng.pick([' 🙏', '', ' gracias'])),
      (x: typeof a) => line(x, `y el BIC/SWIFT es `, mk.bic(rng)),
      (x: typeof a) => line(x, rng.pick([`la contraseña del wifi es `, `contraseña nueva del portal: `, `pass del router: `]), mk.pw(rng)),
      (x: typeof a) => line(x, rng.pick([`fecha de nacimiento `, `nací el `, `mi fecha de nac. es `]), dob(rng, 'eu'), rng.pick(['', ' (para el seguro)'])),
      (x: typeof a) => line(x, `mi número de pasaporte: `, mk.passport(rng), ` — caduca en ${rng.int(2027, 2034)}`),
      (x: typeof a) => line(x, rng.pick([`mándalo a mi dirección de allá: `, `la dirección en EEUU es `]), address(rng), rng.pick(['', ', gracias!'])),
      (x: typeof a) => line(x, `o a casa de mis padres, ${foreignAddress(rng)} 😅`),
      (x: typeof a) => line(x, rng.pick([`llámame al `, `mi cel `, `whatsapp: `]), phone(rng)),
      (x: typeof a) => line(x, `correo: `, x.email()),
      (x: typeof a) => line(x, rng.pick([`mi wallet de USDT (ERC-20): `, `mándame los btc a `]), mk.wallet(rng), rng.pick(['', ' 😅']))
    ],
    fr: [
      (x: typeof a) => line(x, rng.pick([`coucou, voici mon RIB / IBAN : `, `mon IBAN pour le remboursement : `, `IBAN: `]), mk.iban(rng)),
      (x: typeof a) => line(x, `code BIC : `, mk.bic(rng), rng.pick(['', ' (banque en ligne)'])),
      (x: typeof a) => line(x, rng.pick([`le mot de passe du compte partagé c'est `, `mdp : `, `mot de passe provisoire → `]), mk.pw(rng)),
      (x: typeof a) => line(x, rng.pick([`je suis née le `, `date de naissance : `, `né le `]), dob(rng, 'eu')),
      (x: typeof a) => line(x, `n° de passeport `, mk.passport(rng), rng.pick([', délivré à Lyon', ''])),
      (x: typeof a) => line(x, `mon adresse aux US c'est `, address(rng), ` (je déménage en ${rng.pick(['mars', 'juin', 'septembre'])})`),
      (x: typeof a) => line(x, `sinon ${foreignAddress(rng)}`),
      (x: typeof a) => line(x, rng.pick([`appelle-moi au `, `mon portable : `]), phone(rng)),
      (x: typeof a) => line(x, `mon mail perso: `, x.email())
    ],
    de: [
      (x: typeof a) => line(x, rng.pick([`Hier meine Bankverbindung, IBAN `, `IBAN für die Kaution: `]), mk.iban(rng)),
      (x: typeof a) => line(x, `BIC `, mk.bic(rng)),
      (x: typeof a) => line(x, rng.pick([`Passwort fürs WLAN: `, `das neue Kennwort ist `, `pw vom Nextcloud: `]), mk.pw(rng)),
      (x: typeof a) => line(x, rng.pick([`Geburtsdatum: `, `geb. am `, `ich bin am `]), dob(rng, 'de'), rng.pick(['', ' geboren'])),
      (x: typeof a) => line(x, `Reisepassnummer `, mk.passport(rng)),
      (x: typeof a) => line(x, `Lieferadresse in den USA: `, address(rng)),
      (x: typeof a) => line(x, `privat: ${foreignAddress(rng)}`),
      (x: typeof a) => line(x, `Handy: `, phone(rng)),
      (x: typeof a) => line(x, `Mail: `, x.email())
    ],
    pt: [
      (x: typeof a) => line(x, rng.pick([`segue meu IBAN: `, `o IBAN da conta é `]), mk.iban(rng)),
      (x: typeof a) => line(x, `SWIFT: `, mk.bic(rng)),
      (x: typeof a) => line(x, rng.pick([`a senha do wifi é `, `senha temporária: `]), mk.pw(rng)),
      (x: typeof a) => line(x, rng.pick([`data de nascimento `, `nasci em `]), dob(rng, 'eu')),
      (x: typeof a) => line(x, `passaporte nº `, mk.passport(rng)),
      (x: typeof a) => line(x, `endereço nos EUA: `, address(rng)),
      (x: typeof a) => line(x, `em Lisboa: ${foreignAddress(rng)}`),
      (x: typeof a) => line(x, `meu celular `, phone(rng)),
      (x: typeof a) => line(x, `e-mail: `, x.email()),
      (x: typeof a) => line(x, `minha carteira (${rng.pick(['BTC', 'ETH'])}): `, mk.wallet(rng))
    ],
  }[lang];
  const fill: Record<string, string[]> = {
    es: ['vale, ya lo tengo', 'ok perfecto 👌', 'jajaja', 'dale', 'te confirmo mañana'],
    fr: ['ok merci !', 'parfait 👍', 'mdr', 'je regarde ce soir', 'ça marche'],
    de: ['danke dir!', 'alles klar 👍', 'passt', 'mach ich morgen', 'super'],
    pt: ['valeu!', 'beleza 👍', 'kkkk', 'amanhã confirmo', 'show'],
  };
  const picks = rng.shuffle(menu).slice(0, rng.int(2, 4));
  for (const f of picks) {
    f(rng.chance(0.6) ? a : b);
    if (rng.chance(0.5)) line(rng.chance(0.5) ? a : b, rng.pick(fill[lang] ?? ['ok']));
  }
  if (rng.chance(0.4)) line(b, rng.pick(['ok, sending the invoice tomorrow', 'perfect, thx', 'got it 👍']));
}

/** A support chat transcript: visitor and a named agent; verification questions. */
export function supportChat({ rng, d }: Ctx): void {
  const agent = person(rng);
  const cust = person(rng);
  const t0 = `${rng.int(1, 12)}:${String(rng.int(0, 59)).padStart(2, '0')}`;
  d.l`Chat transcript — ${rng.pick(['Acme Wireless', 'Kestrel Bank', 'Bluejay Insurance', 'Lumen Freight', 'Mesa Verde Health'])} support`;
  d.l`Started ${t0} · Agent: ${agent.name} · Visitor: ${cust.name}`;
  d.l``;
  const A = (...p: Part[]) => d.put(agent.first, ': ', ...p, '\n');
  const C = (...p: Part[]) => d.put(rng.chance(0.5) ? 'Visitor' : cust.first, ': ', ...p, '\n');
  C(rng.pick(['hi i need help with my account', 'hello? my payment failed', 'Hi, I was locked out', 'hey my claim got denied']));
  A('Hi ', cust.first, `! Happy to help. For security can you confirm your ${rng.pick(['date of birth', 'DOB', 'birth date'])} and the email on the account?`);
  C(dob(rng, 'us'), rng.pick([' and ', ', ', ' / ']), cust.email());
  const topics: (() => void)[] = [
    () => {
      C(rng.pick(['the card is ', 'i tried ', 'it keeps declining ']), mk.card(rng), rng.pick(['', ' exp 04/29', ', cvc 311']));
      A('Thanks. Please never share the full card number in chat — I have masked it on our side.');
    },
    () => {
      A(rng.pick(['Can you give me your member ID from the front of your card?', 'What is the subscriber ID on your insurance card?']));
      C(rng.pick(['its ', 'member id ', '']), mk.member(rng));
    },
    () => {
      A('What phone number should we call you back on?');
      C(phone(rng), rng.pick(['', ' (cell)', ' after 5 please']));
    },
    () => {
      A('And the mailing address for the new card?');
      C(address(rng));
    },
    () => {
      C(rng.pick(['last 4 of my social is ', 'ssn ']), rng.chance(0.5) ? mk.ssn(rng) : String(rng.int(1000, 9999)), ' if that helps');
      A('Thank you, that matches.');
    },
    () => {
      C(rng.pick(['my direct deposit acct is ', 'checking account number ']), mk.acct(rng), rng.pick([' and routing ', ', routing # ']), mk.aba(rng));
      A('Got it, I have updated your direct deposit.');
    },
    () => {
      C(rng.pick(['can you send my withdrawal to ', 'my wallet address is ', 'i changed the payout wallet to ']), mk.wallet(rng), rng.pick(['', ' — still pending?', ' (its a ledger)']));
      A('Thanks, withdrawals to a new address are held for 24 hours for your security.');
    },
    () => {
      C(rng.pick(['i reset it to ', 'the temp password you sent, ', 'tried password ']), mk.pw(rng), rng.pick([" doesn't work", ' — still locked']));
      A('I have unlocked the account; please choose a new password at next sign-in.');
    },
  ];
  for (const f of rng.shuffle(topics).slice(0, rng.int(1, 3))) f();
  A(rng.pick(['Is there anything else I can help with?', 'Anything else today?']));
  C(rng.pick(['no thats it thanks', 'nope, ty!', 'all good 🙂']));
  d.l`— Chat ended · rating ${rng.int(1, 5)}/5 · ref ${rng.digits(8)}`;
}
