/*
 * What a user of the fresh app would notice about its dependencies: one
 * @backstage/frontend-plugin-api, nothing `yarn dedupe` would change, and no
 * peer requirement of our packages left unmet.
 */
import { run } from './processes.mjs';

/** `env`: the environment the guide's commands ran in. */
export async function dependencyProblems(app, installOutput, env) {
  const problems = [];
  const why = (
    await run('yarn', ['why', '@backstage/frontend-plugin-api'], {
      cwd: app,
      env,
    })
  ).out;
  const versions = new Set(
    [...why.matchAll(/@backstage\/frontend-plugin-api@npm:(\S+?)[\s)]/g)].map(
      m => m[1],
    ),
  );
  if (versions.size !== 1)
    problems.push(
      `@backstage/frontend-plugin-api in ${versions.size} versions: ${[
        ...versions,
      ]}`,
    );
  const dedupe = await run('yarn', ['dedupe', '--check'], {
    cwd: app,
    env,
    allowFail: true,
  });
  if (dedupe.code !== 0) problems.push(`yarn dedupe --check:\n${dedupe.out}`);
  const peers = (
    await run('yarn', ['explain', 'peer-requirements'], { cwd: app, env })
  ).out;
  const ours = [
    ...installOutput.split('\n').filter(l => /YN00(02|60)/.test(l)),
    ...peers.split('\n').filter(l => l.includes('✘')),
  ].filter(l => l.includes('@kargo-backstage/'));
  problems.push(...ours.map(l => `peer warning: ${l.trim()}`));
  return problems;
}
