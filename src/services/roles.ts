// Who may do what (docs/users-and-roles.md). Every route names one access group in its config
// (`config: { access }`); the auth plugin admits a dashboard user only when the user's role is in
// that group, and a route that names none is the owner's alone. Organization scoping (a user of one
// organization never reaches another's) is done once, where the route loads the organization.
import type { Role } from '../store/user-repository.js';

export { ROLES, type Role } from '../store/user-repository.js';

/**
 * The groups, from the roles: an admin runs one organization (settings, policies, keys,
 * teams, licenses, users) and may also read what its analysts and auditors read.
 */
export const ACCESS = {
  /** Anyone signed in: their own organization's record, their own session and password. */
  signedIn: ['owner', 'admin', 'analyst', 'auditor'],
  /** Organization management: settings, policies and keys, licenses, teams and tags, partner keys, users, the bundle schedule, framework opt-in. */
  manage: ['owner', 'admin'],
  /** The audit trail, analytics, checks' results. */
  analyse: ['owner', 'admin', 'analyst'],
  /** Compliance evidence, exports and bundles, and the change log: read-only. */
  comply: ['owner', 'admin', 'auditor'],
  /** Everything outside an organization: creating and deleting organizations, queues, metrics. */
  owner: ['owner'],
} as const satisfies Record<string, readonly Role[]>;
export type Access = keyof typeof ACCESS;

/** Routes without an access group are the owner's: a new route is closed to users until it says otherwise. */
export function roleMay(role: Role, access: Access | undefined): boolean {
  return (ACCESS[access ?? 'owner'] as readonly Role[]).includes(role);
}

/** Roles that an admin may give: never owner, whose reach is every organization. */
export const ORG_ROLES: readonly Role[] = ['admin', 'analyst', 'auditor'];
