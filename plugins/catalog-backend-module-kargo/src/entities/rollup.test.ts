import { instanceSnapshot, stageSummary } from '../__fixtures__/snapshot';
import { computeRollup, selectStages } from './rollup';

const demo = instanceSnapshot();
const names = (stages: { project: string; name: string }[]) =>
  stages.map(s => `${s.project}/${s.name}`);

describe('selectStages', () => {
  it('selects every Stage of the named projects', () => {
    expect(names(selectStages(demo, { projects: ['checkout'] }))).toEqual([
      'checkout/dev',
      'checkout/staging',
      'checkout/prod',
    ]);
  });

  it('restricts to the listed Stages across all named projects', () => {
    expect(
      names(
        selectStages(demo, {
          projects: ['checkout', 'payments'],
          stages: ['staging', 'uat'],
        }),
      ),
    ).toEqual(['checkout/staging', 'payments/uat']);
  });

  it('selects nothing for a project the instance does not hold', () => {
    expect(selectStages(demo, { projects: ['unknown'] })).toEqual([]);
  });

  it('selects nothing when the entity lists only Stages that do not exist', () => {
    expect(selectStages(demo, { projects: ['checkout'], stages: [] })).toEqual(
      [],
    );
  });
});

describe('computeRollup', () => {
  it('takes the worst phase and sums the open pull requests', () => {
    const payments = computeRollup(demo, { projects: ['payments'] });
    expect(payments.verificationPhase).toBe('Failed');
    expect(payments.openPullRequests).toBe(1);

    const checkout = computeRollup(demo, { projects: ['checkout'] });
    expect(checkout.verificationPhase).toBe('Successful');
    expect(checkout.openPullRequests).toBe(2);
  });

  it('says the counts are not known while any selected Stage was not listed yet', () => {
    const pending = {
      ...demo,
      stages: demo.stages.map(s =>
        s.name === 'prod' ? { ...s, pullRequestsPending: true } : s,
      ),
    };
    expect(
      computeRollup(pending, { projects: ['checkout'] }).pullRequestsPending,
    ).toBe(true);
    expect(
      computeRollup(demo, { projects: ['checkout'] }).pullRequestsPending,
    ).toBe(false);
  });

  it('ranks Running above Successful when nothing failed', () => {
    const rollup = computeRollup(demo, {
      projects: ['payments'],
      stages: ['test', 'uat'],
    });
    expect(rollup.verificationPhase).toBe('Running');
  });

  it('ranks Error with Failed', () => {
    const instance = instanceSnapshot({
      stages: [
        stageSummary({ project: 'p', name: 'a', verificationPhase: 'Error' }),
        stageSummary({ project: 'p', name: 'b', verificationPhase: 'Running' }),
      ],
    });
    expect(
      computeRollup(instance, { projects: ['p'] }).verificationPhase,
    ).toMatch(/^(Error|Failed)$/);
  });

  it('is None with zero pull requests when no Stage matches', () => {
    const rollup = computeRollup(demo, { projects: ['unknown'] });
    expect(rollup).toEqual({
      verificationPhase: 'None',
      openPullRequests: 0,
      orphanedPullRequests: 0,
      verificationStale: false,
      pullRequestsPending: false,
      stages: [],
    });
  });

  it('sums orphaned pull requests and is stale when any Stage is', () => {
    const rollup = computeRollup(
      {
        ...demo,
        stages: demo.stages.map(stage =>
          stage.name === 'prod' ? { ...stage, orphanedPullRequests: 1 } : stage,
        ),
      },
      { projects: ['checkout'] },
    );
    expect(rollup.orphanedPullRequests).toBe(1);
    expect(rollup.verificationStale).toBe(true);
  });
});
