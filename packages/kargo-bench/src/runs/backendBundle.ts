/**
 * The backend child (backendChild.ts) compiled, so that it runs on plain
 * `node` as a built backend does: with `-r nodeTransform.cjs` every module is
 * transpiled on the fly, which held ~75 MB more RSS than compiled output.
 *
 * Only our workspace packages (`@kargo-backstage/*`, their `src/*.ts`) and the
 * bench's own files are bundled; every other dependency stays external and is
 * required from node_modules at run time, as an installed backend would.
 */
import { isBuiltin } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { resolvePackagePath } from '@backstage/backend-plugin-api';

const ENTRY = 'src/runs/backendChild.ts';
const OURS = /^@kargo-backstage\//;

/**
 * Bare imports other than ours stay external, as absolute paths resolved from
 * the importing file: the bundle lives under os.tmpdir(), where Node would
 * find no node_modules, and each package keeps the version it would load.
 */
const externalDependencies: Plugin = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, args => {
      if (isBuiltin(args.path)) return { path: args.path, external: true };
      if (OURS.test(args.path)) return undefined;
      return { path: require.resolve(args.path, { paths: [args.resolveDir] }), external: true };
    });
  },
};

/** Bundles `entry` (a file of this package) into a CommonJS file under os.tmpdir(); its path. */
export async function bundleForNode(entry: string, name: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kargo-bench-'));
  // Removed with the bench: one bundle per run, never left in /tmp.
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const outfile = path.join(dir, `${name}.cjs`);
  await build({
    entryPoints: [resolvePackagePath('@kargo-backstage/kargo-bench', entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: `node${process.versions.node.split('.')[0]}`,
    // For reading a stack trace with `node --enable-source-maps`; not loaded otherwise.
    sourcemap: 'linked',
    plugins: [externalDependencies],
    logLevel: 'error',
  });
  return outfile;
}

let backendChild: Promise<string> | undefined;

/** The compiled backend child, built once per bench process. */
export function backendChildBundle(): Promise<string> {
  backendChild ??= bundleForNode(ENTRY, 'backendChild').catch(error => {
    backendChild = undefined; // a failed build is retried by the next caller
    throw error;
  });
  return backendChild;
}
