import { loadOpenApiDocument } from '../../../router/openapiRoute';
import { spec } from './router';

describe('the generated OpenAPI router module', () => {
  it('holds exactly the document in src/schema/openapi.yaml', () => {
    // Fails when openapi.yaml was edited without running
    // `yarn workspace @kargo-backstage/plugin-kargo-backend generate`.
    expect(spec).toEqual(loadOpenApiDocument());
  });

  it('types the operations the router serves', () => {
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/projects/{project}/stages/{stage}/reverify',
        '/entities/{kind}/{namespace}/{name}/stages',
      ]),
    );
  });
});
