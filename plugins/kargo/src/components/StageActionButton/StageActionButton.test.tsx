import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { renderInTestApp } from '@backstage/test-utils';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeKargoApi } from '../../__testUtils__/fakeApi';
import { runningTest, staleStaging } from '../../__fixtures__/stages';
import { createTestApis } from '../../__testUtils__/testApis';
import { germanApis } from '../../__testUtils__/translationApis';
import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';
import { StageActionButton } from './StageActionButton';

/** The permission answer arrives asynchronously; until then the button is disabled. */
async function clickWhenEnabled(name: string) {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
}

describe('StageActionButton', () => {
  it('reverifies after confirmation and reports success', async () => {
    const { api, alertApi, Wrapper } = createTestApis();
    const onDone = jest.fn();
    await renderInTestApp(
      <Wrapper>
        <StageActionButton
          stage={staleStaging}
          action="reverify"
          onDone={onDone}
        />
      </Wrapper>,
    );
    await clickWhenEnabled('Reverify');
    expect(
      screen.getByRole('dialog', { name: 'Reverify checkout/staging?' }),
    ).toBeVisible();
    expect(api.reverify).not.toHaveBeenCalled();
    await userEvent.click(
      screen.getByRole('button', { name: 'Confirm reverify' }),
    );
    await waitFor(() =>
      expect(alertApi.post).toHaveBeenCalledWith(
        expect.objectContaining({
          message: 'Reverify requested for checkout/staging',
          severity: 'success',
        }),
      ),
    );
    expect(api.reverify).toHaveBeenCalledWith({
      project: 'checkout',
      stage: 'staging',
      instance: 'production',
    });
    expect(onDone).toHaveBeenCalledWith(staleStaging, 'reverify');
  });

  it('does nothing when the dialog is cancelled', async () => {
    const { api, Wrapper } = createTestApis();
    await renderInTestApp(
      <Wrapper>
        <StageActionButton stage={staleStaging} action="reverify" />
      </Wrapper>,
    );
    await clickWhenEnabled('Reverify');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument(),
    );
    expect(api.reverify).not.toHaveBeenCalled();
  });

  it('reports a failure with the backend message', async () => {
    const api = fakeKargoApi({
      reverify: jest.fn().mockRejectedValue(new Error('Stage is not healthy')),
    });
    const { alertApi, Wrapper } = createTestApis({ api });
    await renderInTestApp(
      <Wrapper>
        <StageActionButton stage={staleStaging} action="reverify" />
      </Wrapper>,
    );
    await clickWhenEnabled('Reverify');
    await userEvent.click(
      screen.getByRole('button', { name: 'Confirm reverify' }),
    );
    await waitFor(() =>
      expect(alertApi.post).toHaveBeenCalledWith(
        expect.objectContaining({
          message: 'Reverify of checkout/staging failed: Stage is not healthy',
          severity: 'error',
        }),
      ),
    );
  });

  it('is disabled with the reason when the permission is denied', async () => {
    const { Wrapper } = createTestApis({ permission: AuthorizeResult.DENY });
    // usePermission caches answers per resource across renders (SWR); another
    // instance keeps the ALLOW answers of the tests above out of this one.
    const stage = { ...staleStaging, instance: 'denied' };
    await renderInTestApp(
      <Wrapper>
        <StageActionButton stage={stage} action="reverify" />
      </Wrapper>,
    );
    const button = await screen.findByRole('button', { name: 'Reverify' });
    await waitFor(() => expect(button).toBeDisabled());
    await userEvent.hover(button.parentElement!);
    expect(
      (
        await screen.findByText('You are not permitted to reverify this Stage.')
      ).closest('[role="tooltip"]'),
    ).toBeVisible();
  });

  it('is disabled with Kargo’s reason when the action is not allowed', async () => {
    const { Wrapper } = createTestApis();
    await renderInTestApp(
      <Wrapper>
        <StageActionButton stage={runningTest} action="reverify" />
      </Wrapper>,
    );
    const button = await screen.findByRole('button', { name: 'Reverify' });
    await userEvent.hover(button.parentElement!);
    expect(
      (
        await screen.findByText('The current verification is still Running.')
      ).closest('[role="tooltip"]'),
    ).toBeVisible();
    expect(button).toBeDisabled();
  });

  describe('words the reason code of the backend', () => {
    const startTime = '2026-11-30T10:42:00Z';
    const stage = {
      ...runningTest,
      actions: {
        ...runningTest.actions,
        reverify: {
          allowed: false,
          reason:
            'Verification is still running (started 10:42 UTC); abort it or wait for it to finish',
          code: 'verificationRunning',
          params: { startTime },
        },
      },
    };
    const clock = (language: string) =>
      new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(
        new Date(startTime),
      );

    async function tooltipOf(
      s: StageDetail,
      options: Parameters<typeof createTestApis>[0] = {},
    ) {
      const { Wrapper } = createTestApis(options);
      await renderInTestApp(
        <Wrapper>
          <StageActionButton stage={s} action="reverify" />
        </Wrapper>,
      );
      const button = await screen.findByRole('button', {
        name: options.extraApis ? 'Erneut verifizieren' : 'Reverify',
      });
      await userEvent.hover(button.parentElement!);
      return (await screen.findByRole('tooltip')).textContent;
    }

    it('in English, the time in the viewer’s time zone', async () => {
      expect(await tooltipOf(stage)).toBe(
        `Verification is still running (started ${clock(
          'en',
        )}); abort it or wait for it to finish`,
      );
    });

    it('in German', async () => {
      expect(await tooltipOf(stage, { extraApis: germanApis() })).toBe(
        `Die Verifizierung läuft noch (gestartet ${clock(
          'de',
        )}); brich sie ab oder warte, bis sie fertig ist`,
      );
    });

    it('falls back to the English message for a code it does not know (a newer backend)', async () => {
      const newer = {
        ...stage,
        actions: {
          ...stage.actions,
          reverify: {
            allowed: false,
            reason: 'Kargo is being upgraded',
            code: 'kargoUpgrading',
            params: {},
          },
        },
      };
      expect(await tooltipOf(newer)).toBe('Kargo is being upgraded');
    });
  });

  it('aborts a running verification after confirmation', async () => {
    const { api, alertApi, Wrapper } = createTestApis();
    await renderInTestApp(
      <Wrapper>
        <StageActionButton stage={runningTest} action="abort" />
      </Wrapper>,
    );
    await clickWhenEnabled('Abort verification');
    expect(
      screen.getByRole('dialog', {
        name: 'Abort the verification of payments/test?',
      }),
    ).toBeVisible();
    await userEvent.click(
      screen.getByRole('button', { name: 'Confirm abort' }),
    );
    await waitFor(() =>
      expect(api.abortVerification).toHaveBeenCalledWith({
        project: 'payments',
        stage: 'test',
        instance: 'production',
      }),
    );
    await waitFor(() =>
      expect(alertApi.post).toHaveBeenCalledWith(
        expect.objectContaining({
          message: 'Abort requested for payments/test',
        }),
      ),
    );
  });
});
