/*
 * Publishes the plugins the way a release does: type declarations, build, then `yarn npm publish`
 * (which runs each package's prepack/postpack: backstage-cli package prepack
 * rewrites the entry points to dist/ and turns config.d.ts into a schema) to
 * the given registry.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The publishable packages of the repository, dependencies first. */
export function publishablePackages(root) {
  const pkgs = readdirSync(join(root, 'plugins'))
    .map(dir => join(root, 'plugins', dir))
    .filter(dir => existsSync(join(dir, 'package.json')))
    .map(dir => ({
      dir,
      pkg: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')),
    }))
    .filter(({ pkg }) => !pkg.private);
  const ours = new Set(pkgs.map(p => p.pkg.name));
  const ordered = [];
  const visit = p => {
    if (ordered.includes(p)) return;
    for (const dep of Object.keys(p.pkg.dependencies ?? {})) {
      if (ours.has(dep)) visit(pkgs.find(q => q.pkg.name === dep));
    }
    ordered.push(p);
  };
  pkgs.forEach(visit);
  return ordered;
}

const exec = promisify(execFile);

/** Async on purpose: the registry answers from this same process. */
export async function publishAll(root, registry) {
  const env = {
    ...process.env,
    YARN_NPM_PUBLISH_REGISTRY: registry.url,
    YARN_NPM_AUTH_TOKEN: registry.token,
    YARN_ENABLE_TELEMETRY: '0',
    YARN_UNSAFE_HTTP_WHITELIST: '127.0.0.1',
  };
  const run = async (cwd, args) => {
    try {
      await exec('yarn', args, { cwd, env, maxBuffer: 64 * 1024 * 1024 });
    } catch (e) {
      throw new Error(
        `yarn ${args.join(' ')} in ${cwd} failed:\n${e.stdout}${e.stderr}`,
      );
    }
  };
  // The packages' builds take their type declarations from dist-types.
  await run(root, ['tsc']);
  for (const { dir, pkg } of publishablePackages(root)) {
    await run(dir, ['build']);
    await run(dir, ['npm', 'publish', '--access', 'public']);
    console.log(`  published ${pkg.name}@${pkg.version}`);
  }
}
