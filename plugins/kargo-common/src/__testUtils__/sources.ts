import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The plugins/ folder of the repository. */
export const PLUGINS_DIR = join(__dirname, '../../..');

/**
 * The production sources (.ts, .tsx) under `dir`: not tests, not generated
 * code, not build output, not `__fixtures__` or `__testUtils__`. For the
 * guard tests that fail when a second copy of something comes back.
 */
export function productionSources(dir: string): string[] {
  return readdirSync(dir).flatMap(name => {
    if (['node_modules', 'dist', 'dist-types', 'generated'].includes(name))
      return [];
    if (name.startsWith('__')) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return productionSources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The production sources of every plugin under plugins/. */
export function productionSourcesOfPlugins(): string[] {
  return readdirSync(PLUGINS_DIR)
    .map(plugin => join(PLUGINS_DIR, plugin, 'src'))
    .filter(dir => statSync(dir, { throwIfNoEntry: false })?.isDirectory())
    .flatMap(productionSources);
}
