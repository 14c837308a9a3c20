import { instanceSnapshot, stageSummary } from '../__fixtures__/snapshot';
import {
  changedProjects,
  projectFingerprints,
  projectRefreshKey,
} from './projectChanges';

describe('project changes', () => {
  const before = projectFingerprints([instanceSnapshot()]);

  it('reports every project on the first snapshot', () => {
    expect(changedProjects(new Map(), before)).toEqual([
      'checkout',
      'payments',
    ]);
  });

  it('reports nothing when no rollup input changed', () => {
    const same = projectFingerprints([
      instanceSnapshot({ lastUpdated: '2026-11-30T13:00:00.000Z' }),
    ]);
    expect(changedProjects(before, same)).toEqual([]);
  });

  it('reports the project whose Stage phase or pull requests changed', () => {
    const after = projectFingerprints([
      instanceSnapshot({
        stages: [
          ...instanceSnapshot().stages.filter(s => s.name !== 'dev'),
          stageSummary({
            project: 'checkout',
            name: 'dev',
            verificationPhase: 'Failed',
          }),
        ],
      }),
    ]);
    expect(changedProjects(before, after)).toEqual(['checkout']);
  });

  it('reports projects that disappeared', () => {
    expect(changedProjects(before, new Map())).toEqual([
      'checkout',
      'payments',
    ]);
  });

  it('keys entities by project', () => {
    expect(projectRefreshKey('checkout')).toBe('kargo-project:checkout');
  });
});
