import {
  prodDetail as prod,
  qaDetail as qa,
  stagingDetail as staging,
} from '../__testUtils__/details';
import { toAssistantStageListItem, toAssistantStageView } from './stageView';
import { matchesStageFilter } from './stageFilter';

describe('toAssistantStageView', () => {
  it('marks stale records with what Kargo recorded and says why the runs failed', () => {
    const view = toAssistantStageView(staging);
    expect(view.verificationPhase).toBe('Successful');
    const stale = view.verifications.filter(v => v.stale);
    expect(stale).toHaveLength(3);
    for (const v of stale) {
      expect(v.phase).toBe('Failed');
      expect(v.recordedPhase).toMatch(/Running|Pending/);
      expect(v.failures?.length).toBeGreaterThan(0);
    }
    const current = view.verifications.find(v => v.current)!;
    expect(current.phase).toBe('Successful');
    expect(current.failures).toBeUndefined();
    expect(current.stale).toBeUndefined();
    expect(view.summary).toMatch(
      /^Current verification Successful\. 3 older record\(s\)/,
    );
  });

  it('explains a failed current verification by its failed metrics', () => {
    const view = toAssistantStageView(qa);
    expect(view.verificationPhase).toBe('Failed');
    const current = view.verifications.find(v => v.current)!;
    expect(current.failures).toEqual(
      expect.arrayContaining([expect.stringMatching(/ Failed: .+/)]),
    );
    expect(view.summary).toContain('Current verification Failed because ');
  });

  it('marks orphaned pull requests and counts them', () => {
    const view = toAssistantStageView(prod);
    expect(
      view.pullRequests.map(p => [p.url.split('/').pop(), p.orphaned]),
    ).toEqual([
      ['42', false],
      ['41', true],
    ]);
    expect(view.summary).toContain('2 open pull request(s), 1 orphaned');
    expect(toAssistantStageListItem(prod).orphanedPullRequests).toBe(1);
  });

  it('refuses the writes the caller is not permitted, whatever the Stage allows', () => {
    expect(staging.actions.reverify.allowed).toBe(true);
    const refusal = 'Permission kargo.stage.reverify is denied to you';
    const view = toAssistantStageView(staging, {
      reverify: refusal,
      abort: null,
    });
    expect(view.actions.reverify).toEqual({ allowed: false, reason: refusal });
    // Assistants get the English reason only, not the code the UI translates.
    expect(view.actions.abort).toEqual({
      allowed: false,
      reason: staging.actions.abort.reason,
    });
  });
});

describe('matchesStageFilter', () => {
  const all = [staging, qa, prod];
  const names = (filter: Parameters<typeof matchesStageFilter>[1]) =>
    all
      .filter(s => matchesStageFilter(s, filter))
      .map(s => `${s.project}/${s.name}`);

  it('filters by verification phase (any case), project and orphaned PRs', () => {
    expect(names({ verificationPhase: 'failed' })).toEqual(['payments/qa']);
    expect(names({ project: 'checkout' })).toEqual([
      'checkout/staging',
      'checkout/prod',
    ]);
    expect(names({ hasOrphanedPullRequests: true })).toEqual(['checkout/prod']);
    expect(
      names({ hasOrphanedPullRequests: false, project: 'checkout' }),
    ).toEqual(['checkout/staging']);
    expect(names({ instance: 'other' })).toEqual([]);
  });

  it('keeps the Stages an entity names', () => {
    const entity = {
      annotations: { projects: ['checkout'], stages: ['prod'] },
      defaultInstance: 'sandbox',
    };
    expect(names({ entity })).toEqual(['checkout/prod']);
    expect(
      names({ entity: { ...entity, annotations: { projects: ['payments'] } } }),
    ).toEqual(['payments/qa']);
    expect(
      names({ entity: { ...entity, defaultInstance: 'elsewhere' } }),
    ).toEqual([]);
  });
});
