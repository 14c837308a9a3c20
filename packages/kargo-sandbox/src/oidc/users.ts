/**
 * The people who may sign in to the sandbox's OpenID provider, from fixture
 * documents:
 *
 * ```yaml
 * apiVersion: sandbox/v1
 * kind: OIDCUser
 * metadata: { name: alice }
 * spec: { email: alice@example.com, name: Alice Promoter, groups: [kargo-promoters], password: alice }
 * ```
 */

/** One sign-in user. @public */
export interface SandboxUser {
  /** The `sub` claim: metadata.name. */
  id: string;
  email: string;
  name: string;
  groups: string[];
  password: string;
}

export function isUserFixture(doc: any): boolean {
  return doc?.apiVersion === 'sandbox/v1' && doc?.kind === 'OIDCUser';
}

export function userFromFixture(doc: any): SandboxUser {
  const id = doc?.metadata?.name;
  const spec = doc?.spec ?? {};
  if (typeof id !== 'string' || !id) throw new Error('OIDCUser without metadata.name');
  for (const field of ['email', 'name', 'password'] as const) {
    if (typeof spec[field] !== 'string' || !spec[field])
      throw new Error(`OIDCUser "${id}": spec.${field} is required`);
  }
  const groups = spec.groups ?? [];
  if (!Array.isArray(groups) || !groups.every((g: unknown) => typeof g === 'string'))
    throw new Error(`OIDCUser "${id}": spec.groups must be a list of strings`);
  return { id, email: spec.email, name: spec.name, groups, password: spec.password };
}

/** Users by id and by email (the login form takes the email). */
export class UserDirectory {
  private readonly byId = new Map<string, SandboxUser>();

  add(user: SandboxUser): void {
    this.byId.set(user.id, user);
  }

  find(id: string): SandboxUser | undefined {
    return this.byId.get(id);
  }

  /** The user whose email and password match, compared in full. */
  check(email: string, password: string): SandboxUser | undefined {
    const u = [...this.byId.values()].find(
      x => x.email.toLowerCase() === email.trim().toLowerCase(),
    );
    return u && u.password === password ? u : undefined;
  }

  all(): SandboxUser[] {
    return [...this.byId.values()];
  }
}
