// What bootstrap says of the admin token: the service never makes one, the operator sets it.
/** Where the token comes from, and the token itself only when asked: it is a secret the operator already holds. */
export function adminTokenSource(env: Record<string, string | undefined>, token: string, show: boolean): string {
  const file = env.SERVICE_ADMIN_TOKEN_FILE;
  const from = file ? `the file ${file} (SERVICE_ADMIN_TOKEN_FILE)` : 'the SERVICE_ADMIN_TOKEN variable';
  const value = show ? token : `${token.slice(0, 4)}… (${token.length} characters; --show-token prints it)`;
  return `Admin token: ${value}\n  from ${from}. Send it as "Authorization: Bearer <token>" to /api/* and /admin/queues.`;
}
