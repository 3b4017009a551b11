// Countries whose forms the corpus writes in their own language: names, telephone numbering plans
// (national and international forms), date order, postal addresses (not US ones, so never labelled),
// IBAN country, passport numbering, and the words their forms use.
import { UPPER, type Rng } from '../corpus/rng.js';
import { dayFirst, isoDate, type Ymd } from './values-people.js';

export interface Locale {
  code: string;
  given: readonly string[];
  family: readonly string[];
  /** Names written family name first (Japanese, Korean) when the form is in the local script. */
  familyFirst?: boolean;
  /** Romanised mailbox names, for scripts an address cannot be written in. */
  romaji?: readonly string[];
  mail: readonly string[];
  phone: (r: Rng) => string;
  dob: (r: Rng, x: Ymd) => string;
  /** A street line, postcode and town; not a US address. */
  address: (r: Rng) => string;
  iban?: string;
  passport: (r: Rng) => string;
  words: {
    form: string;
    name: string;
    dob: string;
    phone: string;
    email: string;
    address: string;
    iban?: string;
    bic?: string;
    passport: string;
    sign: string;
    intro: string;
  };
}

const d = (r: Rng, n: number) => r.digits(n);
const nz = (r: Rng) => String(r.int(1, 9));
const L = (r: Rng, n: number) => r.chars(UPPER, n);

