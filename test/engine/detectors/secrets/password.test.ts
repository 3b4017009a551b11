import { describe, expect, it } from 'vitest';
import { found } from '../../helpers.js';
import { fill, findingOf } from './fixtures.js';

describe('PASSWORD', () => {
  it.each([
    ['.env', 'PASSWORD=s3cretValue!', 's3cretValue!'],
    ['.env with a prefix', 'DB_PASSWORD=hunter2\n', 'hunter2'],
    ['.properties', 'spring.datasource.password=Xq7pL2mN', 'Xq7pL2mN'],
    ['JSON', '{"username": "admin", "password": "hunter2"}', 'hunter2'],
    ['YAML', 'db:\n  user: app\n  password: correcthorse\n', 'correcthorse'],
    ['YAML, quoted', 'ADMIN_PASSWORD: "9fj2KD!slq"', '9fj2KD!slq'],
    ['Python', "mysql_pass = 'Tr0ub4dor&3'", 'Tr0ub4dor&3'],
    ['PHP', "'password' => 'Gh7#kLq2',", 'Gh7#kLq2'],
    ['Go', 'password := "Kq9!vLm2"', 'Kq9!vLm2'],
    ['XML', '<password>P@ssw0rd123</password>', 'P@ssw0rd123'],
    ['a log line', '2024-01-15 INFO connect user=svc password=Zx81!kq host=db1', 'Zx81!kq'],
    ['a query string', 'GET /login?user=bob&password=Bob1985x&next=/', 'Bob1985x'],
    ['a CLI flag', 'mysqldump --password=Rt5$yhn8 shop', 'Rt5$yhn8'],
    ['camelCase key', 'dbPassword: "wQ3!rT6y"', 'wQ3!rT6y'],
    ['run-together key', 'MYSQLPASSWORD=Lm4Np7Qr', 'Lm4Np7Qr'],
    ['passwd', 'passwd: Zz9yYx8w', 'Zz9yYx8w'],
    ['pwd in ODBC', 'uid=sa;pwd=Kq7zL2mX;', 'Kq7zL2mX'],
    ['passphrase with spaces', 'passphrase: "correct horse battery staple"', 'correct horse battery staple'],
    ['prose', 'Hi team, the staging DB password is Kx9#mPq2, please rotate it.', 'Kx9#mPq2'],
    ['prose with quotes', 'the password was "letmein42"', 'letmein42'],
    ['prose with a colon', 'wifi password: GuestNet2024', 'GuestNet2024'],
    ['prose ending in !', 'my password is Summer2024!', 'Summer2024!'],
    ['prose with pw', 'root pw is Football2008# for now', 'Football2008#'],
    ['a pw key', 'db_pw=Gk3mN8qT', 'Gk3mN8qT'],
    ['a quoted pass', "const auth = { user: 'admin', pass: 'Lucky-Rocket-92' };", 'Lucky-Rocket-92'],
    ['a CSV column', 'user,email,password\nalice,a@x.io,Alic3Pass!\n', 'Alic3Pass!'],
    ['a login line', 'Login: pm-lena / password Tr0ub4dor&6dl The issue started', 'Tr0ub4dor&6dl'],
    ['a password change', 'I changed my password to Hunter2!', 'Hunter2!'],
    ['a reset without the word', 'I reset it to Autumn2014! but it still fails.', 'Autumn2014!'],
    ['a JSON value starting with !', '{"password": "!n9hHF*469fg"}', '!n9hHF*469fg'],
    ['a value starting with %', '"adminPassword": "%cOW*&1gCoUM"', '%cOW*&1gCoUM'],
    ['a value starting with $', 'The wifi password is $4?JofEuBKZw%.', '$4?JofEuBKZw%'],
    ['a value holding &', 'adminPassword: la%&d6E2mhWJ0Qj\n', 'la%&d6E2mhWJ0Qj'],
    ['a subscript', "ENV['DB_PASSWORD'] = 'Vx8#kq2Lm'", 'Vx8#kq2Lm'],
  ])('finds the value in %s', (_name, text, value) => {
    expect(found(text, 'PASSWORD')).toEqual([value]);
  });

  it('finds every row of a password column', () => {
    expect(found('user\tpassword\nalice\tAlic3Pass!\nbob\tB0bSecret\n', 'PASSWORD')).toEqual(['Alic3Pass!', 'B0bSecret']);
  });

  it('rates bare words lower than chosen-looking passwords', () => {
    expect(findingOf('password: correcthorse\n', 'PASSWORD')?.confidence).toBe(0.65);
    expect(findingOf('password: Correct4horse\n', 'PASSWORD')?.confidence).toBe(0.8);
  });

  it.each([
    ['a mask', 'password: ********'],
    ['an angle-bracket slot', 'password: <your password>'],
    ['an environment reference', 'password=${DB_PASSWORD}\nPASSWORD=$DB_PASS'],
    ['a template', 'pwd = {{ vault_pwd }}'],
    ['null and empty', 'password: null\npassword = ""\npassword: None'],
    ['the word password', '"password": "password"'],
    ['filler', 'PASSWORD=xxx\npassword: xxxxxxxx'],
    ['changeme', 'password: changeme'],
    ['a TypeScript type', 'interface Login { username: string; password: string; rememberMe?: boolean }'],
    ['a Python annotation', 'def login(username: str, password: str) -> Token:'],
    ['code reading a variable', 'const password = req.body.password;\nconst password = process.env.DB_PASSWORD;'],
    ['a call', 'password = getpass()\npassword = input("Password: ")'],
    ['another variable named for it', 'password=user_password\npassword: hashedPassword'],
    ['a comparison', 'if password == "hunter2":'],
    ['translation strings', '{"password": "Password", "forgotPassword": "Forgot your password?", "confirmPassword": "Confirm password", "passwordHint": "At least 8 characters"}'],
    ['a German label', '"password": "Passwort"'],
    ['an HTML form', '<input type="password" name="password" autocomplete="current-password" placeholder="Password">'],
    ['prose about passwords', 'Your password must be at least 8 characters. Password is required. The password is incorrect.'],
    ['a form label followed by text', 'Password: must contain a digit'],
    ['a hash', 'password_hash = "$2b$12$KIXQJvPq5QoLbC1pG5Z7YeU1yYxk2qN8mT3rW6vB9sD0fH4jL7nC2"'],
    ['a policy', 'password_min_length: 12\npassword_expiry_days = 90'],
    ['the working directory', 'PWD=/home/alice/project'],
    ['other pass words', 'bypass: true\npassenger: Alice2024\ncompass=N45\nboarding pass: AB1234'],
    ['prose about the password', 'The password is case-sensitive. Your pw was reset.'],
    ['a YAML tag', 'password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256'],
    ['words after password', 'Use a password manager. The password field is empty. password reset-flow'],
    ['a reset to something else', 'I reset it to v2.1.0 and then reset it to defaults.'],
    ['printf slots', 'password=%s\npassword: %(db_pass)s\npwd=%DB_PWD%'],
    ['Python pass', 'def f():\n    pass'],
    ['too short', 'password: ab1'],
    ['an empty prompt', 'Enter password:\n'],
  ])('rejects %s', (_name, text) => {
    expect(found(text, 'PASSWORD')).toEqual([]);
  });

  it.each(['password: example123', 'password = "dummy-pass-1"', 'DB_PASSWORD=your_password_here'])('keeps %j below the default minimum', (text) => {
    expect(found(text, 'PASSWORD')).toEqual([]);
  });

  it.each([
    ['repeated keys', fill('password=')],
    ['repeated keys and separators', fill('password: ')],
    ['repeated quotes', fill('password="')],
    ['one long key', fill('pass')],
    ['repeated prose cues', fill('password is ')],
    ['repeated XML tags', fill('<password>a')],
    ['repeated CSV headers', fill('user,password\n')],
    ['a CSV header then many rows', `user,password\n${fill('bob,Passw0rd1\n')}`],
    ['keys without separators', fill('pwd ')],
  ])('scans 1 MiB of %s', { timeout: 10_000 }, (_name, text) => {
    expect(found(text, 'PASSWORD').length).toBeLessThan(1 << 20);
  });

  it.each([
    ['pw for the staging admin is xQz8$#4yPm — rotate after first login', 'xQz8$#4yPm'],
    ['new password for the shared inbox → Lucky-River-41 dont share', 'Lucky-River-41'],
    ['pw vom Nextcloud: Sunshine2015', 'Sunshine2015'],
    ["le mot de passe du compte partagé c'est Summer2025!", 'Summer2025!'],
    ['mdp : Tr0ub4dor&7ja', 'Tr0ub4dor&7ja'],
    ['a senha do wifi é 9R8yCYEeM6G8', '9R8yCYEeM6G8'],
    ['la contraseña del wifi es Silver-River-53', 'Silver-River-53'],
    ['Kennwort: Fr4nk!xyz', 'Fr4nk!xyz'],
    ['database:\n  user: svc_reports\n  pass: tcqmw449VU!\n', 'tcqmw449VU!'],
  ])('finds the password in the chat line %s', (text, password) => {
    expect(found(text, 'PASSWORD')).toEqual([password]);
  });

  it.each([
    'password hash: $2b$12$KIXQJvPq5QoLbC1pG5Z7Ye',
    'The password for the island is nice',
    'password policy: 12 chars min',
    'boarding pass: 12A',
    'pass: through',
    'la contraseña del wifi es segura',
  ])('finds no password in the line %s', (text) => {
    expect(found(text, 'PASSWORD')).toEqual([]);
  });

  it.each([
    ['repeated prose words', fill('password for the ')],
    ['repeated foreign labels', fill('mdp :')],
    ['repeated arrows', fill('pw → ')],
  ])('scans 1 MiB of %s', { timeout: 10_000 }, (_name, text) => {
    expect(found(text, 'PASSWORD').length).toBeLessThan(1 << 20);
  });
});

