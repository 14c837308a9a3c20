/**
 * Types, annotation keys, permissions and the pure domain logic shared by the
 * Kargo for Backstage packages.
 *
 * @packageDocumentation
 */
export * from './constants';
export * from './permissions';
export * from './types';
export * from './phases';
export { isValidKubernetesName, isValidDnsLabel } from './validation';
export * from './verification';
export * from './stage';
export * from './pullRequests';
export * from './catalog';
export * from './promotion';
export * from './pipeline';
export { redactCredentials } from './redact';
export { createLimiter, mapLimit, type Limiter } from './util/concurrency';
export { formatUtcClock } from './util/time';
export { Interner, type InternerOptions } from './util/interner';
export { JsonSizes, type MeasuredObjects } from './util/jsonSize';
export * from './assistant';
export * from './notifications';
export * from './reasons';
