/** Stage status pieces: freight collections with their verification history. */
import { at, collectionId, condition, DemoFreight } from './builders';

type Obj = Record<string, any>;

export function collection(f: DemoFreight, verifications: Obj[]): Obj {
  return {
    id: collectionId(f.name),
    items: { [`Warehouse/${(f.ref.origin as Obj).name}`]: f.ref },
    verificationHistory: verifications,
  };
}

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
