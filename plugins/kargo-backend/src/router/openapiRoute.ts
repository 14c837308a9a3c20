import fs from 'node:fs';
import { resolvePackagePath } from '@backstage/backend-plugin-api';
import type { Router } from 'express';
import { parse as parseYaml } from 'yaml';

/** The plugin's OpenAPI document (src/schema/openapi.yaml), parsed once. */
export function loadOpenApiDocument(): Record<string, any> {
  const file = resolvePackagePath(
    '@kargo-backstage/plugin-kargo-backend',
    'src/schema/openapi.yaml',
  );
  return parseYaml(fs.readFileSync(file, 'utf8'));
}

export function addOpenApiRoute(router: Router) {
  const document = loadOpenApiDocument();
  router.get('/openapi.json', (_req, res) => {
    res.json(document);
  });
}
