import { KARGO_LABELS } from '../constants';
import type {
  Freight,
  FreightReference,
  FreightSummary,
  Stage,
} from '../types';
import { asArray } from '../util/objects';
import { clip } from '../promotion/stepView';
import { MAX_SUBJECT, shownArtifacts } from '../promotion/freightDiff';
import { currentCollectionOf } from '../verification/collections';
import { type FreightIndex, indexFreight } from '../verification/freightOfRun';

function originOf(ref: FreightReference, freight?: Freight): string | null {
  const origin = freight?.origin ?? ref.origin;
  if (!origin?.name) return null;
  return origin.kind ? `${origin.kind}/${origin.name}` : origin.name;
}

/**
 * The Freight the Stage currently holds (the first item of its current
 * collection, or `status.currentFreight` of Kargo v0.7-v0.9), joined with the
 * Freight object for its alias and artifacts. Null when nothing was promoted.
 * `index` is the project's, built once for all of its Stages (see
 * ProjectFreight); one of `freight` when absent.
 *
 * @public
 */
export function summarizeFreight(
  stage: Stage,
  freight: Freight[] = [],
  index?: FreightIndex,
): FreightSummary | null {
  const ref = currentCollectionOf(stage)?.items.find(item => !!item.name);
  if (!ref?.name) return null;
  const object = (index ?? indexFreight(freight)).get(ref.name);
  // The Freight object is the source of truth; the reference in the Stage's
  // status is a copy that older Kargo versions filled only partly.
  const commits = object?.commits ?? ref.commits;
  const images = object?.images ?? ref.images;
  const charts = object?.charts ?? ref.charts;
  return {
    name: ref.name,
    alias:
      object?.alias || object?.metadata?.labels?.[KARGO_LABELS.alias] || null,
    origin: originOf(ref, object),
    commits: shownArtifacts(asArray(commits).filter(c => !!c?.repoURL)).map(
      c => ({
        repoURL: c.repoURL!,
        id: c.id || null,
        tag: c.tag || null,
        branch: c.branch || null,
        message: clip(c.message, MAX_SUBJECT) || null,
      }),
    ),
    images: shownArtifacts(asArray(images).filter(i => !!i?.repoURL)).map(
      i => ({
        repoURL: i.repoURL!,
        tag: i.tag || null,
        digest: i.digest || null,
      }),
    ),
    charts: shownArtifacts(
      asArray(charts).filter(c => !!c?.repoURL || !!c?.name),
    ).map(c => ({
      repoURL: c.repoURL ?? '',
      name: c.name || null,
      version: c.version || null,
    })),
  };
}
