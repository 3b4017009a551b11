import type { Kind, TypeSpec } from './spec.js';
import {
  anthropicKey, awsAccessKey, awsSecretKey, connectionString, genericSecret, githubToken, gitlabToken, googleApiKey, jwt, openaiKey,
  password, privateKey, serviceApiKey, slackToken, slackWebhook, stripeKey,
} from './values-secrets.js';

const TOKEN_KINDS: Kind[] = ['env', 'yaml', 'code', 'chat', 'json', 'log', 'ticket'];

/** A provider token: self-evident from its prefix, so it also appears with no context at all. */
function providerToken(type: string, value: TypeSpec['value'], names: string[], code: string[], prose: string[]): TypeSpec {
  return {
    type,
    value,
    prose: [...prose, 'I think this key leaked in the build log: {V}', 'Rotating this one today: {V}'],
    bare: ['{V}', 'here you go {V}', 'new one: {V}'],
    fields: names.slice(0, 2).map((n) => `${n}: {V}`),
    keys: names,
    code,
    kinds: TOKEN_KINDS,
  };
}

export const SECRETS_SPECS: TypeSpec[] = [
  {
    type: 'AWS_ACCESS_KEY',
    value: (c) => awsAccessKey(c.rng),
    prose: ['The access key {V} was committed to the repo.', 'Use access key ID {V} for the backup bucket.', 'CloudTrail shows calls signed with {V}.'],
    bare: ['{V}', 'leaked? {V}'],
    fields: ['aws_access_key_id = {V}', 'Access key ID: {V}'],
    keys: ['AWS_ACCESS_KEY_ID', 'aws_access_key_id', 'accessKeyId'],
    code: ["const s3 = new S3Client({ region: 'us-east-1', credentials: { accessKeyId: '{V}', secretAccessKey: '{AWS_SECRET_KEY}' } });", "session = boto3.Session(aws_access_key_id='{V}', aws_secret_access_key='{AWS_SECRET_KEY}')"],
    log: ['AssumeRole by key {V} denied'],
    stack: ['InvalidAccessKeyId: The AWS Access Key Id you provided does not exist in our records. (AccessKeyId: {V})'],
    kinds: ['env', 'yaml', 'code', 'chat', 'json', 'log', 'ticket', 'stack'],
  },
  {
    type: 'AWS_SECRET_KEY',
    value: (c) => awsSecretKey(c.rng),
    prose: ['The AWS secret access key is {V}.', 'aws secret key: {V} (rotate after use)'],
    fields: ['aws_secret_access_key = {V}', 'Secret access key: {V}'],
    keys: ['AWS_SECRET_ACCESS_KEY', 'aws_secret_access_key', 'secretAccessKey'],
    code: ["aws_secret_access_key = '{V}'", "process.env.AWS_SECRET_ACCESS_KEY ??= '{V}';"],
    kinds: ['env', 'yaml', 'code', 'json', 'chat'],
  },
  providerToken('GITHUB_TOKEN', (c) => githubToken(c.rng), ['GITHUB_TOKEN', 'GH_TOKEN', 'github_token'], ["const octokit = new Octokit({ auth: '{V}' });", "headers = {'Authorization': 'token {V}'}"], ["Here's my GitHub token: {V}", 'Use the GitHub PAT {V} for the CI checkout.']),
  providerToken('GITLAB_TOKEN', (c) => gitlabToken(c.rng), ['GITLAB_TOKEN', 'gitlab_private_token', 'GITLAB_API_TOKEN'], ['curl --header "PRIVATE-TOKEN: {V}" https://gitlab.com/api/v4/projects', "gl = gitlab.Gitlab('https://gitlab.com', private_token='{V}')"], ['GitLab personal access token: {V}', 'The runner uses the GitLab token {V}.']),
  providerToken('SLACK_TOKEN', (c) => slackToken(c.rng), ['SLACK_BOT_TOKEN', 'SLACK_APP_TOKEN', 'slack_token'], ["const app = new App({ token: '{V}', signingSecret: process.env.SLACK_SIGNING_SECRET });", 'client = WebClient(token="{V}")'], ['The Slack bot token is {V}.', 'slack token for the alerts bot: {V}']),
  {
    ...providerToken('SLACK_WEBHOOK', (c) => slackWebhook(c.rng), ['SLACK_WEBHOOK_URL', 'slack_webhook', 'webhookUrl'], ['requests.post("{V}", json={"text": msg})', "curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"deploy done\"}' {V}"], ['Post the alerts to {V}.', 'Slack incoming webhook: {V}']),
    kinds: ['env', 'yaml', 'code', 'chat', 'json'],
  },
  providerToken('STRIPE_KEY', (c) => stripeKey(c.rng), ['STRIPE_SECRET_KEY', 'stripe_api_key', 'STRIPE_KEY'], ["const stripe = require('stripe')('{V}');", 'stripe.api_key = "{V}"'], ['Our Stripe secret key is {V}.', 'The live Stripe key {V} is in the old repo.']),
  providerToken('GOOGLE_API_KEY', (c) => googleApiKey(c.rng), ['GOOGLE_API_KEY', 'MAPS_API_KEY', 'firebaseApiKey'], ['<script src="https://maps.googleapis.com/maps/api/js?key={V}&callback=initMap"></script>', 'genai.configure(api_key="{V}")'], ['The Maps API key is {V}.', 'Google API key for the geocoder: {V}']),
  providerToken('OPENAI_API_KEY', (c) => openaiKey(c.rng), ['OPENAI_API_KEY', 'openai_api_key', 'OPENAI_KEY'], ['client = OpenAI(api_key="{V}")', "const openai = new OpenAI({ apiKey: '{V}' });"], ['My OpenAI key is {V}.', 'Use this OpenAI API key for the demo: {V}']),
  providerToken('ANTHROPIC_API_KEY', (c) => anthropicKey(c.rng), ['ANTHROPIC_API_KEY', 'anthropic_api_key', 'CLAUDE_API_KEY'], ['client = anthropic.Anthropic(api_key="{V}")', "const anthropic = new Anthropic({ apiKey: '{V}' });"], ['Anthropic API key: {V}', 'The Claude key for staging is {V}.']),
  providerToken('SERVICE_API_KEY', (c) => serviceApiKey(c.rng), ['PREFLIGHT_API_KEY', 'SERVICE_API_KEY', 'preflight_key'], ["curl -H 'Authorization: Bearer {V}' https://preflight.internal/api/preflight/text", 'headers = {"authorization": "Bearer {V}"}'], ['Our Preflight API key is {V}.', 'The partner key for the integration is {V}.']),
  {
    type: 'PRIVATE_KEY',
    value: (c) => privateKey(c.rng),
    prose: ['Here is the deploy key:\n{V}\n', 'Can you check why this key is rejected?\n\n{V}\n', 'Pasting the server key so you can install it:\n{V}'],
    bare: ['{V}'],
    fields: ['Private key:\n{V}'],
    keys: ['private_key:PEM_ESC', 'PRIVATE_KEY:PEM_ESC', 'ssh_key:PEM_ESC'],
    code: ['const key = `{V}`;', 'PRIVATE_KEY = """{V}"""'],
    kinds: ['code', 'json', 'env', 'yaml', 'chat', 'ticket'],
  },
  {
    type: 'JWT',
    value: (c) => jwt(c.rng),
    prose: ['The request had Authorization: Bearer {V}', 'This token seems expired: {V}', 'I decoded {V} and the sub claim is wrong.'],
    bare: ['{V}', 'try {V}'],
    fields: ['Authorization: Bearer {V}', 'Token: {V}'],
    keys: ['access_token', 'id_token', 'jwt', 'refreshToken'],
    code: ["fetch(url, { headers: { Authorization: 'Bearer {V}' } });", 'TOKEN = "{V}"'],
    log: ['auth failed token={V} reason=expired', 'request headers: {"authorization":"Bearer {V}"}'],
    stack: ['JsonWebTokenError: invalid signature for token {V}', 'TokenExpiredError: jwt expired ({V})'],
    kinds: ['log', 'code', 'chat', 'json', 'stack', 'ticket'],
  },
  {
    type: 'CONNECTION_STRING',
    value: (c) => connectionString(c.rng),
    prose: ['The app connects with {V}', 'prod DB: {V}', 'Can someone check why {V} times out?'],
    bare: ['{V}'],
    fields: ['Connection string: {V}', 'DSN: {V}'],
    keys: ['DATABASE_URL', 'MONGODB_URI:MONGO', 'REDIS_URL:REDIS', 'connectionString', 'db_url'],
    code: ['engine = create_engine("{V}")', "await mongoose.connect('{MONGO}');", "const pool = new Pool({ connectionString: '{PG}' });"],
    log: ['connecting to {V}', 'pool created dsn={V}'],
    stack: ['Error: connect ECONNREFUSED while connecting to {V}', 'sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) could not connect to server: {PG}'],
    kinds: ['env', 'yaml', 'code', 'stack', 'log', 'chat'],
  },
  {
    type: 'PASSWORD',
    value: (c) => password(c.rng),
    prose: [
      'My password is {V}', 'Temporary password: {V} (change it after first login)', 'The wifi password is {V}.', 'I reset it to {V} but it still fails.',
      'root pw is {V}', 'Login: {handle} / password {V}',
    ],
    fields: ['Password: {V}', 'Temporary password: {V}', 'pwd: {V}', 'passwd: {V}'],
    keys: ['password', 'DB_PASSWORD', 'db_password', 'SMTP_PASSWORD', 'passwd', 'adminPassword'],
    code: ['password = "{V}"', 'conn = psycopg2.connect(host="db", user="app", password="{V}")', "const auth = { user: 'admin', pass: '{V}' };"],
    kinds: ['env', 'yaml', 'code', 'chat', 'email', 'ticket', 'json'],
  },
  {
    type: 'GENERIC_SECRET',
    value: (c) => genericSecret(c.rng),
    prose: ['The webhook signing secret is {V}.', "Here's the client secret: {V}", 'API secret for the partner portal: {V}'],
    fields: ['Client secret: {V}', 'x-api-key: {V}', 'API token: {V}', 'Signing secret: {V}'],
    keys: ['client_secret', 'API_SECRET', 'webhook_secret', 'SIGNING_SECRET', 'JWT_SECRET', 'SECRET_KEY', 'encryption_key', 'api_token', 'auth_token', 'appSecret'],
    code: ["SECRET_KEY = '{V}'", "const webhookSecret = '{V}';", "app.config['SECRET_KEY'] = '{V}'", "headers = {'x-api-key': '{V}'}"],
    kinds: ['env', 'yaml', 'code', 'json', 'chat'],
  },
];
