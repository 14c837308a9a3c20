import { createFrontendModule } from '@backstage/frontend-plugin-api';
import { oidcAuthApi } from './oidcAuthApi';
import { signInPage } from './signInPage';

export { oidcAuthApiRef } from './oidcAuthApi';

/** Sign-in of the demo app: the OIDC provider's API and the sign-in page. */
export const authModule = createFrontendModule({
  pluginId: 'app',
  extensions: [oidcAuthApi, signInPage],
});
