import { discoveryApiRef, fetchApiRef } from '@backstage/core-plugin-api';
import { ApiBlueprint } from '@backstage/frontend-plugin-api';
import { KargoClient, kargoApiRef } from '../api';

/** The Kargo API client for the new frontend system. */
export const kargoApi = ApiBlueprint.make({
  params: defineParams =>
    defineParams({
      api: kargoApiRef,
      deps: { discoveryApi: discoveryApiRef, fetchApi: fetchApiRef },
      factory: ({ discoveryApi, fetchApi }) =>
        new KargoClient({ discoveryApi, fetchApi }),
    }),
});
