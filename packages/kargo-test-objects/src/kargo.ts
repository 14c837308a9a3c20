/** Kargo's own kinds: Project, Warehouse, Stage (and the AnalysisTemplate they verify with). */
import { condition as kubeCondition, successRateMetric } from './blocks';
import { Context, metadataOf, Obj } from './profile';

export function conditionBuilder(ctx: Context) {
  /** A status condition at `minutes` on the profile's clock. */
  return function condition(
    type: string,
    status: 'True' | 'False' | 'Unknown',
    reason: string,
    message: string,
    minutes: number,
    generation = 1,
  ) {
    return kubeCondition(
      type,
      status,
      reason,
      message,
      ctx.at(minutes),
      generation,
    );
  };
}

export function projectBuilder(ctx: Context) {
  const condition = conditionBuilder(ctx);
  return function project(name: string, minutes: number): Obj {
    return {
      apiVersion: 'kargo.akuity.io/v1alpha1',
      kind: 'Project',
      metadata: {
        ...metadataOf(ctx, 'Project', name, undefined, minutes),
        finalizers: ['kargo.akuity.io/finalizer'],
      },
      status: {
        conditions: [
          condition(
            'Ready',
            'True',
            'Ready',
            ctx.lean ? 'Ready' : 'Project is ready',
            minutes,
          ),
        ],
      },
    };
  };
}

export function warehouseBuilder(ctx: Context) {
  const condition = conditionBuilder(ctx);
  return function warehouse(
    p: string,
    name: string,
    image: string,
    repoURL: string,
    minutes: number,
  ): Obj {
    return {
      apiVersion: 'kargo.akuity.io/v1alpha1',
      kind: 'Warehouse',
      metadata: metadataOf(ctx, 'Warehouse', name, p, minutes),
      spec: {
        interval: '5m0s',
        freightCreationPolicy: 'Automatic',
        subscriptions: [
          {
            image: {
              repoURL: image,
              imageSelectionStrategy: 'SemVer',
              discoveryLimit: 20,
            },
          },
          {
            git: {
              repoURL,
              branch: 'main',
              commitSelectionStrategy: 'NewestFromBranch',
              discoveryLimit: 20,
            },
          },
        ],
      },
      status: {
        conditions: [
          condition(
            'Ready',
            'True',
            'ArtifactsDiscovered',
            'Artifacts discovered',
            minutes + 600,
          ),
        ],
        observedGeneration: 1,
      },
    };
  };
}

export function analysisTemplateBuilder(ctx: Context) {
  return function analysisTemplate(
    p: string,
    name: string,
    metrics: string[],
    minutes: number,
  ): Obj {
    return {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'AnalysisTemplate',
      metadata: metadataOf(ctx, 'AnalysisTemplate', name, p, minutes),
      spec: {
        args: [{ name: 'stage' }],
        metrics: metrics.map(successRateMetric),
      },
    };
  };
}

export interface StageOptions {
  project: string;
  name: string;
  minutes: number;
  warehouse: string;
  /** Upstream Stage(s); none: the Stage takes Freight from the Warehouse. */
  upstream?: string | string[];
  /** Sets the Stage's `repoURL` variable. */
  repoURL?: string;
  /** Stage variables; default: `repoURL` alone, when given. */
  vars?: Array<{ name: string; value: string }>;
  /** Variables of the promotion template. */
  templateVars?: Array<{ name: string; value: string }>;
  steps: Obj[];
  /** AnalysisTemplates of its verification; none: not verified. */
  templates?: string[];
  /** Pass the Stage name to the templates (`args`); default true. */
  templateArgs?: boolean;
  annotations?: Record<string, string>;
  /** `metadata.generation` and `status.observedGeneration`; default 1. */
  generation?: number;
  status: Obj;
}

export function stageBuilder(ctx: Context) {
  return function stage(opts: StageOptions): Obj {
    const generation = opts.generation ?? 1;
    const vars =
      opts.vars ??
      (opts.repoURL ? [{ name: 'repoURL', value: opts.repoURL }] : undefined);
    return {
      apiVersion: 'kargo.akuity.io/v1alpha1',
      kind: 'Stage',
      metadata: {
        ...metadataOf(
          ctx,
          'Stage',
          opts.name,
          opts.project,
          opts.minutes,
          generation,
        ),
        ...(opts.annotations ? { annotations: opts.annotations } : {}),
      },
      spec: {
        ...(vars ? { vars } : {}),
        requestedFreight: [
          {
            origin: { kind: 'Warehouse', name: opts.warehouse },
            sources: opts.upstream
              ? { stages: [opts.upstream].flat() }
              : { direct: true },
          },
        ],
        promotionTemplate: {
          spec: {
            ...(opts.templateVars ? { vars: opts.templateVars } : {}),
            steps: opts.steps,
          },
        },
        ...(opts.templates
          ? {
              verification: {
                analysisTemplates: opts.templates.map(name => ({ name })),
                ...(opts.templateArgs === false
                  ? {}
                  : { args: [{ name: 'stage', value: opts.name }] }),
              },
            }
          : {}),
      },
      status: { observedGeneration: generation, ...opts.status },
    };
  };
}
