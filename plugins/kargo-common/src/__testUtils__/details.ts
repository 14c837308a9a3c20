/** Stage details of the demo fixtures as the backend serves them (instance `sandbox`). */
import { buildStageDetail } from '../stage/detail';
import {
  checkoutFreight,
  checkoutPullRequests,
  devRun,
  prodFailedPromotion,
  prodRunningPromotion,
  prodStage,
  stagingRuns,
  stagingStage,
} from './checkout';
import { paymentsFreight, qaRun, qaStage } from './payments';

/** checkout/staging: current verification Successful, three stale Failed records. */
export const stagingDetail = buildStageDetail({
  instance: 'sandbox',
  stage: stagingStage,
  analysisRuns: [...stagingRuns, devRun],
  freight: checkoutFreight,
  lastUpdated: '2026-11-30T12:00:00Z',
});

/** payments/qa: current verification Failed. */
export const qaDetail = buildStageDetail({
  instance: 'sandbox',
  stage: qaStage,
  analysisRuns: [qaRun],
  freight: paymentsFreight,
});

/** checkout/prod: PR #42 of a running Promotion, orphaned PR #41. */
export const prodDetail = buildStageDetail({
  instance: 'sandbox',
  stage: prodStage,
  promotions: [prodRunningPromotion, prodFailedPromotion],
  pullRequests: checkoutPullRequests,
});
