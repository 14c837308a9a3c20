/**
 * The demo's profile of the shared Kargo object builders
 * (@kargo-backstage/kargo-test-objects): every time is relative to the demo
 * epoch, so the generated YAML only changes on purpose.
 */
import {
  BuiltFreight,
  FreightOptions,
  kargoObjects,
} from '@kargo-backstage/kargo-test-objects';

export {
  collection,
  collectionId,
  promotionRef,
  sha1,
} from '@kargo-backstage/kargo-test-objects';

/** Every demo timestamp is relative to this instant. */
export const DEMO_EPOCH = Date.parse('2026-11-27T09:00:00Z');

const demo = kargoObjects({ epoch: DEMO_EPOCH });

export const {
  at,
  analysisRun,
  analysisTemplate,
  condition,
  project,
  promotion,
  stage: stageObject,
  verificationInfo,
  warehouse,
} = demo;

export type DemoFreight = BuiltFreight;

/** A demo Freight: every commit is Ada's. */
export const freight = (opts: Omit<FreightOptions, 'author'>): DemoFreight =>
  demo.freight({ ...opts, author: 'Ada Lovelace <ada@acme.example>' });
