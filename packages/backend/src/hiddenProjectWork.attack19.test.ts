/*
 * Issue 35, attack 19a: a hidden project and a missing one get the same
 * answer from GET /projects/{project}/stages (404 projectNotFound), but only
 * the hidden one makes the kargo plugin ask the permission backend about
 * each of its Stages (an HTTP request to /api/permission/authorize, which
 * for a conditional policy calls the kargo plugin's apply-conditions
 * endpoint in turn). Here with the real auth, permission and kargo backends
 * over HTTP: the answer's time tells a guessed project name that exists.
 * Figures are logged, never asserted (no timed assertions); what is asserted
 * is that both answers are the same 404.
 */
import { startSandbox, DEMO_TOKENS } from '@kargo-backstage/kargo-sandbox';
import type { Sandbox } from '@kargo-backstage/kargo-sandbox';
import type {
  PermissionPolicy,
  PolicyQuery,
} from '@backstage/plugin-permission-node';
import {
  AuthorizeResult,
  isPermission,
  type PolicyDecision,
} from '@backstage/plugin-permission-common';
import { kargoStageReadPermission } from '@kargo-backstage/plugin-kargo-common';
import {
  createKargoStageConditionalDecision,
  kargoStageConditions,
} from '@kargo-backstage/plugin-kargo-backend';
import { guestUserToken, startMcpBackend } from './__testUtils__/mcpBackend';

jest.setTimeout(120_000);

/** People read the checkout project only (docs/rbac.md's conditional example). */
class CheckoutReaders implements PermissionPolicy {
  async handle(request: PolicyQuery): Promise<PolicyDecision> {
    if (isPermission(request.permission, kargoStageReadPermission)) {
      return createKargoStageConditionalDecision(
        kargoStageReadPermission,
        kargoStageConditions.isInProject({ projects: ['checkout'] }),
      );
    }
    return { result: AuthorizeResult.ALLOW };
  }
}

/** People read no Kargo Stage at all. */
class NoKargoReaders implements PermissionPolicy {
  async handle(request: PolicyQuery): Promise<PolicyDecision> {
    return isPermission(request.permission, kargoStageReadPermission)
      ? { result: AuthorizeResult.DENY }
      : { result: AuthorizeResult.ALLOW };
  }
}

describe.each([
  ['a reader of checkout only (conditional)', () => new CheckoutReaders()],
  ['a user denied every Kargo Stage', () => new NoKargoReaders()],
])(
  'attack 19a: hidden vs. missing project by the time of the answer, %s',
  (_, makePolicy) => {
    let sandbox: Sandbox;
    let backend: Awaited<ReturnType<typeof startMcpBackend>>;
    let token: string;

    beforeAll(async () => {
      sandbox = await startSandbox({ port: 0, tokens: DEMO_TOKENS });
      backend = await startMcpBackend(sandbox, makePolicy());
      token = await guestUserToken(backend.baseUrl);
      // The first snapshot: checkout readable.
      for (let i = 0; i < 120; i++) {
        const res = await fetch(
          `${backend.baseUrl}/api/kargo/projects/checkout/stages`,
          {
            headers: { Authorization: `Bearer ${token}` },
          },
        );
        if (res.status === 200) break;
        await new Promise(r => setTimeout(r, 250));
      }
    });
    afterAll(async () => {
      await backend?.stop();
      await sandbox?.stop();
    });

    const timed = async (project: string) => {
      const started = process.hrtime.bigint();
      const res = await fetch(
        `${backend.baseUrl}/api/kargo/projects/${project}/stages`,
        { headers: { Authorization: `Bearer ${token}` } },
      );
      const body = await res.json();
      return {
        status: res.status,
        body,
        ms: Number(process.hrtime.bigint() - started) / 1e6,
      };
    };
    const median = (xs: number[]) =>
      [...xs].sort((a, b) => a - b)[xs.length >> 1];

    it('answers payments (hidden) and a made-up project alike, in measurably different times', async () => {
      const hidden: number[] = [];
      const missing: number[] = [];
      let h: Awaited<ReturnType<typeof timed>> | undefined;
      let m: Awaited<ReturnType<typeof timed>> | undefined;
      // Interleaved, so load on the machine hits both alike.
      for (let i = 0; i < 60; i++) {
        h = await timed('payments');
        m = await timed(`nope-${i}`);
        if (i >= 10) {
          hidden.push(h.ms);
          missing.push(m.ms);
        }
      }
      expect(h!.status).toBe(404);
      expect(m!.status).toBe(404);
      expect(h!.body.error.name).toBe(m!.body.error.name);
      const slowerHidden = hidden.filter((x, i) => x > missing[i]).length;
      // eslint-disable-next-line no-console
      console.log(
        `median hidden ${median(hidden).toFixed(2)} ms, missing ${median(
          missing,
        ).toFixed(2)} ms; hidden slower in ${slowerHidden} of ${
          hidden.length
        } pairs`,
      );
    });
  },
);
