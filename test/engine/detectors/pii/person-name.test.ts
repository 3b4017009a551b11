import { describe, expect, it } from 'vitest';
import { mask, scan } from '../../../../src/engine/index.js';
import { FIRST_NAMES } from '../../../../src/engine/detectors/pii/first-names.js';
import { found } from '../../helpers.js';

const confidenceOf = (text: string) => scan(text).find((f) => f.type === 'PERSON_NAME')?.confidence ?? 0;

describe('PERSON_NAME', () => {
  it.each([
    // Titles: the name, not the title
    ['Dr. Alan Turing reviewed it', 'Alan Turing'],
    ['Mr. Garcia called back', 'Garcia'],
    ['Mrs Eleanor Rigby', 'Eleanor Rigby'],
    ['Prof. Chidi Anagonye', 'Chidi Anagonye'],
    ['MR. JOHN SMITH', 'JOHN SMITH'],
    // Labelled fields
    ['Name: Maria Lopez', 'Maria Lopez'],
    ['{"first_name": "Oluwaseun", "id": 4}', 'Oluwaseun'],
    ['lastName="Okafor"', 'Okafor'],
    ['Full Name: Nguyen Thi Lan', 'Nguyen Thi Lan'],
    ['Patient Name: JANE DOE', 'JANE DOE'],
    ['Cardholder name: Wei Zhang', 'Wei Zhang'],
    // Roles
    ['patient John Smith was seen today', 'John Smith'],
    ['Employee: Priya Raman', 'Priya Raman'],
    ['customer Ahmed Hassan called', 'Ahmed Hassan'],
    ['Patient: Okafor Chidubem', 'Okafor Chidubem'],
    // Salutations
    ['Dear Jane Smith,', 'Jane Smith'],
    ['Dear Okonkwo,', 'Okonkwo'],
    ['Hi Maria, thanks', 'Maria'],
    ['Hello Zephyrine!', 'Zephyrine'],
    // Signatures
    ['Regards,\nJohn Smith', 'John Smith'],
    ['Thanks,\n—Jane', 'Jane'],
    ['Best regards,\nOkonkwo Eze\nCEO', 'Okonkwo Eze'],
    ['Sincerely,\nAnna Kowalski, PhD', 'Anna Kowalski'],
    ['Thanks, Daniel!', 'Daniel'],
    // Introductions
    ['Hello, my name is Kwame Mensah.', 'Kwame Mensah'],
    ['Signed by Zbigniew Brzezinski', 'Zbigniew Brzezinski'],
    ["I'm Sarah from billing", 'Sarah'],
    ['prepared by Hiroshi Tanaka', 'Hiroshi Tanaka'],
    // Given name + surname
    ['I met Michael Johnson yesterday', 'Michael Johnson'],
    ['John F. Kennedy spoke', 'John F. Kennedy'],
    ['a sonata by Ludwig van Beethoven', 'Ludwig van Beethoven'],
    ['José Álvarez signed', 'José Álvarez'],
    ["Sean O'Brien's report", "Sean O'Brien"],
    ['Mary-Jane McDonald', 'Mary-Jane McDonald'],
    ['ask Łukasz Nowak', 'Łukasz Nowak'],
    ['Contact Ethan A. de Vries at the desk', 'Ethan A. de Vries'],
    ['The lab confirmed it for Mark Schmidt.', 'Mark Schmidt'],
    ['Contact Søren Hill today', 'Søren Hill'],
  ])('finds the name in %j', (text, value) => {
    expect(found(text, 'PERSON_NAME')).toEqual([value]);
  });

  it.each([
    ['a brand shaped like a doctor', 'Dr. Pepper is a drink and Dr Martens are boots'],
    ['a company of surnames', 'Johnson & Johnson and Morgan Stanley'],
    ['given names that are common words', 'May Contain Nuts. Grace Period ends. Chase Bank. Will Call.'],
    ['greetings to no one', 'Dear Customer, Hi Team, Hello World, Dear Sir or Madam, Hi All,'],
    ['roles followed by common words', 'Customer Service, Patient Portal, Employee Handbook, Client Success'],
    ['calendar words', 'Meeting on Monday March 3 and Friday December'],
    ['a city after "in"', 'Our office in Santiago Centro opened'],
    ['a university named after a person', 'George Washington University'],
    ['a thing named after a person', 'The Grace Hopper Celebration and the Nelson Mandela Foundation'],
    ['a YAML step name', '- name: Build Pipeline\n  name: Setup Node'],
    ['an unknown word after "I\'m"', "I'm Happy to help. This is Important."],
    ['all capitals without a cue', 'JOHN SMITH'],
    ['lower case', 'john smith'],
    ['a name glued to an identifier', '@John Smith and user.John Smith and John.Smith'],
    ['a lone given name', 'Michael said hi'],
    ['sentence-initial capitals', 'Please Review The Attached Report'],
    ['a button label', 'Mark Complete or Mark As Read'],
    ['a holiday and a monument', 'The Martin Luther King Jr. holiday. Washington Monument closed.'],
    ['a plain name column of products', 'name,price\nWidget Pro,9.99\nDeluxe Kit,19.99'],
  ])('ignores %s', (_name, text) => {
    expect(found(text, 'PERSON_NAME')).toEqual([]);
  });

  it('reads name columns of a CSV', () => {
    const csv = 'first_name,last_name,dob\nEmily,Chen,1992-11-03\nCarlos,Ruiz,1988-04-17';
    expect(found(csv, 'PERSON_NAME')).toEqual(['Emily', 'Chen', 'Carlos', 'Ruiz']);
    expect(found('id\tname\n1\tPriya Raman\n2\tAcme Corp', 'PERSON_NAME')).toEqual(['Priya Raman']);
  });

  it.each([
    ['From: Núria Adeyemi <nuria@mesaverde-health.org>', 'Núria Adeyemi'],
    ['On Mon, Sep 22, 2025 at 1:52 AM Dagný Perez Pereira <dagny_perez20@hotmail.com> wrote:', 'Dagný Perez Pereira'],
    ['To: Emily Brandt <e.brandt@corp.example>', 'Emily Brandt'],
    ['[14/2/23, 19:14] Begoña Zhang: mon mail perso', 'Begoña Zhang'],
    ['14/02/2023, 19:14 - Eoghan Walsh: on my way', 'Eoghan Walsh'],
    ['Thanks,\n>> Núria Adeyemi\n', 'Núria Adeyemi'],
    ["2.  PATIENT'S NAME ................... Begoña Iyer", 'Begoña Iyer'],
    ['31. SIGNATURE OF PHYSICIAN ........... Dagný Lopez', 'Dagný Lopez'],
    ['Agent: Hannah Nguyen · Visitor: Çağla Sanchez', 'Hannah Nguyen', 'Çağla Sanchez'],
    ['Reporter: Daniel Iyer    Assignee: Gaëlle St. John', 'Daniel Iyer', 'Gaëlle St. John'],
    ['Prescriber: Ji-ho de Vries, DDS', 'Ji-ho de Vries'],
    ['Applicant ........ Seo-yeon Park', 'Seo-yeon Park'],
    ['Traveler: Ji-ho Hoffmann', 'Ji-ho Hoffmann'],
  ])('finds the name in %j', (text, ...names) => {
    expect(found(text, 'PERSON_NAME')).toEqual(names);
  });

  it.each([
    ['a service sender', 'From: Acme Billing <billing@acme.example>'],
    ['a display name that matches nothing', 'From: Quarterly Report <reports@corp.example>'],
    ['a chat line without a time stamp', 'Begoña Zhang: hi'],
    ['a role word in prose', 'the agent Smith said the doctor Who episode'],
    ['a signature line that is a team', 'Thanks,\n>> Platform Team\n'],
  ])('ignores %s', (_name, text) => {
    expect(found(text, 'PERSON_NAME')).toEqual([]);
  });

  it('masks the whole of names in headers, chats and forms', () => {
    const text = "From: Dagný Perez <dagny.perez@helios-energy.de>\n[1/2/23, 9:14] Ji-ho Hoffmann: ok\nPATIENT'S NAME .... Gaëlle St. John";
    const masked = mask(text, scan(text).filter((f) => f.type === 'PERSON_NAME'), 'label', 'test-key');
    expect(masked).toBe("From: [PERSON_NAME] <dagny.perez@helios-energy.de>\n[1/2/23, 9:14] [PERSON_NAME]: ok\nPATIENT'S NAME .... [PERSON_NAME]");
  });

  it('reads columns that name a person by role, in tables and SQL', () => {
    expect(found('id,cardholder,last4\n7,Oyelaran Bakare,4242', 'PERSON_NAME')).toEqual(['Oyelaran Bakare']);
    const sql = "INSERT INTO payouts (id, beneficiary, amount) VALUES (1, 'Wren Castellanos', 20), (2, 'ACH', 5);";
    expect(found(sql, 'PERSON_NAME')).toEqual(['Wren Castellanos']);
    expect(found('id,payee,amount\n1,ACME,20\n2,the vendor,3', 'PERSON_NAME')).toEqual([]);
    expect(found('Account Name\tPrimary Contact\tEmail\nÁrbol Capital\tBegoña Patel\tbp@x.io', 'PERSON_NAME')).toEqual([
      'Begoña Patel',
    ]);
  });

  it('never swallows an email address', () => {
    expect(scan('Name: John.Smith@example.com').map((f) => f.type)).toEqual(['EMAIL']);
    expect(scan('Contact Priya Patel <priya.patel@example.org>').map((f) => [f.type, f.value])).toEqual([
      ['PERSON_NAME', 'Priya Patel'],
      ['EMAIL', 'priya.patel@example.org'],
    ]);
  });

  it('ranks cued names over bare pairs', () => {
    expect(confidenceOf('Dr. Michael Johnson')).toBeGreaterThan(confidenceOf('met Michael Johnson'));
    expect(confidenceOf('met Michael Johnson')).toBeGreaterThanOrEqual(0.5);
  });

  it('drops names next to a negative word', () => {
    expect(found('Example: Michael Johnson', 'PERSON_NAME')).toEqual([]);
  });

  it('ships a few thousand lower-case given names', () => {
    expect(FIRST_NAMES.size).toBeGreaterThan(3000);
    for (const name of ['john', 'maria', 'wei', 'priya', 'oluwaseun', 'hiroshi', 'fatima', 'jose']) expect(FIRST_NAMES.has(name)).toBe(true);
    for (const name of FIRST_NAMES) expect(name).toMatch(/^[a-z]+(?:-[a-z]+)?$/);
  });

  const MIB = 1 << 20;
  const fill = (unit: string) => unit.repeat(Math.ceil(MIB / unit.length)).slice(0, MIB);
  it.each([
    ['name pairs', fill('John Smith ')],
    ['capitalised words', fill('Aaaa ')],
    ['titles', fill('Dr. Mr. ')],
    ['labels', fill('Name: ')],
    ['salutations', fill('Dear Hi ')],
    ['closings', fill('Regards,\n')],
    ['initials', fill('John A. B. C. ')],
    ['particles', fill('John van de ')],
    ['long capitalised words', fill(`Michael ${'A'.repeat(300)}a `)],
    ['emails and names', fill('John Smith john@x.com ')],
    ['one huge header line', fill('name,')],
    ['a huge name table', `first_name,last_name\n${fill('Ann,Lee\n')}`],
  ])('scans 1 MiB of %s', (_name, text) => {
    expect(() => scan(text)).not.toThrow();
  }, 10_000);
});

