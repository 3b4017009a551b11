// Logs as services write them: structured JSON lines, nginx access logs in the combined format, and
// a framework's request log that prints parameters and headers it should not.
import type { Ctx } from '../holdout/doc.js';
import { isoTimestamp, shortSha, uuid, podName } from './lookalikes.js';
import { mk, person } from './make.js';

const UAS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.91 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1',
  'okhttp/4.12.0',
  'python-requests/2.31.0',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.3 Safari/605.1.15',
];

export function jsonLogs({ rng: r, d }: Ctx): void {
  const svc = r.pick(['checkout-api', 'auth-service', 'notifications', 'user-profile']);
  const pod = podName(r, svc);
  for (let i = r.int(4, 7); i > 0; i--) {
    const p = person(r);
    const head = `{"ts":"${isoTimestamp(r)}","level":"${r.pick(['info', 'info', 'warn', 'error', 'debug'])}","service":"${svc}","pod":"${pod}","trace_id":"${r.chars('0123456789abcdef', 32)}"`;
    switch (r.int(0, 6)) {
      case 0:
        d.l`${head},"msg":"login ok","user":"${mk.email(r, p)}","client_ip":"${mk.ip(r)}","latency_ms":${r.int(3, 900)}}`;
        break;
      case 1:
        d.l`${head},"msg":"outbound request","method":"POST","url":"https://api.partner.io/v1/charges","headers":{"Authorization":"Bearer ${mk.jwt(r)}","Content-Type":"application/json"}}`;
        break;
      case 2:
        d.l`${head},"msg":"password reset requested","email":"${mk.email(r, p)}","phone":"${mk.phone(r)}","request_id":"${uuid(r)}"}`;
        break;
      case 3:
        d.l`${head},"msg":"db pool created","dsn":"${mk.conn(r, svc.replace('-', '_'), `${svc}-db.internal`)}","max":20}`;
        break;
      case 4:
        d.l`${head},"msg":"validation failed","body":{"name":"${mk.name(p)}","dob":"${mk.dob(r)}","ssn":"${mk.ssn(r)}"},"error":"address required"}`;
        break;
      case 5:
        d.l`${head},"msg":"payment declined","card":"${mk.card(r, undefined, 'plain')}","code":"insufficient_funds","amount":${r.int(100, 90000)}}`;
        break;
      default:
        d.l`${head},"msg":"healthcheck","peer":"${mk.privateIp(r)}","status":200}`;
    }
  }
}

export function nginxAccess({ rng: r, d }: Ctx): void {
  const day = `${r.int(10, 28)}/${r.pick(['Jan', 'Mar', 'Jun', 'Sep', 'Nov'])}/2025`;
  for (let i = r.int(5, 9); i > 0; i--) {
    const t = `[${day}:${String(r.int(0, 23)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')} +0000]`;
    const ua = r.pick(UAS);
    const tail = ` ${r.pick([200, 200, 200, 302, 401, 404])} ${r.int(120, 48000)} "-" "${ua}"`;
    switch (r.int(0, 6)) {
      case 0:
        d.l`${mk.ip(r)} - - ${t} "GET /api/v2/maps/geocode?address=main+st&key=${mk.google(r)} HTTP/1.1"${tail}`;
        break;
      case 1:
        d.l`${mk.ip(r)} - - ${t} "GET /unsubscribe?email=${mk.emailText(encodeURIComponentSafe(mk.email(r, person(r)).text))}&list=weekly HTTP/2.0"${tail}`;
        break;
      case 2:
        d.l`${mk.ip(r)} - - ${t} "POST /hooks/deploy?token=${mk.gitlab(r, 'glpat-')} HTTP/1.1"${tail}`;
        break;
      case 3:
        d.l`${mk.ip(r, true)} - - ${t} "GET /static/js/app.${shortSha(r)}.js HTTP/2.0"${tail}`;
        break;
      case 4:
        d.l`${mk.privateIp(r)} - - ${t} "GET /healthz HTTP/1.1" 200 2 "-" "kube-probe/1.29"`;
        break;
      case 5:
        d.l`${mk.ip(r)} - ${r.pick(['admin', 'deploy', 'ops'])} ${t} "GET /admin/export.csv HTTP/1.1"${tail}`;
        break;
      default:
        d.l`${mk.ip(r)} - - ${t} "GET /reset?session=${mk.jwt(r)} HTTP/1.1"${tail}`;
    }
  }
}

