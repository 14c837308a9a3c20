import { alertApiRef, type ApiRef } from '@backstage/core-plugin-api';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { permissionApiRef } from '@backstage/plugin-permission-react';
import type { Entity } from '@backstage/catalog-model';
import { EntityProvider } from '@backstage/plugin-catalog-react';
import {
  mockApis,
  renderInTestApp,
  TestApiProvider,
} from '@backstage/test-utils';
import type { ReactElement, ReactNode } from 'react';
import { kargoApiRef, type KargoApi } from '../api';
import { annotatedEntity, fakeKargoApi } from './fakeApi';

/** APIs for component tests: a fake Kargo API, a permission decision, a spy alert API. */
export function createTestApis(
  options: {
    api?: KargoApi;
    permission?: AuthorizeResult.ALLOW | AuthorizeResult.DENY;
    /** More APIs, e.g. `germanApis()`. */
    extraApis?: ReadonlyArray<readonly [ApiRef<any>, any]>;
  } = {},
) {
  const api = options.api ?? fakeKargoApi();
  const alertApi = { post: jest.fn(), alert$: jest.fn() };
  const permissionApi = mockApis.permission({
    authorize: options.permission ?? AuthorizeResult.ALLOW,
  });
  function Wrapper(props: { children: ReactNode }) {
    return (
      <TestApiProvider
        apis={[
          [kargoApiRef, api],
          [alertApiRef, alertApi],
          [permissionApiRef, permissionApi],
          ...(options.extraApis ?? []),
        ]}
      >
        {props.children}
      </TestApiProvider>
    );
  }
  return { api, alertApi, Wrapper };
}

/**
 * Renders an entity page component in the test app, for `entity` (default:
 * the annotated checkout-service), with the test APIs; returns them.
 */
export async function renderForEntity(
  element: ReactElement,
  options: Parameters<typeof createTestApis>[0] & { entity?: Entity } = {},
) {
  const apis = createTestApis(options);
  await renderInTestApp(
    <apis.Wrapper>
      <EntityProvider entity={options.entity ?? annotatedEntity}>
        {element}
      </EntityProvider>
    </apis.Wrapper>,
  );
  return apis;
}