describe('PERSON_NAME: forms, statements and letters written elsewhere', () => {
  it.each([
    ["PATIENT'S NAME (Last, First, MI): NOVAK, KWAME\n", 'NOVAK, KWAME'],
    ['Patient ........... Haddad, Aaliyah\n  DOB ....... 1959-07-08', 'Haddad, Aaliyah'],
    ['Legal name*: Keisha Henderson    Preferred', 'Keisha Henderson'],
    ['| Nombre y apellidos | Nuria Romero Díaz |', 'Nuria Romero Díaz'],
    ['Nome completo: Tiago Sousa\n', 'Tiago Sousa'],
    ['Namn: Maja Nilsson\n', 'Maja Nilsson'],
    ['Underskrift: Maja Nilsson\n', 'Maja Nilsson'],
    ['Imię i nazwisko: Tomasz Zieliński\n', 'Tomasz Zieliński'],
    ['Nom : Dupont, Prénom : Marie\n', 'Marie'],
    ['Cognome: Rossi\n', 'Rossi'],
    ['Voornaam: Sanne\n', 'Sanne'],
    ['Signature: ____Tomás Whitaker____\n', 'Tomás Whitaker'],
    ['"name_on_card"=>"LUIS PATEL"}', 'LUIS PATEL'],
    ['Account holder: Grace Brooks\nIBAN', 'Grace Brooks'],
    ['Name: Keisha F. Haddad-Lindqvist    Relationship: Spouse', 'Keisha F. Haddad-Lindqvist'],
    ['Name: Rosa Delgado-McAllister\n', 'Rosa Delgado-McAllister'],
    ['Reviewed by: Grace Dubois, HR Generalist', 'Grace Dubois'],
    ['By: /s/ Grace Haddad\n', 'Grace Haddad'],
    ['Acknowledged by Keisha J. Novak on January 24, 2025', 'Keisha J. Novak'],
    ['Ordering provider: Grace I. Reinholt, MD', 'Grace I. Reinholt'],
    ['Insured driver: Tyler Suárez, DOB 1952-02-21', 'Tyler Suárez'],
    ['Dependents: Keisha U. Schwartz (spouse)', 'Keisha U. Schwartz'],
    ['("Company"), and Grace Blackwood, an individual residing at 7744 Elm St', 'Grace Blackwood'],
    ['08/18   ZELLE TO ROSA OKAFOR CONF# SEEVJJ6QP   -326.51', 'ROSA OKAFOR'],
    ['SEPA credit transfer from Tyler Larsen IBAN EE795447467893556621', 'Tyler Larsen'],
    ['Com os melhores cumprimentos,\nTiago Martins\n', 'Tiago Martins'],
    ['Mit freundlichen Grüßen\nSabine Schneider\n', 'Sabine Schneider'],
    ['Met vriendelijke groet,\nJulia de Vries\n', 'Julia de Vries'],
    ['Z poważaniem,\nAgnieszka Kowalski\n', 'Agnieszka Kowalski'],
    ['氏名: 鈴木 太郎\n', '鈴木 太郎'],
    ['| 성명 | 최하은 |', '최하은'],
    ['감사합니다.\n조도윤\n', '조도윤'],
  ])('finds the name in %j', (text, value) => {
    expect(found(text, 'PERSON_NAME')).toContain(value);
  });

  it('reads the addressee line above a street address, capitals and apostrophes included', () => {
    const text = "Statement period: 06/01/2025 - 06/30/2025\nFATIMA O'CONNELL\n4892 Willow Creek Dr\nSacramento, CA 95831\n";
    expect(found(text, 'PERSON_NAME')).toEqual(["FATIMA O'CONNELL"]);
    const shipping = 'Shipping to:\n  Grace Reinholt\n  6116 Oak Street\nSacramento, CA 95831\n';
    expect(found(shipping, 'PERSON_NAME')).toEqual(['Grace Reinholt']);
  });

  it.each([
    ['a company above an address', 'ACME HOLDINGS INC\n2192 N Lincoln Ave\nRichmond, VA 23258\n'],
    ['a bank named after a bank-name label', 'Bank name:        Chase\nABA / routing: 021000021'],
    ['a practice after a provider label', 'BILLING PROVIDER: Cedar Family Medicine  33a. 1876237409'],
    ['a street named after a person', 'Adresse: 7 avenue Jean Jaurès, 75011 Paris'],
    ['a building named like a person', 'Flat 302, Sai Residency, Koramangala'],
    ['a card purchase, not a transfer', '09/04   CARD PURCHASE WHOLE FOODS MARKET   -12.72'],
    ['a given name after a company-name label', 'Company name: Jordan'],
    ['a single underscore glued to the name (an identifier)', 'signature: _John_Smith'],
    ['a CJK label followed by prose', '氏名を入力してください。'],
  ])('ignores %s', (_name, text) => {
    expect(found(text, 'PERSON_NAME')).toEqual([]);
  });

  it('still reads a person after "account name" and "user name" labels', () => {
    expect(found('Account name: Maria Lopez\n', 'PERSON_NAME')).toEqual(['Maria Lopez']);
    expect(found('User name: Maria Lopez\n', 'PERSON_NAME')).toEqual(['Maria Lopez']);
  });

  it('still reads surnames that are also place words', () => {
    expect(found('lab confirmed gestational diabetes for Mei Park.', 'PERSON_NAME')).toEqual(['Mei Park']);
    expect(found('Robert Hall is scheduled for Monday', 'PERSON_NAME')).toEqual(['Robert Hall']);
  });

  it('masks inverted and underscored names with no leak', () => {
    const text = "PATIENT'S NAME (Last, First, MI): NOVAK, KWAME\nSignature: ____Tomás Whitaker____\n氏名: 鈴木 太郎\n";
    const masked = mask(text, scan(text), 'label', 'test-key');
    expect(masked).toBe("PATIENT'S NAME (Last, First, MI): [PERSON_NAME]\nSignature: ____[PERSON_NAME]____\n氏名: [PERSON_NAME]\n");
  });
});

