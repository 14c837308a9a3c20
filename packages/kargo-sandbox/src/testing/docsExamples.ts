/**
 * The configuration examples of docs/configuration.md, as the tests load them:
 * a fenced YAML block right after `<!-- example: NAME -->`. Tests run the
 * very text users copy, with only hosts and `${SECRETS}` swapped.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FileConfigSource } from '@backstage/config-loader';
import type { JsonObject } from '@backstage/types';
import { PACKAGE_ROOT } from '../paths';

// The repository's docs, next to packages/kargo-sandbox.
const DOC = path.resolve(PACKAGE_ROOT, '../../docs/configuration.md');
const EXAMPLE = /<!-- example: ([a-z0-9-]+) -->\s*```yaml\n([\s\S]*?)```/g;

/** Every example of docs/configuration.md, by name. @public */
export function docsExamples(): Map<string, string> {
  const text = fs.readFileSync(DOC, 'utf8');
  return new Map([...text.matchAll(EXAMPLE)].map(m => [m[1], m[2]]));
}

/** The YAML text of one example; throws for an unknown name. @public */
export function docsExample(name: string): string {
  const yaml = docsExamples().get(name);
  if (yaml === undefined) {
    throw new Error(`docs/configuration.md has no example '${name}'`);
  }
  return yaml;
}

/** @public */
export interface LoadDocsExampleOptions {
  /** Literal replacements (e.g. `https://k8s.example.com:6443` -> a sandbox URL). */
  replace?: Record<string, string>;
  /** Values of the `${VAR}` substitutions; a missing one fails the load. */
  env?: Record<string, string>;
}

/**
 * Loads one example with Backstage's own config loader (FileConfigSource,
 * `${VAR}` substitution), after the literal replacements.
 *
 * @public
 */
export async function loadDocsExample(
  name: string,
  options: LoadDocsExampleOptions = {},
): Promise<JsonObject> {
  let yaml = docsExample(name);
  for (const [from, to] of Object.entries(options.replace ?? {})) {
    yaml = yaml.split(from).join(to);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-example-'));
  try {
    const file = path.join(dir, `${name}.yaml`);
    fs.writeFileSync(file, yaml);
    const source = FileConfigSource.create({
      path: file,
      substitutionFunc: async variable => {
        const value = options.env?.[variable];
        if (value === undefined) {
          throw new Error(`example '${name}' needs \${${variable}}`);
        }
        return value;
      },
    });
    for await (const { configs } of source.readConfigData()) {
      return configs[0].data;
    }
    throw new Error(`example '${name}' loaded nothing`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

type HttpsSandbox = { httpsUrl?: string; caData?: string };

/**
 * The `two-instances` example with its `production` and `staging` clusters
 * at two HTTPS sandboxes, both with the demo read-only token.
 *
 * @public
 */
export function loadTwoInstancesExample(
  production: HttpsSandbox,
  staging: HttpsSandbox,
): Promise<JsonObject> {
  return loadDocsExample('two-instances', {
    replace: {
      'https://k8s.example.com:6443': production.httpsUrl!,
      'https://k8s-staging.example.com:6443': staging.httpsUrl!,
    },
    env: {
      KARGO_TOKEN: 'sandbox-readonly-token',
      KARGO_CA_DATA: production.caData!,
      KARGO_STAGING_TOKEN: 'sandbox-readonly-token',
      KARGO_STAGING_CA_DATA: staging.caData!,
    },
  });
}
