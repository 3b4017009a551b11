// Dashboard users (docs/users-and-roles.md): created, changed and deleted by an owner, or by an admin
// within its own organization; every change recorded in the change log, never a password or hash.
// Users outside the caller's reach are answered as absent (404): their ids reveal nothing.
import { Errors } from '../errors.js';
import { DuplicateError } from '../store/errors.js';
import { newId } from '../store/ids.js';
import type { OrganizationDoc } from '../store/organization-repository.js';
import type { UserDoc, UserRepository } from '../store/user-repository.js';
import { INSTALLATION_LOG, type Actor, type ChangeAction, type ChangeLog } from './change-log.js';
import { decoyHash, hashPassword, passwordProblem, verifyPassword } from './passwords.js';
import { ORG_ROLES, type Role } from './roles.js';

/** Who is managing users: an owner (the admin token, or an owner user), or an admin of one organization. */
export interface Manager {
  role: Role;
  orgId: string | null;
  /** Null for the admin token, which is nobody's account. */
  userId: string | null;
}

export interface UserCreate {
  email: string;
  password: string;
  role: Role;
}

export interface UserChange {
  role?: Role | undefined;
  disabled?: boolean | undefined;
  /** A reset by a manager: the user's sessions end. */
  password?: string | undefined;
}

/** What the change log keeps of a user: never the password or its hash. */
const userSettings = (u: UserDoc) => ({ email: u.email, role: u.role, org_id: u.org_id, disabled: u.disabled, password_changed_at: u.password_changed_at });

const logOf = (u: { org_id: string | null }) => u.org_id ?? INSTALLATION_LOG;

function assertPassword(password: string, email: string): void {
  const problem = passwordProblem(password, email);
  if (problem) throw Errors.validation(`Invalid request. ${problem}.`);
}

export class UserService {
  constructor(
    private readonly users: UserRepository,
    private readonly changeLog: ChangeLog,
  ) {}

  /** Whether the manager may see and change this user: an owner every user, an admin its organization's non-owners. */
  private reaches(manager: Manager, user: UserDoc): boolean {
    return manager.role === 'owner' || (manager.role === 'admin' && user.org_id !== null && user.org_id === manager.orgId);
  }

  private record<T>(actor: Actor, action: ChangeAction, before: UserDoc | null, after: UserDoc | null, run: () => Promise<T>, happened?: (r: T) => boolean) {
    const target = (after ?? before)!;
    const change = { actor, action, orgId: logOf(target), targetId: target._id, before: before && userSettings(before), after: after && userSettings(after) };
    return this.changeLog.apply(change, run, happened);
  }

  /** `org` is the organization of an admin, analyst or auditor (already checked to be the manager's); null for an owner. */
  async create(manager: Manager, org: OrganizationDoc | null, input: UserCreate, actor: Actor, now = new Date()): Promise<UserDoc> {
    if (input.role === 'owner' ? manager.role !== 'owner' : !ORG_ROLES.includes(input.role)) {
      throw Errors.roleForbidden('Only an owner may create an owner.');
    }
    if (input.role === 'owner' && org) throw Errors.validation('Invalid request. org_id: an owner belongs to no organization; leave it out.');
    if (input.role !== 'owner' && !org) throw Errors.validation(`Invalid request. org_id: is required for the role ${input.role}.`);
    const email = input.email.toLowerCase();
    assertPassword(input.password, email);
    const doc: UserDoc = {
      _id: newId('usr', now.getTime()),
      email,
      password_hash: await hashPassword(input.password),
      role: input.role,
      org_id: org?._id ?? null,
      disabled: false,
      session_version: 0,
      password_changed_at: now,
      created_at: now,
      updated_at: now,
    };
    try {
      await this.record(actor, 'user.create', null, doc, () => this.users.insert(doc));
    } catch (err) {
      if (err instanceof DuplicateError) throw Errors.conflict(`A user with the email ${email} already exists.`);
      throw err;
    }
    return doc;
  }

