import { createRouter, type RouterOptions } from '.';
import { loadOpenApiDocument } from './openapiRoute';

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
}

// Express `:param` segments in OpenAPI's `{param}` form.
function servedRoutes(router: { stack: Layer[] }): string[] {
  return router.stack
    .filter(layer => layer.route)
    .flatMap(layer =>
      Object.keys(layer.route!.methods).map(
        method =>
          `${method.toUpperCase()} ${layer.route!.path.replace(
            /:(\w+)/g,
            '{$1}',
          )}`,
      ),
    )
    .sort();
}

describe('the OpenAPI document', () => {
  it('describes exactly the routes the router serves', async () => {
    // Routes are registered without touching the services.
    const router = await createRouter({} as unknown as RouterOptions);
    const document = loadOpenApiDocument();
    const documented = Object.entries(document.paths as Record<string, object>)
      .flatMap(([path, methods]) =>
        Object.keys(methods).map(method => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    expect(servedRoutes(router as unknown as { stack: Layer[] })).toEqual(
      documented,
    );
    expect(documented).toEqual(
      expect.arrayContaining([
        'GET /projects/{project}/stages',
        'GET /projects/{project}/stages/{stage}',
        'GET /projects/{project}/analysis-runs/{name}',
        'POST /projects/{project}/stages/{stage}/reverify',
        'POST /projects/{project}/stages/{stage}/abort-verification',
        'GET /entities/{kind}/{namespace}/{name}/stages',
        'GET /snapshot',
      ]),
    );
  });

  it('is an OpenAPI 3 document whose operations all declare their errors', () => {
    const document = loadOpenApiDocument();
    expect(document.openapi).toMatch(/^3\./);
    const operations = Object.entries(
      document.paths as Record<string, any>,
    ).flatMap(([path, methods]) =>
      Object.entries<any>(methods).map(([method, operation]) => ({
        path,
        method,
        operation,
      })),
    );
    expect(
      operations.every(o => typeof o.operation.operationId === 'string'),
    ).toBe(true);
    const authenticated = operations.filter(
      o => o.path !== '/health' && o.path !== '/openapi.json',
    );
    expect(
      authenticated
        .filter(o => !('401' in o.operation.responses))
        .map(o => `${o.method} ${o.path}`),
    ).toEqual([]);
  });
});
