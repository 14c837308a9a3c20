import { createContext, runInContext } from 'node:vm';

/**
 * `JSON.parse` of a V8 context of its own, for the objects the cluster sends
 * in bulk (every LIST page, every watch event).
 *
 * Each object JSON.parse makes starts from its context's root hidden class and
 * takes one transition per key. V8 keeps at most 1,536 transitions from one
 * hidden class, and in a Backstage backend the main context's root is full
 * before the first LIST (every loaded module's `exports` object takes one). An
 * object whose first key finds no transition there gets hidden classes and
 * descriptor arrays of its own, one per key: at 1,000 Stages the first sync
 * left ~110 MB of them as old-generation garbage, and when V8 collected it
 * decided the backend's peak memory. This context's root serves the cluster's
 * objects alone.
 *
 * Its objects' prototypes are that context's: they are read as JSON
 * (`Array.isArray`, `typeof`, never `instanceof Object`), and compared with
 * each other, not with objects made here.
 */
const clusterRealm = createContext();
const parseInClusterRealm = runInContext('JSON.parse', clusterRealm) as (
  text: string,
) => unknown;
// fast-deep-equal (what a rebuild compares details with) takes an object
// whose valueOf or toString is not this context's Object.prototype's for a
// wrapper (a Date, a Number) and compares it by identity: the cluster
// context's objects use this context's two methods.
(
  runInContext(
    '(valueOf, toString) => Object.assign(Object.prototype, { valueOf, toString })',
    clusterRealm,
  ) as (valueOf: unknown, toString: unknown) => void
)(Object.prototype.valueOf, Object.prototype.toString);

/** `text` parsed as JSON in the cluster objects' own context. */
export function parseClusterJson<T = unknown>(text: string): T {
  return parseInClusterRealm(text) as T;
}

/** A JSON value parsed elsewhere (a watch event, by client-node), as the cluster context's copy. */
export function inClusterRealm<T>(value: T): T {
  return parseClusterJson<T>(JSON.stringify(value));
}
