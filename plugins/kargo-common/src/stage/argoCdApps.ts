import type { Stage, StageArgoCdApp } from '../types';

/** The annotation Kargo's argocd-update step writes: the Applications it updated, names resolved. @public */
export const ARGOCD_CONTEXT_ANNOTATION = 'kargo.akuity.io/argocd-context';

/** Argo CD's default namespace (Kargo's libargocd.Namespace() default). */
const DEFAULT_NAMESPACE = 'argocd';
const EXPRESSION = /\$\{\{/;

type AppKey = { name: string; namespace: string };

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value ? value : undefined;
}

/** The Applications named by the Stage's `argocd-update` steps (names without expressions only). */
function fromSteps(stage: Stage): AppKey[] {
  const steps = stage.spec?.promotionTemplate?.spec?.steps;
  if (!Array.isArray(steps)) return [];
  return steps
    .filter(step => step?.uses === 'argocd-update')
    .flatMap(step => {
      const apps = asRecord(step.config)?.apps;
      return Array.isArray(apps) ? apps : [];
    })
    .flatMap(app => {
      const name = str(asRecord(app)?.name);
      const namespace = str(asRecord(app)?.namespace) ?? DEFAULT_NAMESPACE;
      // An expression (`${{ ctx.stage }}`) resolves only during a Promotion.
      if (!name || EXPRESSION.test(name) || EXPRESSION.test(namespace))
        return [];
      return [{ name, namespace }];
    });
}

/** The Applications the last argocd-update step recorded (Kargo's UI reads the same annotation). */
function fromContext(stage: Stage): AppKey[] {
  const raw = stage.metadata?.annotations?.[ARGOCD_CONTEXT_ANNOTATION];
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap(entry => {
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
  if (!Array.isArray(output)) return [];
  return output.flatMap(entry => {
    const statuses = asRecord(entry)?.applicationStatuses;
    if (!Array.isArray(statuses)) return [];
    return statuses.flatMap(s => {
      const status = asRecord(s);
      const name = str(status?.Name) ?? str(status?.name);
      if (!name) return [];
      return [
        {
          name,
          namespace:
            str(status?.Namespace) ??
            str(status?.namespace) ??
            DEFAULT_NAMESPACE,
          health: str(asRecord(status?.health)?.status) ?? null,
          sync: str(asRecord(status?.sync)?.status) ?? null,
        },
      ];
    });
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
 * the health and sync state Kargo last saw. Reads nothing but the Stage;
 * never throws on a malformed one.
 *
 * @public
 */
export function stageArgoCdApps(
  stage: Stage,
  argocdUrl?: string | null,
): StageArgoCdApp[] {
  const health = fromHealth(stage);
  const seen = new Map<string, StageArgoCdApp>();
  for (const app of [...fromContext(stage), ...fromSteps(stage), ...health]) {
    const key = `${app.namespace}/${app.name}`;
    if (seen.has(key)) continue;
    const status = health.find(
      h => h.name === app.name && h.namespace === app.namespace,
    );
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