/**
 * An internal access log: the clients are kube-probe, Prometheus and other services, at private
 * addresses. It was a benign kind until 2026-11-28; a private address is now labelled
 * (docs/accuracy.md), so it is a positive kind whose values are those addresses.
 */
export function internalAccessLog({ rng: r, d }: Ctx): void {
  for (let i = r.int(5, 9); i > 0; i--) {
    d.l`${mk.privateIp(r)} - - [${r.int(10, 28)}/Oct/2025:${r.int(10, 23)}:${r.int(10, 59)}:${r.int(10, 59)} +0000] "GET ${r.pick(['/healthz', '/metrics', '/readyz', `/api/v1/orders/${uuid(r)}`])} HTTP/1.1" 200 ${r.int(2, 9000)} "-" "${r.pick(['kube-probe/1.29', 'Prometheus/2.51.0', 'Go-http-client/1.1'])}" rt=${r.int(0, 2)}.${r.digits(3)} req_id=${uuid(r)}`;
  }
}

/** The '@' stays, the '+' of plus-addressing is percent-encoded, as browsers send it in a query string. */
function encodeURIComponentSafe(s: string): string {
  return s.replace(/\+/g, '%2B');
}

export function railsLog({ rng: r, d }: Ctx): void {
  const p = person(r);
  const ip = mk.ip(r);
  d.l`Started POST "/users" for ${ip} at 2025-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')} 1${r.int(0, 9)}:${r.int(10, 59)}:${r.int(10, 59)} +0000`;
  d.l`Processing by UsersController#create as HTML`;
  d.l`  Parameters: {"authenticity_token"=>"[FILTERED]", "user"=>{"full_name"=>"${mk.name(p)}", "email"=>"${mk.email(r, p)}", "phone"=>"${mk.phone(r)}", "password"=>"${mk.pw(r)}", "date_of_birth"=>"${mk.dob(r)}"}, "commit"=>"Sign up"}`;
  d.l`  User Exists? (0.6ms)  SELECT 1 AS one FROM "users" WHERE "users"."email" = $1 LIMIT $2`;
  d.l`  TRANSACTION (0.2ms)  BEGIN`;
  d.l`  User Create (1.4ms)  INSERT INTO "users" ("full_name", "email", "created_at") VALUES ($1, $2, $3) RETURNING "id"`;
  d.l`  TRANSACTION (0.9ms)  COMMIT`;
  d.l`[ActiveJob] Enqueued WelcomeMailerJob (Job ID: ${uuid(r)}) to Sidekiq(default)`;
  d.l`Redirected to https://app.example-shop.com/onboarding`;
  d.l`Completed 302 Found in ${r.int(20, 300)}ms (ActiveRecord: ${r.int(2, 30)}.${r.int(0, 9)}ms | Allocations: ${r.int(2000, 20000)})`;
  if (r.chance(0.6)) {
    d.l``;
    d.l`Started POST "/checkout/payment" for ${ip}`;
    d.l`  Parameters: {"payment"=>{"card_number"=>"${mk.card(r, undefined, r.pick(['plain', 'spaced'] as const))}", "exp"=>"${String(r.int(1, 12)).padStart(2, '0')}/${r.int(26, 31)}", "cvc"=>"[FILTERED]", "name_on_card"=>"${mk.nameText(p.full.toUpperCase())}"}}`;
    d.l`Completed 422 Unprocessable Entity in ${r.int(20, 300)}ms`;
  }
  if (r.chance(0.5)) {
    d.l``;
    d.l`Started GET "/api/reports?api_key=${mk.svc(r)}" for ${mk.ip(r)}`;
    d.l`Completed 200 OK in ${r.int(20, 300)}ms`;
  }
}
