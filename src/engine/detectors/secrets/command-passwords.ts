// Passwords given on a command line or in a config directive, where no `password=` names them:
// `curl -u user:pass`, `mysql -u root -pS3cret` (or -p'S3cret'), `sshpass -p pass`, `htpasswd -b file user pass`,
// `docker login -u user -p pass` (and other registry clients), `mongosh -p pass`, `sqlcmd -P pass`,
// `redis-cli -a pass`, `ldapsearch -D "cn=admin,…" -w pass` (an LDAP bind), and `bindpw`/`rootpw` lines of LDAP
// configs (nslcd.conf, slapd.conf). Each tool's options are read on the rest of its line only.

export interface Span {
  start: number;
  end: number;
  /** Written in quotes on the command line. */
  quoted: boolean;
}

/**
 * A tool name where a command starts (line start, a space, `|`, `;`, `&`, `(`, a backquote) and
 * followed by a space: what follows on its line holds its options. `host=mysql-primary` is no command.
 */
const TOOL =
  /(?<![^\s;|&(\x60])(curl|mysql|mysqldump|mysqladmin|mariadb|mariadb-dump|sshpass|htpasswd|redis-cli|ldap(?:search|modify|add|delete|whoami|passwd|compare|modrdn)|docker|podman|buildah|skopeo|nerdctl|helm|oras|mongo|mongosh|mongodump|mongorestore|sqlcmd)[ \t]/g;
const MAX_LINE = 2000;
/** One argument: quoted, or a run without spaces. */
const ARG = String.raw`(?:"([^"\n]*)"|'([^'\n]*)'|([^\s"']+))`;

// The option that carries the password, per tool; group 1–3 is the argument holding it.
const CURL_USER = new RegExp(String.raw`(?:^|\s)(?:-u|--user)(?:=|\s+)${ARG}`, 'd');
const MYSQL = /(?:^|\s)(?:-p|--password=)(?:"([^"\n]*)"|'([^'\n]*)'|([^\s"']+))/d; // -pSECRET, -p'SECRET', glued; a lone -p prompts
// `docker login -u deploy -p S3cret registry.example.com` (and podman, buildah, skopeo, nerdctl,
// `helm registry login`, oras); `--password-stdin` reads it from elsewhere.
const REGISTRY_LOGIN = new RegExp(String.raw`(?:^|\s)(?:-p|--password)(?:=|\s+)${ARG}`, 'd');
const LOGIN = /(?:^|\s)login(?:\s|$)/;
// `mongosh -u admin -p S3cret`, `mongodump --password=S3cret`; `sqlcmd -U sa -P S3cret`.
const MONGO = new RegExp(String.raw`(?:^|\s)(?:-p|--password)(?:=|\s+)${ARG}`, 'd');
const SQLCMD = new RegExp(String.raw`(?:^|\s)-P\s*${ARG}`, 'd');
const SSHPASS = new RegExp(String.raw`(?:^|\s)-p\s*${ARG}`, 'd');
const LDAP_BIND = new RegExp(String.raw`(?:^|\s)-w\s*${ARG}`, 'd'); // -W prompts
const REDIS_AUTH = new RegExp(String.raw`(?:^|\s)(?:-a|--pass)\s+${ARG}`, 'd');
const HTPASSWD = new RegExp(String.raw`(?:^|\s)-([a-zA-Z]*b[a-zA-Z]*)\s+${ARG}\s+${ARG}(?:\s+${ARG})?`, 'd');
const DIRECTIVE = /^[ \t]*(?:bindpw|rootpw)[ \t]+([^\s"']+)/dgim;

function argument(m: RegExpExecArray, first: number): Span | null {
  for (let g = first; g < first + 3; g++) {
    const at = m.indices?.[g];
    if (at) return { start: at[0], end: at[1], quoted: g < first + 2 };
  }
  return null;
}

function shift(span: Span | null, by: number): Span | null {
  return span && { start: span.start + by, end: span.end + by, quoted: span.quoted };
}

/** The password span in one tool's options (`line`, starting at text offset `at`), or null. */
function passwordIn(tool: string, line: string, at: number): Span | null {
  if (tool === 'curl') {
    const m = CURL_USER.exec(line);
    const arg = m && argument(m, 1);
    if (!arg) return null;
    // `user:password`: the password is what follows the first colon; `user` alone prompts.
    const colon = line.indexOf(':', arg.start);
    if (colon === -1 || colon >= arg.end - 1) return null;
    return shift({ start: colon + 1, end: arg.end, quoted: arg.quoted }, at);
  }
  if (tool.startsWith('mysql') || tool.startsWith('mariadb')) {
    const m = MYSQL.exec(line);
    return shift(m && argument(m, 1), at);
  }
  if (['docker', 'podman', 'buildah', 'skopeo', 'nerdctl', 'helm', 'oras'].includes(tool)) {
    if (!LOGIN.test(line)) return null;
    const m = REGISTRY_LOGIN.exec(line);
    return shift(m && argument(m, 1), at);
  }
  if (tool.startsWith('mongo')) {
    const m = MONGO.exec(line);
    return shift(m && argument(m, 1), at);
  }
  if (tool === 'sqlcmd') {
    const m = SQLCMD.exec(line);
    return shift(m && argument(m, 1), at);
  }
  if (tool === 'redis-cli') {
    const m = REDIS_AUTH.exec(line);
    return shift(m && argument(m, 1), at);
  }
  if (tool === 'sshpass') {
    const m = SSHPASS.exec(line);
    return shift(m && argument(m, 1), at);
  }
  if (tool === 'htpasswd') {
    const m = HTPASSWD.exec(line);
    if (!m) return null;
    // -b takes the password on the line: `-b file user pass`, or `-nb user pass` without a file.
    const last = (m[1] ?? '').includes('n') ? argument(m, 5) : argument(m, 8);
    return shift(last, at);
  }
  const m = LDAP_BIND.exec(line);
  return shift(m && argument(m, 1), at);
}

/** Password spans on command lines and in LDAP config directives. */
export function findCommandPasswords(text: string): Span[] {
  const found: Span[] = [];
  TOOL.lastIndex = 0;
  for (let m = TOOL.exec(text); m !== null; m = TOOL.exec(text)) {
    const from = m.index + m[0].length - 1;
    let to = text.indexOf('\n', from);
    if (to === -1 || to - from > MAX_LINE) to = Math.min(text.length, from + MAX_LINE);
    const span = passwordIn((m[1] ?? '').toLowerCase(), text.slice(from, to), from);
    if (span && span.end > span.start) found.push(span);
    TOOL.lastIndex = to;
  }
  if (/bindpw|rootpw/i.test(text)) {
    DIRECTIVE.lastIndex = 0;
    for (const d of text.matchAll(DIRECTIVE)) {
      const at = d.indices?.[1];
      if (at) found.push({ start: at[0], end: at[1], quoted: false });
    }
  }
  return found;
}
