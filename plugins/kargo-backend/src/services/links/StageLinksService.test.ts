import type { StageLinksResponse } from '@kargo-backstage/plugin-kargo-common';
import { StageLinksService } from './StageLinksService';

const REF = { instance: 'prod', project: 'checkout', stage: 'prod' };

function fakeKargo() {
  const asked: Array<{ stage: string; identity: unknown }> = [];
  const client = {
    resolveIdentity: (kargoToken: string | undefined) =>
      kargoToken
        ? { type: 'user' as const, idToken: kargoToken }
        : { type: 'portal' as const },
    getStageLinks: async (
      _project: string,
      stage: string,
      identity: unknown,
    ): Promise<StageLinksResponse> => {
      asked.push({ stage, identity });
      return {
        links: [
          { title: `Runbook ${stage}`, url: `https://x.example/${stage}` },
        ],
        errors: [],
      };
    },
  };
  return { asked, kargo: () => ({ kargoApi: () => client } as any) };
}

describe('StageLinksService', () => {
  it("keeps a Stage's answer 30 s for every caller the route lets read it, then asks Kargo again", async () => {
    let now = 1_000_000;
    const { asked, kargo } = fakeKargo();
    const links = new StageLinksService(kargo, { now: () => now });
    const alice = { kargoToken: 'alice-id-token', personPresent: true };
    const carol = { kargoToken: 'carol-id-token', personPresent: true };

    const first = await links.get(REF, alice);
    now += 29_000;
    expect(await links.get(REF, carol)).toEqual(first);
    expect(asked).toHaveLength(1);

    now += 2_000;
    await links.get(REF, carol);
    expect(asked).toEqual([
      { stage: 'prod', identity: { type: 'user', idToken: 'alice-id-token' } },
      { stage: 'prod', identity: { type: 'user', idToken: 'carol-id-token' } },
    ]);
    // Per Stage: another Stage is asked for on its own.
    await links.get({ ...REF, stage: 'staging' }, carol);
    expect(asked).toHaveLength(3);
  });
});
