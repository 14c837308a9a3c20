import {
  ANNOTATION_LOCATION,
  ANNOTATION_ORIGIN_LOCATION,
  ANNOTATION_VIEW_URL,
  EntityLink,
  ResourceEntity,
} from '@backstage/catalog-model';
import {
  describeStage,
  KARGO_ANNOTATIONS,
  KARGO_STAGE_ENTITY_TYPE,
  StageSummary,
  stageEntityName,
} from '@kargo-backstage/plugin-kargo-common';
import { pullRequestLinks } from './pullRequestLinks';

/** Namespace of the Stage entities; relations from the processor point here. */
export const STAGE_ENTITY_NAMESPACE = 'default';

/**
 * The one-line description. The search collator indexes only title and
 * description, and Lunr splits words on spaces and dashes, so project and
 * Stage name appear as separate words ("checkout/staging" would be one token).
 */
export function stageDescription(summary: StageSummary): string {
  return `Kargo Stage ${summary.name} of project ${
    summary.project
  } — ${describeStage(summary)}`;
}

/** Where the entity comes from: the Stage's Kargo page, else the instance. */
export function stageLocation(summary: StageSummary): string {
  return summary.kargoUrl
    ? `url:${summary.kargoUrl}`
    : `kargo:${summary.instance}`;
}

/**
 * The `kargo-stage` Resource entity of one Stage. Pure: the same summary and
 * owner always give the same entity, so unchanged Stages cause no catalog
 * writes.
 */
export function buildStageEntity(
  summary: StageSummary,
  owner: string,
): ResourceEntity {
  const prLinks = pullRequestLinks(summary.openPullRequestUrls ?? []);
  const links: EntityLink[] = [];
  if (summary.kargoUrl) {
    links.push({
      url: summary.kargoUrl,
      title: 'Open in Kargo',
      icon: 'dashboard',
    });
  }
  links.push(...prLinks);

  const location = stageLocation(summary);
  const annotations: Record<string, string> = {
    [ANNOTATION_LOCATION]: location,
    [ANNOTATION_ORIGIN_LOCATION]: location,
    [KARGO_ANNOTATIONS.instance]: summary.instance,
    [KARGO_ANNOTATIONS.project]: summary.project,
    [KARGO_ANNOTATIONS.stage]: summary.name,
    [KARGO_ANNOTATIONS.verificationPhase]: summary.verificationPhase || 'None',
    [KARGO_ANNOTATIONS.verificationStale]: String(summary.verificationStale),
    // Until every repository of the Stage was listed the counts are not
    // known: no annotation, never a "0" that a filter would believe.
    ...(summary.pullRequestsPending
      ? {}
      : {
          [KARGO_ANNOTATIONS.openPullRequests]: String(
            summary.openPullRequests,
          ),
          [KARGO_ANNOTATIONS.orphanedPullRequests]: String(
            summary.orphanedPullRequests ?? 0,
          ),
        }),
  };
  if (prLinks.length > 0) {
    annotations[KARGO_ANNOTATIONS.pullRequestUrls] = prLinks
      .map(link => link.url)
      .join(' ');
  }
  if (summary.kargoUrl) {
    annotations[ANNOTATION_VIEW_URL] = summary.kargoUrl;
  }

  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Resource',
    metadata: {
      name: stageEntityName(summary.instance, summary.project, summary.name),
      namespace: STAGE_ENTITY_NAMESPACE,
      title: `${summary.project}/${summary.name}`,
      description: stageDescription(summary),
      annotations,
      links,
      tags: ['kargo'],
    },
    spec: {
      type: KARGO_STAGE_ENTITY_TYPE,
      owner,
    },
  };
}
