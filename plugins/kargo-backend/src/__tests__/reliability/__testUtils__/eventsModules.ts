import path from 'node:path';
import type { BackendFeature } from '@backstage/backend-plugin-api';
import eventsPlugin from '@backstage/plugin-events-backend';
import { eventsServiceFactory } from '@backstage/plugin-events-node';

/**
 * One backend module of an events module package, from its dist: the
 * package's default export is a feature loader whose dynamic `import()`
 * Jest cannot run without --experimental-vm-modules.
 */
function distModule(pkg: string, file: string): BackendFeature {
  const root = path.dirname(require.resolve(`${pkg}/package.json`));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path.join(root, 'dist', file)).default;
}

/**
 * Backstage's events service as createBackend() has it: one in-process bus
 * for every plugin (startTestBackend's default is a mock per plugin).
 */
export const realEventsService = eventsServiceFactory;

/**
 * What `backend.add(import('@backstage/plugin-events-backend'))` and the
 * GitHub and GitLab events modules add in packages/backend: the HTTP
 * ingress with its signature/token checks, and the routers that publish
 * `github.<event>` / `gitlab.<object_kind>`.
 */
export function gitWebhookFeatures(): BackendFeature[] {
  const github = '@backstage/plugin-events-backend-module-github';
  const gitlab = '@backstage/plugin-events-backend-module-gitlab';
  return [
    realEventsService,
    eventsPlugin,
    distModule(github, 'service/eventsModuleGithubWebhook.cjs.js'),
    distModule(github, 'service/eventsModuleGithubEventRouter.cjs.js'),
    distModule(gitlab, 'service/eventsModuleGitlabWebhook.cjs.js'),
    distModule(gitlab, 'service/eventsModuleGitlabEventRouter.cjs.js'),
  ];
}
