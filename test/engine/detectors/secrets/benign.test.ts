import { describe, expect, it } from 'vitest';
import { scan } from '../../../../src/engine/index.js';

// Near-misses for every SECRETS detector: documents like these must come out clean.
const BENIGN: [string, string][] = [
  ['a git log', 'commit 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b\nAuthor: Jane <jane@example.com>\n\n    Fix token refresh'],
  ['UUIDs', '{"id": "123e4567-e89b-12d3-a456-426614174000", "request_id": "a3f5c9e2-7b1d-4c8a-9e6f-2d4b8a1c3e5f"}'],
  ['an inline image', '<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==">'],
  ['a lockfile', '"integrity": "sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg=="\nresolved "https://registry.yarnpkg.com/lodash/-/lodash-4.17.21.tgz#679591c564c3bffaae8454cf0b3df370c3d6911c"\n  integrity sha1-Z5WRxWTDv/quhFTPCz3zcMPWkRw='],
  ['an OAuth token response without the token', '{"token_type": "Bearer", "expires_in": 3600, "scope": "read write"}'],
  ['CSS', '.btn { color: #ff5733; background: #1a2b3c; border-color: rgba(0,0,0,0.1); }'],
  ['long URLs with ids', 'https://www.amazon.com/dp/B08N5WRWNW/ref=sr_1_3?keywords=usb+hub&qid=1634567890&sr=8-3\nhttps://docs.google.com/spreadsheets/d/1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms/edit#gid=0'],
  ['a translation file', '{"forgotPassword": "Forgot your password?", "password": "Password", "confirmPassword": "Confirm password", "apiKeyLabel": "API key"}'],
  ['login code', 'const password = req.body.password;\nif (!password) throw new Error("password required");\nconst hash = await bcrypt.hash(password, 10);\nconst token = jwt.sign(payload, process.env.JWT_SECRET);'],
  ['typed code', 'interface Login { username: string; password: string; apiKey?: string }\ndef login(username: str, password: str) -> Token:'],
  ['docker compose with references', 'environment:\n  - POSTGRES_PASSWORD=${POSTGRES_PASSWORD}\n  - API_KEY=${API_KEY}\n  - SECRET_KEY_BASE=$SECRET_KEY_BASE'],
  ['an .env.example', 'DATABASE_URL=postgres://user:password@localhost:5432/mydb\nSTRIPE_SECRET_KEY=sk_test_your_key_here\nOPENAI_API_KEY=your_api_key_here\nJWT_SECRET=changeme\nAWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\nAWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'],
  ['a login form', '<input type="password" name="password" id="password" autocomplete="current-password" placeholder="Password">'],
  ['help text', 'Your password must be at least 8 characters. Password is required. Reset your password here: https://example.com/reset?token_id=42'],
  ['model settings', 'max_tokens: 4096\ntoken_count = 12345\nnum_tokens=512\ntokenizer: cl100k_base'],
  ['an order', 'Order #A-1029384756 shipped via UPS 1Z999AA10123456784 on 2024-03-15. Total $1,234.56'],
  ['digests', 'sha256: e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\ndocker pull nginx@sha256:0d17b565c37bcbd895e9d92315a05c1c3c9a29f762b011a10c54a66cd53c9b31\netag: "33a64df551425fcc55e4d42a148795d9f25f89d4"'],
  ['paging tokens', '"nextPageToken": "CiAKGjBpNDd2Nmp2Zml2cXRwYjBpOXA3cGhMlRoKEgkI8",\n"pageToken": "AbCdEf0123456789XyZ"'],
  ['a public key', 'publicKey: "BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U"\nssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7 user@host'],
  ['docs about token formats', 'Set GITHUB_TOKEN to your personal access token (it starts with ghp_). A JWT looks like eyJhbGciOi... and a PEM key starts with -----BEGIN RSA PRIVATE KEY-----.'],
  ['certificates', '-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJ\n-----END CERTIFICATE-----\n-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----'],
  ['masked settings', 'password: ********\npasswd: <secret>\npwd = {{ vault_pwd }}\npassword: null\npassword = ""\nPASSWORD=xxx'],
  ['URLs without credentials', 'mongodb://localhost:27017/test and redis://cache:6379 and amqp://guest@rabbit and https://user@github.com/org/repo.git'],
  ['version numbers and dates', 'version: 1.2.3.4 build v2.10.3 at 1700000000 isbn 978-3-16-148410-0 on 2024-01-15'],
  ['names of secrets', 'api_key_id = 12345, secret_name = "prod/db", token_url = "https://auth.example.com/token"'],
  ['AWS account details', 'AWS region: us-east-1, aws_account_id = 123456789012, Asia Pacific (Tokyo)'],
  ['a session cookie name', 'Set-Cookie: session_id=5f2b8c9d1e3a4b6c7d8e9f0a1b2c3d4e; Path=/; HttpOnly'],
  ['cache and idempotency keys', 'cache_key = "user:12345:profile:v2"\nidempotency_key: 8e5b3f2a-1c4d-4e6f-9a8b-7c6d5e4f3a2b'],
  ['a PKCE challenge', 'code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256'],
  ['a password hash', 'password_hash = "$2b$12$KIXQJvPq5QoLbC1pG5Z7YeU1yYxk2qN8mT3rW6vB9sD0fH4jL7nC2"'],
  ['a mysql prompt', 'mysql -u root -p\nEnter password:\npassword for user root:'],
  ['Stripe publishable keys', 'Stripe.setPublishableKey("pk_live_51H8x2KJd8s7F6g5H4j3K2l1Mn0pQ");'],
  ['placeholder provider keys', 'ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\nxoxb-your-bot-token\nhttps://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX\nsk_test_4eC39HqLyjWDarjtT1zdp7dc'],
  ['a k8s secret reference', 'env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: db-credentials\n        key: password'],
  ['a GitHub Actions workflow', 'env:\n  GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}\n  NPM_TOKEN: ${{ secrets.NPM_TOKEN }}'],
  ['a Terraform variable', 'variable "db_password" {\n  type      = string\n  sensitive = true\n}'],
  ['a Django settings reference', "SECRET_KEY = os.environ['DJANGO_SECRET_KEY']\nAPI_TOKEN = config('API_TOKEN')"],
];

describe('SECRETS on benign near-misses', () => {
  it.each(BENIGN)('finds nothing in %s', (_name, text) => {
    expect(scan(text).filter((f) => f.category === 'SECRETS')).toEqual([]);
  });
});
