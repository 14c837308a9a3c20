import { KARGO_LABELS } from '../constants';
import {
  devRun,
  prodRunningPromotion,
  prodStage,
  stagingRuns,
  stagingStage,
} from '../__testUtils__/checkout';
import type { AnalysisRun } from '../types';
import { stagesTouchedBy } from './touched';

const stages = [stagingStage, prodStage];
const names = (s: Set<string>) => [...s].sort();

describe('stagesTouchedBy', () => {
  it('a Stage change touches that Stage only, also when it was deleted', () => {
    expect(
      names(stagesTouchedBy({ kind: 'stages', object: prodStage }, stages)),
    ).toEqual(['prod']);
    expect(
      names(
        stagesTouchedBy({ kind: 'stages', object: prodStage }, [stagingStage]),
      ),
    ).toEqual(['prod']);
  });

  it('an AnalysisRun touches the Stage it belongs to (by its stage label)', () => {
    expect(
      names(
        stagesTouchedBy(
          { kind: 'analysisruns', object: stagingRuns[0] },
          stages,
        ),
      ),
    ).toEqual(['staging']);
  });

  it('a relabelled AnalysisRun touches the Stage it left and the one it joined', () => {
    const moved: AnalysisRun = {
      ...stagingRuns[0],
      metadata: {
        ...stagingRuns[0].metadata,
        labels: { [KARGO_LABELS.stage]: 'prod' },
      },
    };
    expect(
      names(
        stagesTouchedBy(
          { kind: 'analysisruns', object: moved, previous: stagingRuns[0] },
          stages,
        ),
      ),
    ).toEqual(['prod', 'staging']);
  });

  it('a run of a Stage the project does not hold touches nothing', () => {
    expect(
      names(stagesTouchedBy({ kind: 'analysisruns', object: devRun }, stages)),
    ).toEqual([]);
  });

  it('a Promotion touches its spec.stage', () => {
    expect(
      names(
        stagesTouchedBy(
          { kind: 'promotions', object: prodRunningPromotion },
          stages,
        ),
      ),
    ).toEqual(['prod']);
  });

  it('Freight touches every Stage of the project', () => {
    expect(
      names(
        stagesTouchedBy(
          { kind: 'freights', object: { metadata: { name: 'f' } } },
          stages,
        ),
      ),
    ).toEqual(['prod', 'staging']);
  });
});
