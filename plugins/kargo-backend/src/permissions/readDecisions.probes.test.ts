import { mockCredentials, mockServices } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { kargoStageReadPermission } from '@kargo-backstage/plugin-kargo-common';
import { filterAuthorizedStages } from '@kargo-backstage/plugin-kargo-node';
import { readableStagesOf } from '../services/snapshot/queries/lookup';
import { ReadDecisions, recordingReadDecisions } from './readDecisions';

// Issue 35, attack 20: every read of a project's Stages asks the policy about
// its probe `<instance>/<project>/*` too (projectProbe.ts). Recorded like a
// Stage's ALLOW, in the asking user's own room of 2,000 Stages, 2,000 probes
// (an entity someone registered naming made-up projects, opened by an owner)
// pushed out every recorded ALLOW of the owner's real Stages, so their
// notifications stopped. Probes are not recorded.
describe('read decisions and project probes', () => {
  it("records no project probe, so 2,000 of them leave a viewer's ALLOW of a real Stage in place", async () => {
    const inner = mockServices.permissions.mock({
      authorize: async requests =>
        requests.map(() => ({ result: AuthorizeResult.ALLOW })),
    });
    const decisions = new ReadDecisions();
    const permissions = recordingReadDecisions(inner, decisions);
    const owner = mockCredentials.user('user:default/owner');
    const prod = { instance: 'sandbox', project: 'payments', name: 'prod' };
    await filterAuthorizedStages(
      permissions,
      kargoStageReadPermission,
      [prod],
      owner,
    );
    for (let i = 0; i < 2_000; i++) {
      await readableStagesOf(
        permissions,
        owner,
        { instance: 'sandbox', project: `made-up-${i}` },
        [],
      );
    }
    // It was pushed out (2,000 probes recorded).
    expect(decisions.allows('user:default/owner', prod)).toBe(true);
    expect(
      decisions.allows('user:default/owner', {
        instance: 'sandbox',
        project: 'made-up-1999',
        name: '*',
      }),
    ).toBe(false);
  });
});
