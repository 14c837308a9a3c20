import type { Stage, StageArgoCdApp } from '../types';

/** The annotation Kargo's argocd-update step writes: the Applications it updated, names resolved. @public */
export const ARGOCD_CONTEXT_ANNOTATION = 'kargo.akuity.io/argocd-context';

/** Argo CD's default namespace (Kargo's libargocd.Namespace() default). */
const DEFAULT_NAMESPACE = 'argocd';
const EXPRESSION = /\$\{\{/;

/**
 * Applications shown per Stage, and entries read of each source: a Stage
 * updates a few; its health output is any JSON a project member writes
 * (`x-kubernetes-preserve-unknown-fields`), and 3,000 Applications there
 * made 4.5 million comparisons and a summary 8 times the Stage (issue 35,
 * attack 14).
 *
 * @public
 */
export const MAX_ARGOCD_APPS = 100;
const MAX_READ = 10 * MAX_ARGOCD_APPS;
/** A Kubernetes name or namespace is at most 253 characters. */
const MAX_NAME = 253;
/** Characters of a health or sync status (Argo CD writes a word). */
const MAX_STATUS = 64;

type AppKey = { name: string; namespace: string };

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function str(value: unknown, max = MAX_NAME): string | undefined {
  return typeof value === 'string' && value && value.length <= max
    ? value
    : undefined;
}

/** The first MAX_READ entries of `list`, whatever each holds. */
const firstRead = (list: unknown): unknown[] =>
  Array.isArray(list) ? list.slice(0, MAX_READ) : [];

/** The first MAX_READ entries of the lists `listOf` finds in each of `outer`. */
function firstReadOfEach(
  outer: unknown,
  listOf: (entry: unknown) => unknown,
): unknown[] {
  const read: unknown[] = [];
  for (const entry of firstRead(outer)) {
    const inner = listOf(entry);
    if (!Array.isArray(inner)) continue;
    read.push(...inner.slice(0, MAX_READ - read.length));
    if (read.length >= MAX_READ) break;
  }
  return read;
}

/** The Applications named by the Stage's `argocd-update` steps (names without expressions only). */
function fromSteps(stage: Stage): AppKey[] {
  const steps = stage.spec?.promotionTemplate?.spec?.steps;
  if (!Array.isArray(steps)) return [];
  return firstReadOfEach(steps, step =>
    asRecord(step)?.uses === 'argocd-update'
      ? asRecord(asRecord(step)?.config)?.apps
      : undefined,
  ).flatMap(app => {
    const name = str(asRecord(app)?.name);
    const namespace = str(asRecord(app)?.namespace) ?? DEFAULT_NAMESPACE;
    // An expression (`${{ ctx.stage }}`) resolves only during a Promotion.
    if (!name || EXPRESSION.test(name) || EXPRESSION.test(namespace)) return [];
    return [{ name, namespace }];
  });
}

/** The Applications the last argocd-update step recorded (Kargo's UI reads the same annotation). */
function fromContext(stage: Stage): AppKey[] {
  const raw = stage.metadata?.annotations?.[ARGOCD_CONTEXT_ANNOTATION];
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return firstRead(parsed).flatMap(entry => {
      const name = str(asRecord(entry)?.name);
      const namespace = str(asRecord(entry)?.namespace) ?? DEFAULT_NAMESPACE;
      return name ? [{ name, namespace }] : [];
    });
  } catch {
    return [];
  }
}

interface AppStatus extends AppKey {
  health: string | null;
  sync: string | null;
}

/**
 * Kargo's health output (pkg/health/checker/builtin/argocd.go): a list of
 * `{ applicationStatuses: [{ Namespace, Name, health: { status }, sync: { status } }] }`.
 */
function fromHealth(stage: Stage): AppStatus[] {
  const output = (stage.status?.health as { output?: unknown } | undefined)
    ?.output;
  return firstReadOfEach(
    output,
    entry => asRecord(entry)?.applicationStatuses,
  ).flatMap(s => {
    const status = asRecord(s);
    const name = str(status?.Name) ?? str(status?.name);
    if (!name) return [];
    return [
      {
        name,
        namespace:
          str(status?.Namespace) ?? str(status?.namespace) ?? DEFAULT_NAMESPACE,
        health: str(asRecord(status?.health)?.status, MAX_STATUS) ?? null,
        sync: str(asRecord(status?.sync)?.status, MAX_STATUS) ?? null,
      },
    ];
  });
}

/** `<argocdUrl>/applications/<namespace>/<name>`, as Kargo's UI links an Application. @public */
export function argoCdAppUrl(
  argocdUrl: string,
  namespace: string,
  name: string,
): string {
  return `${argocdUrl.replace(/\/+$/, '')}/applications/${encodeURIComponent(
    namespace,
  )}/${encodeURIComponent(name)}`;
}

/**
 * The Argo CD Applications a Stage updates: those its `argocd-update` steps
 * name, those the last Promotion recorded (`kargo.akuity.io/argocd-context`,
 * names resolved) and those Kargo's health check reports, once each, with
 * the health and sync state Kargo last saw: at most MAX_ARGOCD_APPS. Reads
 * nothing but the Stage; never throws on a malformed one.
 *
 * @public
 */
export function stageArgoCdApps(
  stage: Stage,
  argocdUrl?: string | null,
): StageArgoCdApp[] {
  const health = fromHealth(stage);
  // The first status of each Application (the one a scan would find).
  const statusOf = new Map<string, AppStatus>();
  for (const h of health) {
    const key = `${h.namespace}/${h.name}`;
    if (!statusOf.has(key)) statusOf.set(key, h);
  }
  const seen = new Map<string, StageArgoCdApp>();
  for (const app of [...fromContext(stage), ...fromSteps(stage), ...health]) {
    if (seen.size >= MAX_ARGOCD_APPS) break;
    const key = `${app.namespace}/${app.name}`;
    if (seen.has(key)) continue;
    const status = statusOf.get(key);
    seen.set(key, {
      name: app.name,
      namespace: app.namespace,
      health: status?.health ?? null,
      sync: status?.sync ?? null,
      url: argocdUrl ? argoCdAppUrl(argocdUrl, app.namespace, app.name) : null,
    });
  }
  return [...seen.values()];
}
