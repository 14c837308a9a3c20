import { createRouteRef } from '@backstage/core-plugin-api';

/** The Kargo tab of an entity. */
export const rootRouteRef = createRouteRef({ id: 'kargo' });
