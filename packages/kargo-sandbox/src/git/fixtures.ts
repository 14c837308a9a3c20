import { FAKE_PROVIDER_NAMES, FAKE_PROVIDERS } from './providers';
import type { GitFixtureDocument, GitProvider } from './types';

const KINDS: Record<string, GitProvider> = Object.fromEntries(
  FAKE_PROVIDER_NAMES.map(p => [FAKE_PROVIDERS[p].fixtureKind, p]),
);
const STATES = ['open', 'closed', 'merged'];
const STRING_FIELDS = [
  'repoURL',
  'title',
  'sourceBranch',
  'targetBranch',
  'headSha',
  'author',
  'createdAt',
] as const;

/** True for documents this folder loads (the Kubernetes loader skips them). */
export function isGitFixture(doc: unknown): doc is GitFixtureDocument {
  const d = doc as Partial<GitFixtureDocument> | undefined;
  return (
    typeof d === 'object' &&
    d !== null &&
    d.apiVersion === 'sandbox/v1' &&
    typeof d.kind === 'string' &&
    d.kind in KINDS
  );
}

/**
 * Checks a fixture document field by field, so a typo in a scenario names the
 * document and the field instead of surfacing later as an odd API answer.
 */
export function parseFixture(doc: GitFixtureDocument): {
  provider: GitProvider;
  name: string;
  spec: GitFixtureDocument['spec'];
} {
  if (!isGitFixture(doc)) {
    throw new Error(
      `Not a Git fixture: expected apiVersion sandbox/v1 and kind ${Object.keys(
        KINDS,
      ).join(', ')}`,
    );
  }
  const name = doc.metadata?.name;
  if (typeof name !== 'string' || !name) {
    throw new Error(`${doc.kind} fixture without metadata.name`);
  }
  const where = `${doc.kind} "${name}"`;
  if (typeof doc.spec !== 'object' || doc.spec === null) {
    throw new Error(`${where}: spec is required`);
  }
  // A YAML 1.1 loader may turn the timestamp into a Date; accept both.
  const rawCreatedAt: unknown = doc.spec.createdAt;
  const spec = {
    ...doc.spec,
    createdAt:
      rawCreatedAt instanceof Date
        ? rawCreatedAt.toISOString()
        : doc.spec.createdAt,
  };
  for (const field of STRING_FIELDS) {
    if (typeof spec[field] !== 'string' || !spec[field]) {
      throw new Error(`${where}: spec.${field} must be a non-empty string`);
    }
  }
  if (!Number.isInteger(spec.number) || spec.number < 1) {
    throw new Error(`${where}: spec.number must be a positive integer`);
  }
  if (!STATES.includes(spec.state)) {
    throw new Error(`${where}: spec.state must be one of ${STATES.join(', ')}`);
  }
  if (Number.isNaN(Date.parse(spec.createdAt))) {
    throw new Error(`${where}: spec.createdAt must be an RFC 3339 timestamp`);
  }
  if (
    spec.headRepo !== undefined &&
    (typeof spec.headRepo !== 'string' || !/^[\w.-]+(\/[\w.-]+)+$/.test(spec.headRepo))
  ) {
    throw new Error(`${where}: spec.headRepo must be a fork's owner/name`);
  }
  if (spec.description !== undefined && typeof spec.description !== 'string') {
    throw new Error(`${where}: spec.description must be a string`);
  }
  const createdAt = new Date(spec.createdAt)
    .toISOString()
    .replace(/\.000Z$/, 'Z');
  return { provider: KINDS[doc.kind], name, spec: { ...spec, createdAt } };
}
