import { describe, expect, it } from 'vitest';
import { found } from '../../helpers.js';
import { fill, findingOf } from './fixtures.js';

describe('CONNECTION_STRING', () => {
  it.each([
    'postgres://app:S3cr3tPa55@db.internal:5432/app',
    'postgresql://app:S3cr3tPa55@db.internal/app?sslmode=require',
    'postgresql+psycopg2://app:S3cr3tPa55@db.internal/app',
    'mysql://root:Xk9-mQ2v@10.0.0.5:3306/shop',
    'mongodb://admin:hunter2xyz@mongo1:27017,mongo2:27017/app?replicaSet=rs0',
    'mongodb+srv://admin:hunter2xyz@cluster0.ab1cd.mongodb.net/test?retryWrites=true&w=majority',
    'redis://:Zq8wPx2k@cache:6379/0',
    'rediss://default:Zq8wPx2k@cache.upstash.io:6379',
    'amqp://worker:Rb7tKq3z@rabbit:5672/vhost',
    'amqps://worker:Rb7tKq3z@rabbit.cloudamqp.com/vhost',
    'mssql://sa:Str0ng!Pass@sqlserver:1433/master',
    'postgres://app:p%40ss%2Fw0rd@db/app',
    'jdbc:mysql://db:3306/app?user=app&password=Tr0ub4dor3',
    'jdbc:postgresql://db:5432/app?user=app&password=Tr0ub4dor3&ssl=true',
    'jdbc:sqlserver://db:1433;databaseName=app;user=sa;password=Tr0ub4dor3',
    'Server=tcp:x.database.windows.net,1433;Initial Catalog=db;User ID=admin;Password=P@ssw0rd!2024;Encrypt=True;',
    'Data Source=db01;Initial Catalog=Shop;User Id=shop;Password=Kq7!zL2m;',
    'Host=db;Port=5432;Database=app;Username=app;Password=Kq7zL2mX',
    'DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWprbG1ub3A=;EndpointSuffix=core.windows.net',
    'Endpoint=sb://ns.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA=',
    'mongodb://ops:Wq4zR8kLm2@10.1.0.11:27017,10.1.0.12:27017,10.1.0.13:27017/orders?replicaSet=rs1&authSource=admin',
    'ldaps://cn=svc-bind:Bz7kQ2xLm9@ldap.corp.internal:636',
    'contoso.redis.cache.windows.net:6380,password=Kq8Lm2Vx9Zb4Np7Rw1Yd5Hc3Js6Ga0TfUe8Wq2Xs4A=,ssl=True,abortConnect=False',
    'cache01.redis.cache.windows.net:6380,abortConnect=false,ssl=true,password=Kq8Lm2Vx9Zb4Np7Rw1Yd5Hc3Js6Ga0T=',
  ])('finds %s', (uri) => {
    for (const text of [uri, `DATABASE_URL=${uri}\n`, `{"conn": "${uri}"}`, `connect with ${uri} and go`]) {
      expect(found(text, 'CONNECTION_STRING'), text).toEqual([uri]);
    }
  });

  it('reports the whole string at 0.95, over the address an email detector sees in it', () => {
    const uri = 'postgres://app:S3cr3tPa55@db.internal:5432/app';
    expect(findingOf(uri, 'CONNECTION_STRING')?.confidence).toBe(0.95);
    expect(found(uri, 'EMAIL')).toEqual([]);
  });

  it('trims sentence punctuation after a URI', () => {
    expect(found('Use mysql://root:Xk9mQ2v@db/shop.', 'CONNECTION_STRING')).toEqual(['mysql://root:Xk9mQ2v@db/shop']);
  });

  it('is less sure of a password equal to the user name', () => {
    expect(findingOf('postgres://postgres:postgres@localhost:5432/db', 'CONNECTION_STRING')?.confidence).toBe(0.6);
  });

  it.each([
    ['no password', 'postgres://app@db.internal:5432/app'],
    ['no credentials', 'mongodb://localhost:27017/test and redis://cache:6379'],
    ['an empty password', 'redis://:@cache:6379'],
    ['the word password', 'postgres://user:password@localhost/db'],
    ['a template slot', 'postgres://${DB_USER}:${DB_PASSWORD}@db/app'],
    ['a masked password', 'mysql://root:****@db/shop'],
    ['an angle-bracket slot', 'mongodb+srv://<user>:<password>@cluster0.mongodb.net'],
    ['a port, not a password', 'redis://cache:6379/0'],
    ['an ordinary URL', 'https://example.com/path?q=1&user=x'],
    ['JDBC without a password', 'jdbc:mysql://db:3306/app?user=app'],
    ['ADO.NET with integrated security', 'Server=db;Database=app;Integrated Security=true;'],
    ['a password= without a server', 'password=Kq7zL2mX;timeout=30'],
    ['a placeholder password in ADO.NET', 'Server=db;User Id=sa;Password=<your password>;'],
    ['a Redis list without a host', 'retries=3,password=Kq8Lm2Vx9Zb4'],
    ['a Redis list with a reference', 'cache:6380,password=${REDIS_PASSWORD},ssl=True'],
  ])('rejects %s', (_name, text) => {
    expect(found(text, 'CONNECTION_STRING')).toEqual([]);
  });

  it('keeps example passwords below the default minimum', () => {
    expect(findingOf('postgres://app:example123@db/app', 'CONNECTION_STRING')?.confidence).toBeLessThan(0.5);
  });

  it.each([
    ['repeated schemes', fill('postgres://')],
    ['repeated userinfo', fill('postgres://a:b@')],
    ['repeated JDBC prefixes', fill('jdbc:x:')],
    ['repeated keyed pairs', fill('Server=x;Password=y;')],
    ['repeated password keys', fill('pwd=a;')],
    ['one long authority', `mysql://${fill('a:')}`],
    ['semicolons after a keyed string', `Server=x;Password=y;${fill(';')}`],
    ['keys without values', fill('Server Password=')],
    ['repeated listed passwords', fill(',password=')],
    ['a host list', `h:6380${fill(',password=x')}`],
  ])('scans 1 MiB of %s', { timeout: 10_000 }, (_name, text) => {
    expect(found(text, 'CONNECTION_STRING').length).toBeLessThan(1 << 20);
  });
});
