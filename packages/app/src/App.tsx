import { createApp } from '@backstage/frontend-defaults';
import catalogPlugin from '@backstage/plugin-catalog/alpha';
import kargoFeatures from '@kargo-backstage/plugin-kargo/alpha';
import { authModule } from './modules/auth';
import { kargoAuthModule } from './modules/kargo';
import { navModule } from './modules/nav';

export default createApp({
  features: [
    catalogPlugin,
    kargoFeatures,
    navModule,
    authModule,
    kargoAuthModule,
  ],
});