describe('PERSON_NAME beside an email address that spells it', () => {
  it.each([
    ['a pandas row', '                 name                          email\n2  Keisha Thibodeaux-Mensah    keishathibodeauxmensah62@hotmail.com', ['Keisha Thibodeaux-Mensah']],
    ['a row with a middle initial', '1  Grace Q. Dubois    grace90@yahoo.com    1 (444) 412-8921', ['Grace Q. Dubois']],
    ['a name after the address', 'Account: tylerreinholt30@icloud.com (verified: Tyler Reinholt, DOB Dec 19 1990)', ['Tyler Reinholt']],
  ])('finds %s', (_name, text, names) => {
    expect(found(text, 'PERSON_NAME')).toEqual(names);
  });

  it.each([
    ['a team the address does not spell', 'Contact Support Team at help@acme.com'],
    ['a name on another line', 'Keisha Patel\n\nkeisha89@fastmail.com'],
    ['a name far along the line', `Keisha Patel ${'x'.repeat(60)} keisha89@fastmail.com`],
  ])('takes no %s', (_name, text) => {
    expect(found(text, 'PERSON_NAME')).toEqual([]);
  });
});

describe('PERSON_NAME: a given name on its own, where the context makes it a person', () => {
  it.each([
    // Transcript speakers without a timestamp: two or more lines spoken by known given names
    ['Tomasz: hello? my card was declined\nIngrid: Hi! Let me check.\nTomasz: thanks', ['Tomasz', 'Ingrid', 'Tomasz']],
    ['Visitor: hi\nOlumide: Hello, how can I help?\nVisitor: refund\nOlumide: done', ['Olumide', 'Olumide']],
    ['Grace: morning all\nHenrik: morning\nGrace: standup in 5', ['Grace', 'Henrik', 'Grace']],
    // A speaker not on the list counts when the text names them elsewhere
    [
      'Visitor: Xochitl Ramos\n\nXochitl: hi\nMarisol: how can I help?\nXochitl: my order\nMarisol: done',
      ['Xochitl Ramos', 'Xochitl', 'Marisol', 'Xochitl', 'Marisol'],
    ],
    // Introduced by the chat or by the writer
    ["You're chatting with Ingrid. How can I help?", ['Ingrid']],
    ['You are now connected to Jordan.', ['Jordan']],
    ['Hi all, Henrik here. Quick one about the invoice', ['Henrik']],
    // An addressee opening the message, without a greeting word
    ['Subject: transfer\n\nMarisol, pls send $2,000 to the account below.', ['Marisol']],
    ['Henrik,\n\nThe contract is attached.', ['Henrik']],
    // Sign-offs
    ['Gift note: "Happy birthday! Love, Ingrid"', ['Ingrid']],
    ['See the attached.\n\nCheers,\nTomasz', ['Tomasz']],
    ['Best,\nHenrik\n', ['Henrik']],
    ['Thanks again,\nOlumide\n', ['Olumide']],
    ['> Please reset it when you first log in.\n>\n> Marisol\n', ['Marisol']],
    ['>> Let me know if you need anything else!\n>> Ingrid\n\nOn Tue, …', ['Ingrid']],
    // A given name alone in a column that names a person
    ['ticket,subject,agent\n101,"Refund",Henrik\n102,"Login",Grace', ['Henrik', 'Grace']],
    ['id\tcreated_by\tstatus\n7\tMarisol\topen', ['Marisol']],
  ])('finds the name in %j', (text, names) => {
    expect(found(text, 'PERSON_NAME')).toEqual(names);
  });

  it.each([
    ['field lines', 'Note: the build failed\nStatus: ok\nSummary: none'],
    ['a lone ambiguous speaker line', 'Will: to be read\nNote: later'],
    ['ambiguous given names as labels', 'Will: to be read\nMay: not applicable'],
    ['one named line', 'Henrik: hello\nStatus: ok'],
    ['one speaker repeating a label', 'Mark: 85\nMark: 90'],
    ['a place after a paragraph start', 'Victoria, BC is lovely in May.'],
    ['an apposition', 'Jasper, the reporting tool, is slow.'],
    ['a connection to a place', 'the VPN is connected to Jordan today'],
    ['headings alone on their lines', 'Results\n\nOverview\n\nDetails follow.'],
    ['a name in a list, not a signature', 'Attendees:\nHenrik\nMarisol\n'],
    ['a status column holding a word', 'id,status,priority\n1,Grace,high\n2,Open,low'],
    ['a thing in a role column', 'id,owner\n1,Platform\n2,Acme Corp'],
    ['a lower-case speaker', 'henrik: hi\nmarisol: hello'],
    ['a card payment naming a shop', '01.09.   Card payment Visa ending in 4060 Albert Heijn   -101.09'],
  ])('ignores %s', (_name, text) => {
    expect(found(text, 'PERSON_NAME')).toEqual([]);
  });

  it('masks transcript speakers, sign-offs and table cells with no leak', () => {
    const text = 'Tomasz: my card\nIngrid: Hi Tomasz!\n\nCheers,\nHenrik\n\nid,agent\n1,Marisol\n';
    const masked = mask(text, scan(text), 'label', 'test-key');
    expect(masked).toBe(
      '[PERSON_NAME]: my card\n[PERSON_NAME]: Hi [PERSON_NAME]!\n\nCheers,\n[PERSON_NAME]\n\nid,agent\n1,[PERSON_NAME]\n',
    );
    for (const name of ['Tomasz', 'Ingrid', 'Henrik', 'Marisol']) expect(masked).not.toContain(name);
  });
});
