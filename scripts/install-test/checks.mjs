/*
 * What a user's `yarn add` gets from the registry, checked per published
 * package: the manifest a release would serve and the files in its tarball.
 * Pure: takes the packument and the tarball listing, returns the problems.
 */
export function manifestProblems(name, version, packument, published) {
  const problems = [];
  const manifest = packument.versions?.[version];
  if (!manifest) return [`${name}@${version} is not on the registry`];
  for (const key of ['license', 'repository', 'description']) {
    if (!manifest[key]) problems.push(`${name}: no "${key}"`);
  }
  const ranges = { ...manifest.dependencies, ...manifest.peerDependencies };
  for (const [dep, range] of Object.entries(ranges)) {
    if (/^(workspace|link|file|portal):/.test(range)) {
      problems.push(
        `${name}: ${dep}@${range} cannot be installed from a registry`,
      );
    } else if (
      dep.startsWith('@kargo-backstage/') &&
      range !== `^${published.get(dep)}`
    ) {
      // `yarn npm publish` turns workspace:^ into ^<the version published>.
      problems.push(
        `${name}: ${dep}@${range} is not satisfied by the published ${published.get(
          dep,
        )}`,
      );
    }
  }
  return problems;
}

export function tarballProblems(name, manifest, files) {
  const problems = [];
  const need = [
    manifest.main,
    manifest.types,
    manifest.module,
    manifest.configSchema,
  ].filter(Boolean);
  for (const file of need) {
    const path = `package/${file.replace(/^\.\//, '')}`;
    if (!files.includes(path))
      problems.push(`${name}: the tarball lacks ${file}`);
  }
  if (files.some(f => /^package\/src\/.*\.test\.tsx?$/.test(f))) {
    problems.push(`${name}: the tarball ships tests`);
  }
  return problems;
}
