import { AuthorizeResult } from '@backstage/plugin-permission-common';
import {
  mockApis,
  MockFetchApi,
  registerMswTestHooks,
  renderInTestApp,
} from '@backstage/test-utils';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { staleStaging } from '../../__fixtures__/stages';
import { testKargoAuth } from '../../__testUtils__/kargoAuth';
import { createTestApis } from '../../__testUtils__/testApis';
import { KargoClient, kargoAuthApiRef } from '../../api';
import { StageActionButton } from '../StageActionButton';
import { GuardedActionButton } from './GuardedActionButton';

const server = setupServer();
registerMswTestHooks(server);

const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.alice-secret-id-token.sig';

async function renderButton(
  options: {
    permission?: AuthorizeResult.ALLOW | AuthorizeResult.DENY;
    token?: string;
    identity?: 'user' | 'portal';
    instance?: string;
    run?: () => Promise<string>;
  } = {},
) {
  const run = jest.fn(options.run ?? (async () => 'p-1'));
  const apis = createTestApis({
    permission: options.permission,
    extraApis: [
      [
        kargoAuthApiRef,
        testKargoAuth(options.token ?? TOKEN, options.identity),
      ],
    ],
  });
  const rendered = await renderInTestApp(
    <apis.Wrapper>
      <GuardedActionButton
        instance={options.instance ?? 'production'}
        label="Promote"
        permission={{
          loading: false,
          allowed: options.permission !== AuthorizeResult.DENY,
        }}
        deniedReason="You are not permitted to promote into this Stage."
        dialog={{
          titleId: 'promote-title',
          title: 'Promote into checkout/staging?',
          confirmLabel: 'Confirm promote',
          body: 'Kargo will promote.',
        }}
        run={run}
        succeeded={promotion => `Promotion ${promotion} requested`}
        failed={message => `Promote failed: ${message}`}
      />
    </apis.Wrapper>,
  );
  return { ...apis, run, rendered };
}

describe('GuardedActionButton', () => {
  it('is disabled, with the reason in its aria-label, when the permission is denied', async () => {
    const { run } = await renderButton({ permission: AuthorizeResult.DENY });
    const button = await screen.findByRole('button', { name: 'Promote' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(
      screen.getByLabelText(
        'Promote: You are not permitted to promote into this Stage.',
      ),
    ).toBeInTheDocument();
    expect(run).not.toHaveBeenCalled();
  });

  it('asks the guest (no session with the Kargo provider) to sign in, without a popup', async () => {
    await renderButton({ token: '' });
    // The session is looked up asynchronously: wait for its answer, not for
    // the button's disabled state while it is still looking.
    expect(
      await screen.findByLabelText(
        'Promote: Sign in with Kargo SSO to act in Kargo',
        {},
        // The app's first render and the session lookup can take more than
        // a second on a loaded machine.
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Promote' });
    expect(button).toBeDisabled();
    await userEvent.hover(button.parentElement!);
    expect(
      await screen.findByText('Sign in with Kargo SSO to act in Kargo'),
    ).toBeVisible();
  });

  it('needs no sign-in where the instance writes as the portal', async () => {
    await renderButton({ token: '', identity: 'portal' });
    const button = await screen.findByRole('button', { name: 'Promote' });
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('writes only after confirmation, and reports the result', async () => {
    const { run, alertApi } = await renderButton();
    const button = await screen.findByRole('button', { name: 'Promote' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(
      screen.getByRole('dialog', { name: 'Promote into checkout/staging?' }),
    ).toBeVisible();
    expect(run).not.toHaveBeenCalled();
    await userEvent.click(
      screen.getByRole('button', { name: 'Confirm promote' }),
    );
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(alertApi.post).toHaveBeenCalledWith(
        expect.objectContaining({
          message: 'Promotion p-1 requested',
          severity: 'success',
        }),
      ),
    );
  });

  it('does nothing when the dialog is cancelled', async () => {
    const { run } = await renderButton();
    const button = await screen.findByRole('button', { name: 'Promote' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(run).not.toHaveBeenCalled();
  });
});

describe('a write Kargo refuses, through the real client', () => {
  it('shows Kargo’s refusal in words, sent the person’s token only in the Kargo header, and never shows the token', async () => {
    let header: string | null = null;
    server.use(
      http.post(
        'http://backstage.test/api/kargo/projects/checkout/stages/staging/reverify',
        ({ request }) => {
          header = request.headers.get('Backstage-Kargo-Authorization');
          return HttpResponse.json(
            {
              error: {
                name: 'NotAllowedError',
                message:
                  'Kargo (instance "production") does not allow this: permission denied',
                code: 'kargoForbidden',
                params: {
                  instance: 'production',
                  message:
                    'bob@example.com may not update stages/verification in project checkout',
                },
              },
              request: { method: 'POST', url: '/api/kargo/...' },
              response: { statusCode: 403 },
            },
            { status: 403 },
          );
        },
      ),
    );
    const kargoAuthApi = testKargoAuth(TOKEN);
    const api = new KargoClient({
      discoveryApi: mockApis.discovery({ baseUrl: 'http://backstage.test' }),
      fetchApi: new MockFetchApi(),
      kargoAuthApi,
    });
    const { alertApi, Wrapper } = createTestApis({
      api,
      extraApis: [[kargoAuthApiRef, kargoAuthApi]],
    });
    await renderInTestApp(
      <Wrapper>
        <StageActionButton stage={staleStaging} action="reverify" />
      </Wrapper>,
    );
    const button = await screen.findByRole('button', { name: 'Reverify' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await userEvent.click(
      screen.getByRole('button', { name: 'Confirm reverify' }),
    );
    await waitFor(() => expect(alertApi.post).toHaveBeenCalled());
    expect(header).toBe(`Bearer ${TOKEN}`);
    const message: string = alertApi.post.mock.calls[0][0].message;
    expect(message).toBe(
      "Reverify of checkout/staging failed: Kargo (instance 'production') does not allow this: bob@example.com may not update stages/verification in project checkout",
    );
    expect(message).not.toContain(TOKEN);
    expect(document.body.innerHTML).not.toContain('alice-secret-id-token');
    // Nothing was written: the button is enabled again for another try.
    await waitFor(() => expect(button).toBeEnabled());
  });
});
