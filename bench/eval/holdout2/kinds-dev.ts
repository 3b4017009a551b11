// A developer's traces: ~/.bash_history / ~/.zsh_history and Jupyter notebook cells with outputs.
import { v, type Ctx } from '../holdout/doc.js';
import { semver, shortSha, podName } from './lookalikes.js';
import { mk, person } from './make.js';

export function shellHistory({ rng: r, d }: Ctx): void {
  const zsh = r.chance(0.4);
  let t = 1_730_000_000 + r.int(0, 20_000_000);
  const cmd = (...parts: Parameters<typeof d.put>) => {
    t += r.int(5, 900);
    if (zsh) d.put(`: ${t}:0;`);
    d.put(...parts, '\n');
  };
  cmd('cd ~/src/acme-api');
  cmd('git pull --rebase');
  cmd('export AWS_ACCESS_KEY_ID=', mk.awsId(r));
  cmd('export AWS_SECRET_ACCESS_KEY=', mk.awsSecret(r));
  cmd('aws s3 ls s3://acme-backups/ --region eu-central-1');
  cmd(`kubectl -n prod logs ${podName(r, 'api')} --tail=200`);
  switch (r.int(0, 3)) {
    case 0:
      cmd('psql "', mk.conn(r, 'analyst', 'warehouse.internal.acme.io', 'postgres'), '"');
      break;
    case 1:
      cmd("mysql -h db01 -u root -p'", mk.pw(r), "' orders");
      break;
    case 2:
      cmd('curl -H "Authorization: Bearer ', mk.openai(r), '" https://api.openai.com/v1/models | jq .');
      break;
    default:
      cmd("curl https://api.anthropic.com/v1/messages -H 'x-api-key: ", mk.anthropic(r), "' -H 'anthropic-version: 2023-06-01' -d @req.json");
  }
  cmd('git clone https://', r.pick(['oauth2', 'gitlab-ci-token']), ':', mk.gitlab(r, 'glpat-'), '@gitlab.com/acme/infra.git');
  cmd(`docker run --rm -it node:${semver(r)}-alpine sh`);
  if (r.chance(0.5)) cmd("curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"deploy done\"}' ", mk.hook(r));
  if (r.chance(0.6)) cmd('export PREFLIGHT_KEY=', mk.svc(r));
  if (r.chance(0.4)) cmd('curl -s -H "Authorization: Bearer ', mk.slack(r), '" https://slack.com/api/conversations.list | jq \'.channels[].name\'');
  if (r.chance(0.5)) cmd('echo ', mk.github(r, 'ghp'), ' | gh auth login --with-token');
  cmd(`git log --oneline -5 ${shortSha(r)}`);
  cmd('history | tail');
}

/** Notebook cells as they read when the .ipynb is pasted as text: In/Out prompts and a printed DataFrame. */
export function notebook({ rng: r, d }: Ctx): void {
  const rows = Array.from({ length: r.int(3, 5) }, () => person(r));
  d.l`In [1]:`;
  d.l`import pandas as pd`;
  d.l`import sqlalchemy as sa`;
  d.l`engine = sa.create_engine("${mk.conn(r, 'ds_reader', 'replica.db.acme.io', r.pick(['postgres', 'mysql'] as const))}")`;
  d.l``;
  d.l`In [2]:`;
  if (r.chance(0.5)) d.l`client = OpenAI(api_key="${mk.openai(r)}")`;
  else d.l`client = anthropic.Anthropic(api_key="${mk.anthropic(r)}")`;
  d.l``;
  d.l`In [3]:`;
  d.l`df = pd.read_sql("select name, email, phone, signup_ip from customers where churned", engine)`;
  d.l`df.head()`;
  d.l``;
  d.l`Out[3]:`;
  d.l`   name                    email                                  phone              signup_ip`;
  rows.forEach((p, i) => {
    d.l`${i}  ${mk.name(p)}    ${mk.email(r, p)}    ${mk.phone(r)}    ${mk.ip(r)}`;
  });
  d.l``;
  d.l`In [4]:`;
  d.l`df.shape, df.signup_ip.nunique()`;
  d.l`Out[4]:`;
  d.l`((${r.int(1000, 90000)}, 4), ${r.int(900, 80000)})`;
  if (r.chance(0.5)) {
    d.l``;
    d.l`In [5]:`;
    // Hugging Face tokens have no type of their own: a generic secret.
    d.l`import os; os.environ["HF_TOKEN"] = "${v('GENERIC_SECRET', 'hf_' + r.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 34))}"`;
  }
}