  /** Users the manager reaches, optionally of one organization, by email. */
  async list(manager: Manager, orgId?: string): Promise<UserDoc[]> {
    const scope = manager.role === 'owner' ? orgId : manager.orgId;
    const docs = scope === undefined ? await this.users.listAll() : await this.users.listByOrg(scope);
    return docs.filter((u) => this.reaches(manager, u)).sort((a, b) => a.email.localeCompare(b.email));
  }

  async get(manager: Manager, id: string): Promise<UserDoc | null> {
    const user = await this.users.findById(id);
    return user && this.reaches(manager, user) ? user : null;
  }

  async update(manager: Manager, id: string, patch: UserChange, actor: Actor, now = new Date()): Promise<UserDoc | null> {
    const current = await this.get(manager, id);
    if (!current) return null;
    const self = current._id === manager.userId;
    if (self && ((patch.role !== undefined && patch.role !== current.role) || patch.disabled === true)) {
      throw Errors.roleForbidden('You cannot change your own role or disable yourself; ask another owner or admin.');
    }
    if (patch.role !== undefined && patch.role !== current.role) {
      if (patch.role === 'owner' || current.role === 'owner') {
        throw Errors.validation('Invalid request. role: a user cannot move between owner and an organization role; create a new user instead.');
      }
      if (!ORG_ROLES.includes(patch.role)) throw Errors.roleForbidden(`Only an owner may give the role ${patch.role}.`);
    }
    const set: Partial<UserDoc> = { updated_at: now };
    if (patch.role !== undefined) set.role = patch.role;
    if (patch.disabled !== undefined) set.disabled = patch.disabled;
    if (patch.password !== undefined) {
      assertPassword(patch.password, current.email);
      set.password_hash = await hashPassword(patch.password);
      set.password_changed_at = now;
    }
    // A reset password or a disabled account ends every session started before.
    if (patch.password !== undefined || (patch.disabled === true && !current.disabled)) set.session_version = current.session_version + 1;
    const after = { ...current, ...set };
    return this.record(actor, 'user.update', current, after, () => this.users.update(id, set), (doc) => doc !== null);
  }

  async delete(manager: Manager, id: string, actor: Actor): Promise<boolean> {
    const current = await this.get(manager, id);
    if (!current) return false;
    if (current._id === manager.userId) throw Errors.roleForbidden('You cannot delete yourself; ask another owner or admin.');
    return this.record(actor, 'user.delete', current, null, () => this.users.delete(id), (deleted) => deleted);
  }

  /** The user's own change: the current password proves it is them (a stolen session alone cannot). */
  async changeOwnPassword(user: UserDoc, current: string, next: string, actor: Actor, now = new Date()): Promise<UserDoc | null> {
    if (!(await verifyPassword(current, user.password_hash))) return null;
    assertPassword(next, user.email);
    const set = { password_hash: await hashPassword(next), password_changed_at: now, updated_at: now, session_version: user.session_version + 1 };
    const after = { ...user, ...set };
    await this.record(actor, 'user.password_change', user, after, () => this.users.update(user._id, set), (doc) => doc !== null);
    return after;
  }

  /** The enabled user with this email and password; null otherwise, after the same work either way. */
  async verify(email: string, password: string): Promise<UserDoc | null> {
    const user = await this.users.findByEmail(email.toLowerCase());
    const ok = await verifyPassword(password, user?.password_hash ?? (await decoyHash()));
    return user && ok && !user.disabled ? user : null;
  }

  /** The enabled user with this email (single sign-on: the provider has proved the email). */
  async enabledByEmail(email: string): Promise<UserDoc | null> {
    const user = await this.users.findByEmail(email.toLowerCase());
    return user && !user.disabled ? user : null;
  }

  /** The user a session names, while the session is still theirs: not deleted, not disabled, no password change since. */
  async forSession(userId: string, version: number): Promise<UserDoc | null> {
    const user = await this.users.findById(userId);
    return user && !user.disabled && user.session_version === version ? user : null;
  }
}
