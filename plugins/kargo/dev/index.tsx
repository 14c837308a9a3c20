import { createDevApp } from '@backstage/dev-utils';
import { EntityProvider } from '@backstage/plugin-catalog-react';
import Grid from '@material-ui/core/Grid';
import { EntityKargoCard, EntityKargoContent, kargoPlugin } from '../src';

// Against a running backend (`yarn start` at the repository root): the demo's
// checkout-service component, annotated with the `checkout` project.
const entity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: {
    name: 'checkout-service',
    namespace: 'default',
    annotations: { 'kargo.akuity.io/project': 'checkout' },
  },
  spec: { type: 'service', owner: 'guests', lifecycle: 'production' },
};

createDevApp()
  .registerPlugin(kargoPlugin)
  .addPage({
    path: '/kargo',
    title: 'Kargo',
    element: (
      <EntityProvider entity={entity}>
        <Grid container spacing={3}>
          <Grid item xs={12} md={6}>
            <EntityKargoCard />
          </Grid>
          <Grid item xs={12}>
            <EntityKargoContent />
          </Grid>
        </Grid>
      </EntityProvider>
    ),
  })
  .render();