describe('PASSWORD: registry logins, quoted -p, env entries, login phrasing', () => {
  it.each([
    ["mysql -h db01 -u root -p'tiger-horse-north-47' orders", 'tiger-horse-north-47'],
    ['mysql -u root --password=Sx7#kq2Lm orders', 'Sx7#kq2Lm'],
    ['+ docker login -u deploy -p Summer1562$ registry.northwind.io', 'Summer1562$'],
    ['podman login --password Dragon1631 quay.io', 'Dragon1631'],
    ["mongosh -u admin -p 'Kx9!mQ2z' --host db", 'Kx9!mQ2z'],
    ['sqlcmd -S db -U sa -P Str0ng!Pass', 'Str0ng!Pass'],
    ['env:\n  - name: ADMIN_PASSWORD\n    value: "correct-horse-blue-7"\n', 'correct-horse-blue-7'],
    ['[{"name": "DB_PASSWORD", "value": "Gatito198?"}]', 'Gatito198?'],
    ['    password: fvETkmFzCbiCmY\n', 'fvETkmFzCbiCmY'],
    ['    postgresPassword: "Changeme5@"\n', 'Changeme5@'],
    ['also the netflix login is emily69@hotmail.com / Changeme80366', 'Changeme80366'],
    ['creds: svc_backup | Tr0ub4dor&3', 'Tr0ub4dor&3'],
    ['the password I set last week is reYDqwOSEzqRYwQF - it says invalid', 'reYDqwOSEzqRYwQF'],
    ['Zoom passcode is 482913', '482913'],
    ["my password's Tr0ub4dor&3", 'Tr0ub4dor&3'],
    ['Password - Tr0ub4dor&3', 'Tr0ub4dor&3'],
    ['creds admin:S3cr3t!x', 'S3cr3t!x'],
  ])('finds the password in %j', (text, value) => {
    expect(found(text, 'PASSWORD')).toEqual([value]);
  });

  it.each([
    ['a registry login reading stdin', 'docker login -u deploy --password-stdin registry.io'],
    ['a docker command that is not a login', 'docker run -p 8080:80 nginx'],
    ['an env entry of another variable', 'env:\n  - name: LOG_LEVEL\n    value: debug\n'],
    ['an env entry taking its value from a secret', 'env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef: {name: db, key: pw}\n'],
    ['a camelCase variable as the value', 'password: userPasswordHash\n'],
    ['the bare stand-in "changeme"', 'password: changeme\n'],
    ['a login without a password after the slash', 'the login is emily69@hotmail.com / ok'],
    ['a plain word after "is"', 'the password you entered is Incorrect'],
    ['a lower-case word after "is"', 'the password I typed yesterday is expired'],
    ['a short code after "passcode is"', 'the passcode is 123'],
    ['a sentence after a dash', 'Password - must be 8 characters'],
    ['a URL after a login cue', 'login: https://example.com/login'],
    ['a time after a login cue', 'login at 10:30am'],
    ['a package coordinate after a credential key', 'credential = com.azure:azure-identity:1.12.2'],
  ])('ignores %s', (_name, text) => {
    expect(found(text, 'PASSWORD')).toEqual([]);
  });
});
