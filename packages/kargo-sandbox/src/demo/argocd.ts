/**
 * What the demo shows of Argo CD: the Applications the Stages' argocd-update
 * steps update, as Kargo records them (the `kargo.akuity.io/argocd-context`
 * annotation its argocd-update step writes, the `applicationStatuses` its
 * health check outputs: akuity/kargo v1.11.2
 * pkg/health/checker/builtin/argocd.go), and the links Kargo resolves for a
 * Stage from the ClusterConfig and the project's ProjectConfig
 * (pkg/server/get_stage_links_v1alpha1.go).
 */
type Obj = Record<string, any>;

/** The demo's Argo CD UI (app-config.yaml `kargo.instances[].argocd.url`). */
export const DEMO_ARGOCD_URL = 'https://argocd.demo.example';

/** Stage name -> [health, sync] of its Application, as Kargo last saw them. */
export type AppStates = Record<string, [string, string]>;

/**
 * The project's Stages with the Application `<project>-<stage>` in namespace
 * `argocd` (what their argocd-update step names) recorded and health-checked.
 */
export function withArgoCdApps(
  objects: Obj[],
  project: string,
  states: AppStates,
): Obj[] {
  return objects.map(o => {
    if (o.kind !== 'Stage' || !(o.metadata?.name in states)) return o;
    const name = `${project}-${o.metadata.name}`;
    const [health, sync] = states[o.metadata.name];
    return {
      ...o,
      metadata: {
        ...o.metadata,
        annotations: {
          ...(o.metadata.annotations ?? {}),
          'kargo.akuity.io/argocd-context': JSON.stringify([
            { name, namespace: 'argocd' },
          ]),
        },
      },
      status: {
        ...o.status,
        health: {
          ...(o.status?.health ?? {}),
          output: [
            {
              applicationStatuses: [
                {
                  Namespace: 'argocd',
                  Name: name,
                  health: { status: health },
                  sync: { status: sync },
                },
              ],
            },
          ],
        },
      },
    };
  });
}

/**
 * The project's ProjectConfig: a link to each Stage's Argo CD Application, its
 * dashboard in prod, and promotion policies by Stage name (Kargo v1.11
 * api/v1alpha1/projectconfig_types.go PromotionPolicy with stageSelector).
 */
export function projectConfig(
  project: string,
  policies: Array<{ name: string; autoPromotionEnabled: boolean }> = [],
): Obj {
  return {
    apiVersion: 'kargo.akuity.io/v1alpha1',
    kind: 'ProjectConfig',
    metadata: { name: project, namespace: project },
    spec: {
      promotionPolicies: policies.map(p => ({
        stageSelector: { name: p.name },
        autoPromotionEnabled: p.autoPromotionEnabled,
      })),
      stageLinks: [
        {
          title: 'Argo CD Application',
          description: 'The Application this Stage updates',
          url: `${DEMO_ARGOCD_URL}/applications/argocd/{{ .stage.metadata.namespace }}-{{ .stage.metadata.name }}`,
        },
        {
          title: 'Dashboard',
          if: 'stage.metadata.name == "prod"',
          url: `https://grafana.demo.example/d/${project}?var-stage={{ .stage.metadata.name }}`,
        },
      ],
    },
  };
}

/** The ClusterConfig (one, named `cluster`): a runbook link on every Stage. */
export function clusterConfig(): Obj {
  return {
    apiVersion: 'kargo.akuity.io/v1alpha1',
    kind: 'ClusterConfig',
    metadata: { name: 'cluster' },
    spec: {
      stageLinks: [
        {
          title: 'Runbook',
          url: 'https://runbooks.demo.example/kargo/{{ .stage.metadata.namespace }}/{{ .stage.metadata.name }}',
        },
      ],
    },
  };
}
