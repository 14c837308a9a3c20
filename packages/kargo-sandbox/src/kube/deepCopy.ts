/**
 * Deep copies of stored objects (JSON data: no cycles, no class instances).
 * rfdc copies a fleet's objects about 4x faster than structuredClone, which
 * was the largest single cost of loading and serving a 300,000-object fleet.
 */
import rfdc from 'rfdc';

export const deepCopy: <T>(value: T) => T = rfdc();
