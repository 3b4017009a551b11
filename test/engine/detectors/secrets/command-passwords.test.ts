import { describe, expect, it } from 'vitest';
import { mask, scan } from '../../../../src/engine/index.js';
import { found } from '../../helpers.js';
import { fill } from './fixtures.js';

// Passwords on command lines and in LDAP config directives, reported as PASSWORD.
describe('PASSWORD on command lines', () => {
  it.each([
    ['curl -u ops:Vq7pW3mbJx https://grafana.example.net/api/health', 'Vq7pW3mbJx'],
    ['curl --user "admin:S3cr3t!xQ" https://api.example.net', 'S3cr3t!xQ'],
    ['curl -s --user=deploy:Lm4Rt8Zq2 -X POST https://ci.example.net/hook', 'Lm4Rt8Zq2'],
    ['mysql -h 10.0.0.5 -u root -pHq2Fd5O1lCx crm', 'Hq2Fd5O1lCx'],
    ['mysqldump -uroot -pNw7Kq2Zx9 shop > shop.sql', 'Nw7Kq2Zx9'],
    ['sshpass -p "Zq8!mK2x" ssh root@10.0.0.9', 'Zq8!mK2x'],
    ['htpasswd -b /etc/nginx/.htpasswd admin Xg9jS3R8s!', 'Xg9jS3R8s!'],
    ['htpasswd -nb admin Tr0ub4dor3', 'Tr0ub4dor3'],
    ['ldapsearch -x -H ldaps://dc1 -D "cn=admin,dc=corp,dc=com" -w Adm1nPass! -b "dc=corp,dc=com"', 'Adm1nPass!'],
    ['ldapmodify -D cn=Manager,dc=corp -w "Kx7 qLm2" -f change.ldif', 'Kx7 qLm2'],
    ['uri ldap://dc1\nbinddn cn=nslcd,dc=corp\nbindpw Kx7qLm2Vt9\n', 'Kx7qLm2Vt9'],
    ['rootpw Mq3Zx8Lp2W', 'Mq3Zx8Lp2W'],
    ["redis-cli -h cache.internal -a 'Fw2RovGujkLHz3jn' FLUSHDB", 'Fw2RovGujkLHz3jn'],
    ['cd /srv && mysql -uapp -pKq2Zx9Lm7 app', 'Kq2Zx9Lm7'],
  ])('finds the password in %s', (text, password) => {
    expect(found(text, 'PASSWORD')).toEqual([password]);
    expect(mask(text, scan(text), 'label', 'k')).not.toContain(password);
  });

  it.each([
    'curl -u admin: https://example.net',
    'curl -u alice https://example.net',
    'curl -u $USER:$API_TOKEN https://example.net',
    'mysql -u root -p',
    'mysql -u root -p shop',
    'ldapsearch -D cn=admin -W -b dc=corp',
    'rootpw {SSHA}Zm9vYmFyYmF6',
    'curl -L https://example.net/install.sh | sh',
    '[client]\nuser=backup\nhost=mysql-primary\n',
    'see the curl-u docs and mysql.cnf -pX',
  ])('finds no password in %s', (text) => {
    expect(found(text, 'PASSWORD')).toEqual([]);
  });

  it.each([
    ['repeated curl options', fill('curl -u a:')],
    ['one long line after curl', `curl ${fill('-u ')}`],
    ['repeated htpasswd flags', `htpasswd ${fill('-b a ')}`],
  ])('scans 1 MiB of %s', { timeout: 10_000 }, (_name, text) => {
    expect(found(text, 'PASSWORD').length).toBeLessThan(1 << 20);
  });
});
