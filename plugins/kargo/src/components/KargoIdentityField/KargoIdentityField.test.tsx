import {
  SecretsContextProvider,
  useTemplateSecrets,
} from '@backstage/plugin-scaffolder-react';
import { renderInTestApp } from '@backstage/test-utils';
import { screen, waitFor } from '@testing-library/react';
import { testKargoAuth } from '../../__testUtils__/kargoAuth';
import { createTestApis } from '../../__testUtils__/testApis';
import { germanApis } from '../../__testUtils__/translationApis';
import { kargoAuthApiRef } from '../../api';
import { KargoIdentityField } from './KargoIdentityField';
import { kargoIdentityValidation } from './validation';

const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.alice-id-token.sig';

/** Shows the task's secrets as the scaffolder would send them. */
function SecretsProbe() {
  const { secrets } = useTemplateSecrets();
  return <pre data-testid="secrets">{JSON.stringify(secrets)}</pre>;
}

async function renderField(options: {
  token: string;
  identity?: 'user' | 'portal';
  german?: boolean;
  uiOptions?: Record<string, string>;
}) {
  const onChange = jest.fn();
  const apis = createTestApis({
    extraApis: [
      [kargoAuthApiRef, testKargoAuth(options.token, options.identity)],
      ...(options.german ? germanApis() : []),
    ],
  });
  await renderInTestApp(
    <apis.Wrapper>
      <SecretsContextProvider>
        <KargoIdentityField
          {...({
            onChange,
            schema: { type: 'string', title: 'Act in Kargo as' },
            uiSchema: { 'ui:options': options.uiOptions ?? {} },
            rawErrors: [],
            required: true,
            formData: undefined,
            idSchema: { $id: 'kargoIdentity' },
          } as any)}
        />
        <SecretsProbe />
      </SecretsContextProvider>
    </apis.Wrapper>,
  );
  return { onChange };
}

describe('KargoIdentityField', () => {
  it("hands the signed-in person's ID token to the task as the secret kargoToken and says so", async () => {
    const { onChange } = await renderField({ token: TOKEN });
    expect(
      await screen.findByText(
        /^You: the task acts in Kargo with your Kargo SSO sign-in/,
      ),
    ).toBeVisible();
    await waitFor(() =>
      expect(screen.getByTestId('secrets')).toHaveTextContent(
        JSON.stringify({ kargoToken: TOKEN }),
      ),
    );
    // The form data says as whom; the token is only in the secrets.
    expect(onChange).toHaveBeenLastCalledWith('person');
    expect(JSON.stringify(onChange.mock.calls)).not.toContain(TOKEN);
  });

  it('uses the secret the template names', async () => {
    await renderField({ token: TOKEN, uiOptions: { secretsKey: 'myToken' } });
    await waitFor(() =>
      expect(screen.getByTestId('secrets')).toHaveTextContent(
        JSON.stringify({ myToken: TOKEN }),
      ),
    );
  });

  it('asks a person without a session to sign in, and the form does not go on', async () => {
    const { onChange } = await renderField({ token: '' });
    expect(
      await screen.findByText(
        'Sign in with Kargo SSO so that the task can act in Kargo as you; without it, Kargo refuses its writes.',
      ),
    ).toBeVisible();
    expect(screen.getByTestId('secrets')).toHaveTextContent('{}');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('none'));
    const addError = jest.fn();
    kargoIdentityValidation('none', { addError } as any, {} as any);
    expect(addError).toHaveBeenCalledWith(
      expect.stringContaining(
        'Sign in with the identity provider Kargo accepts',
      ),
    );
  });

  it('says the portal acts where the instance writes as the portal, and sends no token', async () => {
    const { onChange } = await renderField({
      token: TOKEN,
      identity: 'portal',
    });
    expect(
      await screen.findByText(
        /^The portal: this Kargo instance writes with the portal's Kargo API token/,
      ),
    ).toBeVisible();
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('portal'));
    expect(screen.getByTestId('secrets')).toHaveTextContent('{}');
    const addError = jest.fn();
    kargoIdentityValidation('portal', { addError } as any, {} as any);
    expect(addError).not.toHaveBeenCalled();
  });

  it('speaks German', async () => {
    await renderField({ token: TOKEN, german: true });
    expect(
      await screen.findByText(
        /^Sie: Die Aufgabe handelt in Kargo mit Ihrer Kargo SSO-Anmeldung/,
      ),
    ).toBeVisible();
  });
});
