/**
 * Types, annotation keys, permissions and the pure domain logic shared by the
 * Kargo for Backstage packages.
 *
 * @packageDocumentation
 */
export * from './constants';
export * from './permissions';
export * from './types';
