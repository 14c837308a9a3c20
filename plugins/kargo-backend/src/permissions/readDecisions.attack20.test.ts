import { mockCredentials, mockServices } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { kargoStageReadPermission } from '@kargo-backstage/plugin-kargo-common';
import { filterAuthorizedStages } from '@kargo-backstage/plugin-kargo-node';
import { askAsAboutHidden } from '../services/snapshot/queries/lookup';
import { ReadDecisions, recordingReadDecisions } from './readDecisions';

// Issue 35, attack 20a: askAsAboutHidden asks kargo.stage.read about the ref
// `<instance>/<project>/*`, and the recording permissions service records
// an ALLOW for it like any Stage's, in the asking user's own room (2,000
// Stages). The entity route asks it once per made-up project an entity
// names, in the viewer's name: whoever opens the page of an entity someone
// registered with 2,000 made-up projects has every recorded ALLOW of their
// real Stages pushed out, so notifications of their Stages stop reaching
// them until they read each Stage again (under a policy that allows those
// refs, e.g. ALLOW for signed-in users, or a rule on the instance). Before
// attack 19 the entity route asked only about Stages the snapshot holds.
describe("attack 20a: askAsAboutHidden fills the viewer's recorded read decisions", () => {
  it("2,000 made-up projects asked about as a viewer push out that viewer's ALLOW of a real Stage", async () => {
    const inner = mockServices.permissions.mock({
      authorize: async requests =>
        requests.map(() => ({ result: AuthorizeResult.ALLOW })),
    });
    const decisions = new ReadDecisions();
    const permissions = recordingReadDecisions(inner, decisions);
    const owner = mockCredentials.user('user:default/owner');
    const prod = { instance: 'sandbox', project: 'payments', name: 'prod' };
    // The owner reads their Stage: recorded, they will hear of it.
    await filterAuthorizedStages(
      permissions,
      kargoStageReadPermission,
      [prod],
      owner,
    );
    expect(decisions.allows('user:default/owner', prod)).toBe(true);
    // The owner opens an entity annotated with 2,000 made-up projects.
    for (let i = 0; i < 2_000; i++)
      await askAsAboutHidden(permissions, owner, 'sandbox', `made-up-${i}`);
    // Measured: the owner's ALLOW of payments/prod is gone (2,000 `*` refs).
    expect(decisions.allows('user:default/owner', prod)).toBe(false);
    expect(
      decisions.allows('user:default/owner', {
        instance: 'sandbox',
        project: 'made-up-1999',
        name: '*',
      }),
    ).toBe(true);
  });
});
