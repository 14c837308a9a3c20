/** Stage status pieces the demo's Stages share: conditions and the base status. */
import { at, condition, DemoFreight } from './builders';

type Obj = Record<string, any>;

/** Conditions of a Stage whose current Freight is verified and healthy. */
export function healthyConditions(minutes: number): Obj[] {
  return [
    condition('Ready', 'True', 'Ready', 'Stage is ready', minutes),
    condition('Healthy', 'True', 'Healthy', 'Stage is healthy', minutes),
    condition(
      'Verified',
      'True',
      'Verified',
      'Freight has been verified',
      minutes,
    ),
    condition(
      'Promoting',
      'False',
      'NoActivePromotion',
      'No active promotion',
      minutes,
    ),
  ];
}

export function baseStatus(
  current: DemoFreight,
  minutes: number,
  extra: Obj = {},
): Obj {
  return {
    freightSummary: current.name,
    health: { status: 'Healthy' },
    lastHandledRefresh: at(minutes),
    ...extra,
  };
}
