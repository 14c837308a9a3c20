import { InputError } from '@backstage/errors';
import type { ScmIntegrationRegistry } from '@backstage/integration';
import { parseRepoUrl } from '@backstage/plugin-scaffolder-node';

/**
 * Turns a repository given as Backstage's RepoUrlPicker writes it
 * (`github.com?owner=o&repo=r`) or as an https URL into
 * `https://<host>/<owner>/<repo>`, the form the pull request service takes.
 */
export function toRepositoryUrl(
  repoUrl: string,
  integrations: ScmIntegrationRegistry,
): string {
  const value = repoUrl.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new InputError(`Invalid repository URL ${repoUrl}`);
    }
    const path = url.pathname.replace(/\/+$/, '').replace(/\.git$/, '');
    if (
      url.protocol !== 'https:' ||
      path.split('/').filter(Boolean).length < 2
    ) {
      throw new InputError(
        `Invalid repository URL ${repoUrl}: expected https://<host>/<owner>/<repo>`,
      );
    }
    return `https://${url.host.toLowerCase()}${path}`;
  }
  // Same parsing (and errors) as Backstage's own publish actions.
  const { host, owner, project, repo } = parseRepoUrl(value, integrations);
  const namespace = owner ?? project;
  if (!namespace) {
    throw new InputError(
      `Invalid repository ${repoUrl}: missing owner (e.g. github.com?owner=acme&repo=deploy)`,
    );
  }
  return `https://${host.toLowerCase()}/${namespace}/${repo}`;
}
