import type {
  PermissionsService,
  PermissionsServiceRequestOptions,
} from '@backstage/backend-plugin-api';
import type { Config } from '@backstage/config';
import {
  AuthorizeResult,
  type AuthorizePermissionRequest,
  type AuthorizePermissionResponse,
  type PolicyDecision,
  type QueryPermissionRequest,
} from '@backstage/plugin-permission-common';
import {
  kargoAnalysisRunReadRawPermission,
  kargoStageReadPermission,
  parseKargoStageResourceRef,
} from '@kargo-backstage/plugin-kargo-common';
import { servicePrincipal } from './principals';

/** What one service principal may read (`kargo.access.services[]`). */
export interface ServiceScope {
  /** The principal's subject: a static token's `subject`, `external:<sub>` (JWKS), `plugin:<id>`. */
  subject: string;
  /** Project names, or `*` for every project. */
  projects: string[];
  /** Whether the AnalysisRun object (`raw`) is given too. */
  raw: boolean;
}

/**
 * The catalog module's own reader: `/snapshot` (only that route), every
 * project, no `raw`, unless `kargo.access.services` names `plugin:catalog`.
 * What it mirrors is limited by `catalog.providers.kargo` (docs/catalog.md).
 */
const CATALOG_SNAPSHOT: ServiceScope = {
  subject: 'plugin:catalog',
  projects: ['*'],
  raw: false,
};

const PROJECT = /^([a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?|\*)$/;

/** Reads `kargo.access.services` once at startup; throws naming the faulty entry. */
export function readServiceScopes(config: Config): ServiceScope[] {
  const entries = config.getOptionalConfigArray('kargo.access.services') ?? [];
  const seen = new Set<string>();
  return entries.map((entry, i) => {
    const key = `kargo.access.services[${i}]`;
    const subject = entry.getString('subject');
    // As Backstage forms it: a static token's own `subject`, `external:<sub>`
    // for JWKS tokens, `plugin:<pluginId>` for plugins.
    if (!/^\S+$/.test(subject)) {
      throw new Error(
        `${key}.subject must be a principal subject such as 'mcp-assistant' or 'plugin:catalog', got '${subject}'`,
      );
    }
    if (seen.has(subject)) {
      throw new Error(`${key}.subject '${subject}' is listed twice`);
    }
    seen.add(subject);
    const projects = entry.getStringArray('projects');
    const bad = projects.find(p => !PROJECT.test(p));
    if (bad !== undefined) {
      throw new Error(
        `${key}.projects: '${bad}' is neither a Kargo project name nor '*'`,
      );
    }
    return { subject, projects, raw: entry.getOptionalBoolean('raw') ?? false };
  });
}

const READ = kargoStageReadPermission.name;
const RAW = kargoAnalysisRunReadRawPermission.name;

function projectOfRef(request: AuthorizePermissionRequest): string | undefined {
  const ref = 'resourceRef' in request ? request.resourceRef : undefined;
  return typeof ref === 'string'
    ? parseKargoStageResourceRef(ref)?.project
    : undefined;
}

/** Whether the scope lets the service have this Kargo read. */
function scopeAllows(
  scope: ServiceScope | undefined,
  request: AuthorizePermissionRequest,
): boolean {
  if (!scope) return false;
  const project = projectOfRef(request);
  const inScope =
    scope.projects.includes('*') ||
    (project !== undefined && scope.projects.includes(project));
  if (request.permission.name === RAW) return inScope && scope.raw;
  return inScope;
}

function isScopedRead(name: string): boolean {
  return name === READ || name === RAW;
}

/**
 * The permissions service as the plugin's reads use it. Backstage's
 * permission client allows every service principal everything (narrowed only
 * by its `accessRestrictions`, by permission name, never by resource), so
 * `kargo.stage.read` and `kargo.analysisrun.raw.read` would mean nothing for
 * a static token or another plugin. For service principals these two are
 * decided here, by `kargo.access.services`, and must pass Backstage's client
 * as well; everything else, and every user, goes to Backstage unchanged.
 */
export function scopedPermissions(
  inner: PermissionsService,
  scopes: readonly ServiceScope[],
): PermissionsService {
  const scopeOf = (subject: string) => scopes.find(s => s.subject === subject);
  return {
    async authorize(requests, options) {
      const decisions = await inner.authorize(requests, options);
      const service = servicePrincipal(options);
      if (!service) return decisions;
      const scope = scopeOf(service.subject);
      return decisions.map((decision, i): AuthorizePermissionResponse => {
        const request = requests[i];
        if (!isScopedRead(request.permission.name)) return decision;
        return decision.result === AuthorizeResult.ALLOW &&
          scopeAllows(scope, request)
          ? decision
          : { ...decision, result: AuthorizeResult.DENY };
      });
    },
    async authorizeConditional(
      queries: QueryPermissionRequest[],
      options: PermissionsServiceRequestOptions,
    ): Promise<PolicyDecision[]> {
      const decisions = await inner.authorizeConditional(queries, options);
      const service = servicePrincipal(options);
      if (!service) return decisions;
      const scope = scopeOf(service.subject);
      // No resource here: only a scope over every project can allow.
      const everyProject = scope?.projects.includes('*') ?? false;
      return decisions.map((decision, i) => {
        const name = queries[i].permission.name;
        if (!isScopedRead(name)) return decision;
        const allowed = everyProject && (name !== RAW || scope!.raw);
        return allowed ? decision : { result: AuthorizeResult.DENY };
      });
    },
  };
}

/**
 * The scopes `/snapshot` applies: the configured ones, plus the catalog
 * module's default unless `plugin:catalog` is configured.
 */
export function snapshotScopes(
  scopes: readonly ServiceScope[],
): ServiceScope[] {
  return scopes.some(s => s.subject === CATALOG_SNAPSHOT.subject)
    ? [...scopes]
    : [...scopes, CATALOG_SNAPSHOT];
}
