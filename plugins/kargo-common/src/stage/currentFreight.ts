import { KARGO_LABELS } from '../constants';
import type {
  Freight,
  FreightReference,
  FreightSummary,
  Stage,
} from '../types';
import { clip } from '../promotion/stepView';
import {
  artifactsRead,
  MAX_SUBJECT,
  shownArtifacts,
} from '../promotion/freightDiff';
import { entryText } from '../verification/entryText';

import { currentCollectionOf } from '../verification/collections';
import { type FreightIndex, indexFreight } from '../verification/freightOfRun';

/** Characters of an artifact's repository URL. */
const MAX_URL = 2_048;
/** Characters of a tag, branch, digest, commit id, chart name or version. */
const MAX_REF = 255;

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
    // Read to a bound, then each text clipped: a shared Freight's texts
    // went whole into the summary of every Stage holding it (attack 15).
    commits: shownArtifacts(
      artifactsRead(commits).filter(c => !!c?.repoURL),
    ).map(c => ({
      repoURL: entryText(c.repoURL, MAX_URL) ?? '',
      id: entryText(c.id, MAX_REF),
      tag: entryText(c.tag, MAX_REF),
      branch: entryText(c.branch, MAX_REF),
      message: clip(c.message, MAX_SUBJECT) || null,
    })),
    images: shownArtifacts(artifactsRead(images).filter(i => !!i?.repoURL)).map(
      i => ({
        repoURL: entryText(i.repoURL, MAX_URL) ?? '',
        tag: entryText(i.tag, MAX_REF),
        digest: entryText(i.digest, MAX_REF),
      }),
    ),
    charts: shownArtifacts(
      artifactsRead(charts).filter(c => !!c?.repoURL || !!c?.name),
    ).map(c => ({
      repoURL: entryText(c.repoURL, MAX_URL) ?? '',
      name: entryText(c.name, MAX_REF),
      version: entryText(c.version, MAX_REF),
    })),
  };
}
