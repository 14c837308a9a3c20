/*
 * The demo's sign-in page: the sandbox's identity provider (alice may
 * promote, bob may only look: Kargo decides) or the guest (a quick look; the
 * guest has no ID token for Kargo, so it cannot write).
 */
import { SignInPageBlueprint } from '@backstage/plugin-app-react';
import { OIDC_PROVIDER_ID, oidcAuthApiRef } from './oidcAuthApi';

export const signInPage = SignInPageBlueprint.make({
  params: {
    loader: async () => {
      const { SignInPage } = await import('@backstage/core-components');
      return props => (
        <SignInPage
          {...props}
          providers={[
            {
              id: OIDC_PROVIDER_ID,
              title: 'Kargo SSO (sandbox)',
              message:
                'Sign in as alice (password alice: Kargo lets her promote) or bob (password bob: Kargo lets him only look)',
              apiRef: oidcAuthApiRef,
            },
            'guest',
          ]}
        />
      );
    },
  },
});