export const LOCALES: readonly Locale[] = [
  {
    code: 'de',
    given: ['Lukas', 'Anna', 'Jonas', 'Lea', 'Felix', 'Katharina', 'Maximilian', 'Sophie', 'Jürgen', 'Sabine'],
    family: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Becker', 'Hoffmann', 'Schäfer', 'Krüger', 'Zimmermann'],
    mail: ['web.de', 'gmx.de', 't-online.de', 'gmx.net', 'posteo.de', 'mailbox.org', 'gärtnerei-köhler.de'],
    phone: (r) => r.pick([`+49 30 ${d(r, 8)}`, `030 ${d(r, 4)} ${d(r, 4)}`, `0151 ${d(r, 8)}`, `+49 (0)171 ${d(r, 7)}`, `0176-${d(r, 8)}`, `+49 89 ${d(r, 3)} ${d(r, 4)}`]),
    dob: (_r, x) => dayFirst(x, '.'),
    address: (r) => `${r.pick(['Hauptstraße', 'Lindenallee', 'Goethestr.', 'Am Bahnhof', 'Schillerplatz'])} ${r.int(1, 120)}, ${nz(r)}${d(r, 4)} ${r.pick(['Berlin', 'München', 'Köln', 'Leipzig', 'Hamburg'])}`,
    iban: 'DE',
    passport: (r) => r.pick(['C', 'F', 'G', 'H', 'J', 'K']) + r.chars('CFGHJKLMNPRTVWXYZ0123456789', 8),
    words: { form: 'Antrag auf Kontoeröffnung', name: 'Vor- und Nachname', dob: 'Geburtsdatum', phone: 'Telefon', email: 'E-Mail', address: 'Anschrift', iban: 'IBAN', bic: 'BIC', passport: 'Reisepassnummer', sign: 'Unterschrift', intro: 'Bitte füllen Sie alle Felder in Druckbuchstaben aus.' },
  },
  {
    code: 'fr',
    given: ['Camille', 'Louis', 'Chloé', 'Hugo', 'Manon', 'Théo', 'Élodie', 'Mathieu', 'Inès', 'Antoine'],
    family: ['Martin', 'Bernard', 'Dubois', 'Lefèvre', 'Moreau', 'Laurent', 'Girard', 'Rousseau', 'Fontaine', 'Mercier'],
    mail: ['orange.fr', 'free.fr', 'laposte.net', 'sfr.fr', 'wanadoo.fr'],
    phone: (r) => r.pick([`06 ${d(r, 2)} ${d(r, 2)} ${d(r, 2)} ${d(r, 2)}`, `+33 6 ${d(r, 2)} ${d(r, 2)} ${d(r, 2)} ${d(r, 2)}`, `01.${d(r, 2)}.${d(r, 2)}.${d(r, 2)}.${d(r, 2)}`, `+33 (0)7 ${d(r, 2)} ${d(r, 2)} ${d(r, 2)} ${d(r, 2)}`]),
    dob: (_r, x) => dayFirst(x, '/'),
    address: (r) => `${r.int(1, 90)} ${r.pick(['rue de la République', 'avenue Jean Jaurès', 'boulevard Voltaire', 'rue des Lilas'])}, ${r.pick(['75011 Paris', '69003 Lyon', '31000 Toulouse', '33000 Bordeaux'])}`,
    iban: 'FR',
    passport: (r) => `${d(r, 2)}${L(r, 2)}${d(r, 5)}`,
    words: { form: "Fiche de renseignements – ouverture d'adhésion", name: 'Nom et prénom', dob: 'Date de naissance', phone: 'Téléphone', email: 'Courriel', address: 'Adresse', iban: 'IBAN', bic: 'BIC', passport: 'N° de passeport', sign: 'Signature', intro: 'Merci de compléter ce formulaire et de joindre un RIB.' },
  },
  {
    code: 'es',
    given: ['Lucía', 'Javier', 'Carmen', 'Alejandro', 'Marta', 'Sergio', 'Paula', 'Álvaro', 'Nuria', 'Iñaki'],
    family: ['García López', 'Fernández Ruiz', 'Martínez Gil', 'Sánchez Pérez', 'Gómez Navarro', 'Romero Díaz', 'Torres Molina', 'Ortega Castro'],
    mail: ['telefonica.net', 'gmail.com', 'hotmail.es', 'yahoo.es'],
    phone: (r) => r.pick([`+34 6${d(r, 2)} ${d(r, 3)} ${d(r, 3)}`, `6${d(r, 2)} ${d(r, 2)} ${d(r, 2)} ${d(r, 2)}`, `91 ${d(r, 3)} ${d(r, 2)} ${d(r, 2)}`, `+34 93 ${d(r, 3)} ${d(r, 2)} ${d(r, 2)}`]),
    dob: (_r, x) => dayFirst(x, '/'),
    address: (r) => `C/ ${r.pick(['Mayor', 'Alcalá', 'Gran Vía', 'de la Paz'])}, ${r.int(1, 99)}, ${r.int(1, 6)}º ${r.pick(['A', 'B', 'izq.'])}, ${r.pick(['28013 Madrid', '08001 Barcelona', '46002 Valencia', '41001 Sevilla'])}`,
    iban: 'ES',
    passport: (r) => `${L(r, 3)}${d(r, 6)}`,
    words: { form: 'Solicitud de alta de cliente', name: 'Nombre y apellidos', dob: 'Fecha de nacimiento', phone: 'Teléfono', email: 'Correo electrónico', address: 'Domicilio', iban: 'IBAN', bic: 'BIC/SWIFT', passport: 'Número de pasaporte', sign: 'Firma', intro: 'Rellene el formulario en letras mayúsculas.' },
  },
  {
    code: 'it',
    given: ['Giulia', 'Marco', 'Francesca', 'Alessandro', 'Chiara', 'Lorenzo', 'Martina', 'Davide', 'Elena', 'Niccolò'],
    family: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'De Luca'],
    mail: ['libero.it', 'virgilio.it', 'tiscali.it', 'alice.it', 'gmail.com'],
    phone: (r) => r.pick([`+39 3${d(r, 2)} ${d(r, 3)} ${d(r, 4)}`, `3${d(r, 2)} ${d(r, 7)}`, `06 ${d(r, 4)} ${d(r, 4)}`, `+39 02 ${d(r, 8)}`]),
    dob: (_r, x) => dayFirst(x, '/'),
    address: (r) => `Via ${r.pick(['Garibaldi', 'Roma', 'Dante Alighieri', 'dei Mille'])} ${r.int(1, 200)}, ${r.pick(['00184 Roma', '20121 Milano', '80133 Napoli', '50122 Firenze'])}`,
    iban: 'IT',
    passport: (r) => `${L(r, 2)}${d(r, 7)}`,
    words: { form: 'Modulo di iscrizione', name: 'Nome e cognome', dob: 'Data di nascita', phone: 'Cellulare', email: 'Email', address: 'Indirizzo di residenza', iban: 'IBAN', bic: 'BIC', passport: 'Numero passaporto', sign: 'Firma', intro: 'Compilare in stampatello.' },
  },
  {
    code: 'nl',
    given: ['Daan', 'Emma', 'Sem', 'Julia', 'Bram', 'Sanne', 'Thijs', 'Lotte', 'Joost', 'Femke'],
    family: ['de Jong', 'Jansen', 'de Vries', 'van den Berg', 'Bakker', 'Visser', 'van Dijk', 'Smit', 'Meijer', 'de Boer'],
    mail: ['ziggo.nl', 'kpnmail.nl', 'hotmail.nl', 'xs4all.nl', 'planet.nl'],
    phone: (r) => r.pick([`06-${d(r, 8)}`, `+31 6 ${d(r, 8)}`, `020 ${d(r, 3)} ${d(r, 4)}`, `+31 (0)10 ${d(r, 3)} ${d(r, 4)}`, `06 ${d(r, 2)} ${d(r, 2)} ${d(r, 2)} ${d(r, 2)}`]),
    dob: (_r, x) => dayFirst(x, '-'),
    address: (r) => `${r.pick(['Kerkstraat', 'Dorpsstraat', 'Prinsengracht', 'Molenweg'])} ${r.int(1, 300)}, ${nz(r)}${d(r, 3)} ${L(r, 2)} ${r.pick(['Amsterdam', 'Utrecht', 'Rotterdam', 'Eindhoven'])}`,
    iban: 'NL',
    passport: (r) => `${r.chars('ABCDEFGHJKLMNPRSTUVWXYZ', 2)}${r.chars('ABCDEFGHJKLMNPRSTUVWXYZ0123456789', 6)}${nz(r)}`,
    words: { form: 'Inschrijfformulier', name: 'Naam', dob: 'Geboortedatum', phone: 'Telefoonnummer', email: 'E-mailadres', address: 'Adres', iban: 'IBAN', bic: 'BIC', passport: 'Paspoortnummer', sign: 'Handtekening', intro: 'Vul dit formulier volledig in.' },
  },
  {
    code: 'pt',
    given: ['João', 'Beatriz', 'Tiago', 'Inês', 'Rui', 'Mariana', 'Gonçalo', 'Ana Rita', 'Diogo', 'Leonor'],
    family: ['Silva', 'Santos', 'Ferreira', 'Pereira', 'Oliveira', 'Costa', 'Rodrigues', 'Martins', 'Sousa', 'Gonçalves'],
    mail: ['sapo.pt', 'gmail.com', 'hotmail.com', 'netcabo.pt'],
    phone: (r) => r.pick([`+351 9${r.pick(['1', '2', '3', '6'])}${d(r, 1)} ${d(r, 3)} ${d(r, 3)}`, `9${r.pick(['1', '2', '3', '6'])}${d(r, 1)} ${d(r, 3)} ${d(r, 3)}`, `21 ${d(r, 3)} ${d(r, 4)}`]),
    dob: (_r, x) => dayFirst(x, '/'),
    address: (r) => `Rua ${r.pick(['Augusta', 'de Santa Catarina', 'do Ouro', 'Dom Pedro V'])}, ${r.int(1, 200)}, ${r.int(1, 4)}º Esq., ${r.pick(['1100-053 Lisboa', '4000-443 Porto', '3000-150 Coimbra'])}`,
    iban: 'PT',
    passport: (r) => `${L(r, 1)}${d(r, 6)}`,
    words: { form: 'Ficha de inscrição', name: 'Nome completo', dob: 'Data de nascimento', phone: 'Telemóvel', email: 'E-mail', address: 'Morada', iban: 'IBAN', bic: 'BIC/SWIFT', passport: 'N.º do passaporte', sign: 'Assinatura', intro: 'Preencha todos os campos obrigatórios (*).' },
  },
  {
    code: 'pl',
    given: ['Jakub', 'Zuzanna', 'Mateusz', 'Katarzyna', 'Piotr', 'Agnieszka', 'Michał', 'Małgorzata', 'Tomasz', 'Aleksandra'],
    family: ['Nowak', 'Kowalski', 'Wiśniewska', 'Wójcik', 'Kamiński', 'Lewandowska', 'Zieliński', 'Szymańska', 'Woźniak', 'Dąbrowski'],
    mail: ['wp.pl', 'onet.pl', 'interia.pl', 'o2.pl', 'gmail.com'],
    phone: (r) => r.pick([`+48 ${r.pick(['5', '6', '7', '8'])}${d(r, 2)} ${d(r, 3)} ${d(r, 3)}`, `${r.pick(['5', '6', '7', '8'])}${d(r, 2)}-${d(r, 3)}-${d(r, 3)}`, `22 ${d(r, 3)} ${d(r, 2)} ${d(r, 2)}`]),
    dob: (_r, x) => dayFirst(x, '.'),
    address: (r) => `ul. ${r.pick(['Marszałkowska', 'Długa', 'Piotrkowska', 'Floriańska'])} ${r.int(1, 150)}/${r.int(1, 40)}, ${r.pick(['00-624 Warszawa', '31-019 Kraków', '90-001 Łódź', '80-831 Gdańsk'])}`,
    iban: 'PL',
    passport: (r) => `${L(r, 2)}${d(r, 7)}`,
    words: { form: 'Formularz zgłoszeniowy', name: 'Imię i nazwisko', dob: 'Data urodzenia', phone: 'Telefon', email: 'Adres e-mail', address: 'Adres zamieszkania', iban: 'Numer rachunku (IBAN)', bic: 'BIC', passport: 'Numer paszportu', sign: 'Podpis', intro: 'Prosimy wypełnić drukowanymi literami.' },
  },
  {
    code: 'sv',
    given: ['Elsa', 'William', 'Maja', 'Oscar', 'Astrid', 'Erik', 'Ebba', 'Lars', 'Ingrid', 'Nils'],
    family: ['Andersson', 'Johansson', 'Karlsson', 'Nilsson', 'Eriksson', 'Larsson', 'Olsson', 'Persson', 'Svensson', 'Lindström'],
    mail: ['telia.com', 'bredband.net', 'spray.se', 'gmail.com'],
    phone: (r) => r.pick([`070-${d(r, 3)} ${d(r, 2)} ${d(r, 2)}`, `+46 70 ${d(r, 3)} ${d(r, 2)} ${d(r, 2)}`, `08-${d(r, 3)} ${d(r, 3)} ${d(r, 2)}`, `+46 (0)73 ${d(r, 7)}`]),
    dob: (_r, x) => isoDate(x),
    address: (r) => `${r.pick(['Storgatan', 'Drottninggatan', 'Kungsgatan', 'Sveavägen'])} ${r.int(1, 90)}, ${d(r, 3)} ${d(r, 2)} ${r.pick(['Stockholm', 'Göteborg', 'Malmö', 'Uppsala'])}`,
    iban: 'SE',
    passport: (r) => d(r, 8),
    words: { form: 'Anmälningsblankett', name: 'Namn', dob: 'Födelsedatum', phone: 'Mobilnummer', email: 'E-post', address: 'Adress', iban: 'IBAN', bic: 'BIC', passport: 'Passnummer', sign: 'Underskrift', intro: 'Fyll i blanketten och skicka den till oss.' },
  },
  {
    code: 'fi',
    given: ['Aino', 'Eero', 'Helmi', 'Juho', 'Sanna', 'Mikko', 'Venla', 'Pekka', 'Tuula', 'Ville'],
    family: ['Korhonen', 'Virtanen', 'Mäkinen', 'Nieminen', 'Mäkelä', 'Hämäläinen', 'Laine', 'Heikkinen', 'Koskinen', 'Järvinen'],
    mail: ['luukku.com', 'suomi24.fi', 'elisanet.fi', 'gmail.com'],
    phone: (r) => r.pick([`040 ${d(r, 3)} ${d(r, 4)}`, `+358 40 ${d(r, 3)} ${d(r, 4)}`, `050-${d(r, 7)}`, `09 ${d(r, 4)} ${d(r, 4)}`, `+358 (0)45 ${d(r, 7)}`]),
    dob: (_r, x) => `${x.d}.${x.m}.${x.y}`,
    address: (r) => `${r.pick(['Mannerheimintie', 'Hämeenkatu', 'Aleksanterinkatu', 'Rantatie'])} ${r.int(1, 80)} ${r.pick(['A', 'B', 'C'])} ${r.int(1, 30)}, ${r.pick(['00100 Helsinki', '33100 Tampere', '20100 Turku', '90100 Oulu'])}`,
    iban: 'FI',
    passport: (r) => `${L(r, 2)}${d(r, 7)}`,
    words: { form: 'Jäsenhakemus', name: 'Nimi', dob: 'Syntymäaika', phone: 'Puhelin', email: 'Sähköposti', address: 'Osoite', iban: 'Tilinumero (IBAN)', bic: 'BIC', passport: 'Passin numero', sign: 'Allekirjoitus', intro: 'Täytä lomake huolellisesti.' },
  },
  {
    code: 'tr',
    given: ['Elif', 'Mehmet', 'Zeynep', 'Mustafa', 'Ayşe', 'Emre', 'Fatma', 'Burak', 'Şeyma', 'Oğuz'],
    family: ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Yıldız', 'Öztürk', 'Aydın', 'Arslan', 'Doğan'],
    mail: ['hotmail.com', 'gmail.com', 'yandex.com.tr', 'mynet.com'],
    phone: (r) => r.pick([`0532 ${d(r, 3)} ${d(r, 2)} ${d(r, 2)}`, `+90 5${d(r, 2)} ${d(r, 3)} ${d(r, 2)} ${d(r, 2)}`, `(0212) ${d(r, 3)} ${d(r, 2)} ${d(r, 2)}`, `0 (5${d(r, 2)}) ${d(r, 3)} ${d(r, 4)}`]),
    dob: (_r, x) => dayFirst(x, '.'),
    address: (r) => `${r.pick(['Atatürk Cad.', 'İstiklal Cad.', 'Cumhuriyet Mah. Gül Sk.', 'Bağdat Cad.'])} No: ${r.int(1, 200)} D: ${r.int(1, 20)}, ${r.pick(['34433 Beyoğlu/İstanbul', '06420 Çankaya/Ankara', '35210 Konak/İzmir'])}`,
    iban: 'TR',
    passport: (r) => `${r.pick(['U', 'S', 'P'])}${d(r, 8)}`,
    words: { form: 'Üyelik Başvuru Formu', name: 'Adı Soyadı', dob: 'Doğum Tarihi', phone: 'Cep Telefonu', email: 'E-posta', address: 'Adres', iban: 'IBAN', bic: 'SWIFT', passport: 'Pasaport No', sign: 'İmza', intro: 'Lütfen formu eksiksiz doldurunuz.' },
  },
  {
    code: 'ja',
    given: ['太郎', '花子', '健一', '由美', '翔太', '美咲', '大輔', 'さくら'],
    family: ['佐藤', '鈴木', '高橋', '田中', '伊藤', '渡辺', '山本', '中村'],
    familyFirst: true,
    romaji: ['taro.sato', 'hanako-s', 'k.takahashi', 'yumi_tanaka', 'shota.ito', 'misaki.w', 'daisuke.yamamoto', 'sakura.n'],
    mail: ['docomo.ne.jp', 'ezweb.ne.jp', 'yahoo.co.jp', 'gmail.com', 'nifty.com'],
    phone: (r) => r.pick([`090-${d(r, 4)}-${d(r, 4)}`, `080-${d(r, 4)}-${d(r, 4)}`, `03-${d(r, 4)}-${d(r, 4)}`, `+81 90-${d(r, 4)}-${d(r, 4)}`, `06-${d(r, 4)}-${d(r, 4)}`]),
    dob: (r, x) => r.pick([`${x.y}年${x.m}月${x.d}日`, `${x.y}/${String(x.m).padStart(2, '0')}/${String(x.d).padStart(2, '0')}`]),
    address: (r) => `〒${d(r, 3)}-${d(r, 4)} ${r.pick(['東京都新宿区西新宿2-8-1', '大阪府大阪市北区梅田3-1-3', '神奈川県横浜市中区本町1-5', '京都府京都市下京区烏丸通七条下ル'])}`,
    passport: (r) => `${r.pick(['TK', 'TR', 'MZ', 'TZ'])}${d(r, 7)}`,
    words: { form: '会員登録申込書', name: '氏名', dob: '生年月日', phone: '電話番号', email: 'メールアドレス', address: '住所', passport: '旅券番号', sign: '署名', intro: '以下の項目にご記入ください。' },
  },
  {
    code: 'ko',
    given: ['민준', '서연', '지훈', '하은', '도윤', '수빈', '현우', '지민'],
    family: ['김', '이', '박', '최', '정', '강', '조', '윤'],
    familyFirst: true,
    romaji: ['minjun.kim', 'seoyeon_lee', 'jihoon.park', 'haeun.choi', 'doyoon.jung', 'subin.kang', 'hyunwoo.cho', 'jimin.yoon'],
    mail: ['naver.com', 'daum.net', 'hanmail.net', 'kakao.com', 'gmail.com'],
    phone: (r) => r.pick([`010-${d(r, 4)}-${d(r, 4)}`, `+82 10-${d(r, 4)}-${d(r, 4)}`, `02-${d(r, 3)}-${d(r, 4)}`, `010 ${d(r, 4)} ${d(r, 4)}`]),
    dob: (r, x) => r.pick([`${x.y}년 ${x.m}월 ${x.d}일`, `${x.y}.${String(x.m).padStart(2, '0')}.${String(x.d).padStart(2, '0')}`]),
    address: (r) => `${r.pick(['서울특별시 강남구 테헤란로', '부산광역시 해운대구 센텀중앙로', '서울특별시 마포구 월드컵북로'])} ${r.int(1, 500)}, ${r.int(1, 20)}층 (${d(r, 5)})`,
    passport: (r) => `M${d(r, 8)}`,
    words: { form: '회원 가입 신청서', name: '성명', dob: '생년월일', phone: '휴대전화', email: '이메일', address: '주소', passport: '여권번호', sign: '서명', intro: '아래 항목을 빠짐없이 작성해 주십시오.' },
  },
  {
    code: 'en-IN',
    given: ['Aarav', 'Ananya', 'Vihaan', 'Diya', 'Arjun', 'Ishita', 'Rohan', 'Kavya', 'Suresh', 'Lakshmi'],
    family: ['Sharma', 'Iyer', 'Reddy', 'Banerjee', 'Nair', 'Gupta', 'Menon', 'Chatterjee', 'Kulkarni', 'Singh'],
    mail: ['rediffmail.com', 'gmail.com', 'yahoo.co.in', 'outlook.com'],
    phone: (r) => r.pick([`+91 9${d(r, 4)} ${d(r, 5)}`, `+91-${r.pick(['7', '8', '9'])}${d(r, 9)}`, `09${d(r, 4)} ${d(r, 5)}`, `022 ${d(r, 4)} ${d(r, 4)}`, `${r.pick(['7', '8', '9'])}${d(r, 4)}-${d(r, 5)}`]),
    dob: (_r, x) => dayFirst(x, indianSeparator(x)),
    address: (r) => `${r.pick(['Flat 302, Sai Residency', 'H.No. 14-2-117', 'B-45, Sector 62', '12 MG Road'])}, ${r.pick(['Andheri West, Mumbai 400058', 'Koramangala, Bengaluru 560034', 'Noida, Uttar Pradesh 201301', 'T. Nagar, Chennai 600017'])}`,
    passport: (r) => `${r.chars('ABCDEFGHJKLMNPRSTUVWZ', 1)}${nz(r)}${d(r, 6)}`,
    words: { form: 'Customer Application Form / ग्राहक आवेदन पत्र', name: 'Full Name / पूरा नाम', dob: 'Date of Birth / जन्म तिथि', phone: 'Mobile No. / मोबाइल नंबर', email: 'Email ID', address: 'Correspondence Address / पता', passport: 'Passport No. / पासपोर्ट संख्या', sign: 'Signature / हस्ताक्षर', intro: 'Please fill in BLOCK LETTERS. कृपया सभी विवरण भरें।' },
  },
];

/** Indian forms use both slashes and dashes; the choice follows the day so it stays deterministic. */
function indianSeparator(x: Ymd): string {
  return x.d % 2 ? '/' : '-';
}

export const localName = (r: Rng, l: Locale): string => {
  const g = r.pick(l.given);
  const f = r.pick(l.family);
  if (!l.familyFirst) return `${g} ${f}`;
  return l.code === 'ko' ? `${f}${g}` : `${f} ${g}`;
};

