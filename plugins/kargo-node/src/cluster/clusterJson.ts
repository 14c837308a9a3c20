import { createContext, runInContext } from 'node:vm';

/**
 * `JSON.parse` of a V8 context of its own, for the objects the cluster sends
 * in bulk: every LIST page.
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
 * Its objects' prototypes (and those of arrays mapped from theirs) are that
 * context's: they are read as JSON (`Array.isArray`, `typeof`, never
 * `instanceof Object`) and compared as JSON (kargo-common `sameJson`, not
 * fast-deep-equal, which takes different constructors for different values).
 * Watch events stay as client-node parsed them: copying each one over would
 * cost a second parse for no memory saved.
 */
const clusterRealm = createContext();
const parseInClusterRealm = runInContext('JSON.parse', clusterRealm) as (
  text: string,
) => unknown;

/** `text` parsed as JSON in the cluster objects' own context. */
export function parseClusterJson<T = unknown>(text: string): T {
  return parseInClusterRealm(text) as T;
}
