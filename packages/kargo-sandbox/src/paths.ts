import path from 'node:path';

/**
 * The package root, resolved through its package.json rather than
 * `__dirname`, so it is right both from sources and from a build.
 */
export const PACKAGE_ROOT = path.dirname(
  require.resolve('@kargo-backstage/kargo-sandbox/package.json'),
);
