/**
 * The building blocks of the builders: stable hashes and ids, RFC 3339 times
 * on a fixed clock, ULIDs, Kargo's FreightCollection id, conditions and the
 * success-rate metric, shaped as Kargo 1.x and Argo Rollouts write them.
 */
import { sha1 as sha1Of } from '@noble/hashes/legacy';
import { sha256 as sha256Of } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

// @noble/hashes (pure JS, as kargo-common uses): the same in Node and jsdom.

/** Lower-case hex SHA-1 (Kargo's Freight names and collection ids). */
export const sha1 = (s: string) => bytesToHex(sha1Of(utf8ToBytes(s)));

/** Lower-case hex SHA-256. */
export const sha256 = (s: string) => bytesToHex(sha256Of(utf8ToBytes(s)));

/**
 * A clock for fixed scenarios: `at(minutes)` is the RFC 3339 time (whole
 * seconds, as Kubernetes writes it) that many minutes after `epoch`.
 */
export function clockFrom(epoch: string | number): (minutes: number) => string {
  const start = typeof epoch === 'number' ? epoch : Date.parse(epoch);
  return minutes =>
    new Date(start + minutes * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
}

/** A stable UUID v4-shaped id (Kubernetes uids, verification ids). */
export function uuid(seed: string): string {
  const h = sha256(seed);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(
    17,
    20,
  )}-${h.slice(20, 32)}`;
}

/** FreightCollection.ID: sha1 of the sorted Freight names joined by ','. */
export const collectionId = (...names: string[]) =>
  sha1([...names].sort().join(','));

/** A status condition as Kargo's controllers write it. */
export function condition(
  type: string,
  status: 'True' | 'False' | 'Unknown',
  reason: string,
  message: string,
  lastTransitionTime: string,
  observedGeneration = 1,
) {
  return {
    type,
    status,
    reason,
    message,
    observedGeneration,
    lastTransitionTime,
  };
}

/**
 * The Prometheus success-rate metric of an AnalysisTemplate, as its
 * AnalysisRuns copy it (Kargo flattens the templates into the run's spec).
 */
export function successRateMetric(name: string) {
  const series = name.replace(/-/g, '_');
  return {
    name,
    count: 3,
    interval: '30s',
    failureLimit: 0,
    successCondition: 'result[0] >= 0.95',
    provider: {
      prometheus: {
        address: 'http://prometheus.monitoring:9090',
        query: `sum(rate(${series}_ok[5m])) / sum(rate(${series}_total[5m]))`,
      },
    },
  };
}

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * ULIDs (lower case, as Kargo names its objects) on a fixed clock:
 * `ulid(minutes, seed)` has the time part `minutes` after `epoch` and a
 * random part derived from `seed`.
 */
export function ulidsFrom(
  epoch: string | number,
): (minutes: number, seed: string) => string {
  const start = typeof epoch === 'number' ? epoch : Date.parse(epoch);
  return (minutes, seed) => {
    let time = start + minutes * 60_000;
    let out = '';
    for (let i = 0; i < 10; i++) {
      out = CROCKFORD[time % 32] + out;
      time = Math.floor(time / 32);
    }
    const h = sha256(seed);
    for (let i = 0; i < 16; i++)
      out += CROCKFORD[parseInt(h.slice(i * 2, i * 2 + 2), 16) % 32];
    return out;
  };
}

/** A lower-case ULID whose order follows `n` (as time would). */
export function sequenceUlid(n: number): string {
  let tail = '';
  let rest = n;
  for (let i = 0; i < 6; i++) {
    tail = CROCKFORD[rest % 32] + tail;
    rest = Math.floor(rest / 32);
  }
  return `01jc8m3x${tail}`.padEnd(26, '0');
}

/**
 * A deterministic shuffle of 0..n-1: times (or names) in no order, as a
 * LIST by name hands out objects named at random.
 */
export function shuffled(n: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  let seed = 12345;
  for (let i = n - 1; i > 0; i--) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const j = seed % (i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}
