import { KARGO_LABELS } from '../constants';
import {
  MAX_UPSTREAM_ENTRIES,
  MAX_UPSTREAM_STAGES,
} from '../promotion/upstreamStages';
import type { AnalysisRun, Stage } from '../types';
import {
  stageLabelValue,
  stagesOfAnalysisRun,
} from '../verification/analysisRuns';
import { StageRoutes } from './stageRoutes';

const LONG = `long-${'x'.repeat(80)}`;

function stageNaming(
  name: string,
  namespace: string | undefined,
  refs: Array<{ name: string; namespace?: string }>,
): Stage {
  return {
    metadata: { name, ...(namespace === undefined ? {} : { namespace }) },
    spec: {},
    status: {
      freightHistory: [
        {
          id: `${name}-c`,
          items: {},
          verificationHistory: refs.map((analysisRun, i) => ({
            id: `${name}-${i}`,
            phase: 'Successful',
            analysisRun,
          })),
        },
      ],
    },
  } as unknown as Stage;
}

function runOf(
  name: string,
  namespace: string | undefined,
  label?: string,
): AnalysisRun {
  return {
    metadata: {
      name,
      ...(namespace === undefined ? {} : { namespace }),
      labels: label === undefined ? {} : { [KARGO_LABELS.stage]: label },
    },
  } as unknown as AnalysisRun;
}

const stages: Stage[] = [
  stageNaming('a', 'p', [{ name: 'r1' }, { name: 'shared', namespace: 'p' }]),
  stageNaming('b', 'p', [{ name: 'shared' }, { name: 'r2', namespace: 'q' }]),
  stageNaming('c', 'q', [{ name: 'r2' }]),
  stageNaming('d', undefined, [{ name: 'r3', namespace: 'p' }]),
  stageNaming(LONG, 'p', []),
  stageNaming('', 'p', [{ name: 'r1' }]),
];

const runs: AnalysisRun[] = [
  runOf('r1', 'p'),
  runOf('r1', undefined),
  runOf('shared', 'p'),
  runOf('shared', 'q'),
  runOf('r2', 'q'),
  runOf('r2', 'p'),
  runOf('r3', 'p'),
  runOf('r3', undefined),
  runOf('none', 'p'),
  runOf('r1', 'p', 'a'),
  runOf('r1', 'p', 'b'),
  runOf('x', 'p', LONG.slice(0, 54)),
  runOf('x', 'p', stageLabelValue(LONG)),
  runOf('x', 'p', ''),
];

const names = (list: Stage[]) => list.map(s => s.metadata?.name).sort();

describe('StageRoutes', () => {
  it('finds the Stages of a run as the rule does, for labelled and unlabelled runs', () => {
    const routes = new StageRoutes();
    routes.update(stages);
    for (const run of runs) {
      expect(names(routes.stagesOfRun(run))).toEqual(
        names(stagesOfAnalysisRun(run, stages)),
      );
    }
    expect(names(routes.stagesOfRun(runOf('shared', 'p')))).toEqual(['a', 'b']);
  });

  it('forgets a changed or removed Stage and reads the new object', () => {
    const routes = new StageRoutes();
    const [a, b] = stages;
    routes.update([a, b]);
    expect(names(routes.stagesOfRun(runOf('r1', 'p')))).toEqual(['a']);
    const a2 = stageNaming('a', 'p', [{ name: 'r9' }]);
    routes.update([a2, b]);
    expect(names(routes.stagesOfRun(runOf('r1', 'p')))).toEqual([]);
    expect(names(routes.stagesOfRun(runOf('r9', 'p')))).toEqual(['a']);
    expect(names(routes.stagesOfRun(runOf('shared', 'p')))).toEqual(['b']);
    routes.update([a2]);
    expect(names(routes.stagesOfRun(runOf('shared', 'p')))).toEqual([]);
  });

  it('names the Stages downstream of one as a build reads their requests, within the caps', () => {
    const downstream = (name: string, upstream: string[]): Stage =>
      ({
        metadata: { name, namespace: 'p' },
        spec: {
          requestedFreight: [
            {
              origin: { kind: 'Warehouse', name: 'w' },
              sources: { stages: upstream },
            },
          ],
        },
      } as unknown as Stage);
    const routes = new StageRoutes();
    const many = Array.from({ length: MAX_UPSTREAM_STAGES }, (_, i) => `u${i}`);
    routes.update([
      downstream('near', ['up']),
      // 'up' after MAX_UPSTREAM_ENTRIES entries: a build never reads it.
      downstream('far', [
        ...Array.from({ length: MAX_UPSTREAM_ENTRIES }, () => 'other'),
        'up',
      ]),
      // 'up' after MAX_UPSTREAM_STAGES distinct names: nor this one.
      downstream('wide', [...many, 'up']),
    ]);
    expect([...routes.downstreamOf('up')]).toEqual(['near']);
    expect([...routes.downstreamOf('other')]).toEqual(['far']);
    expect([...routes.downstreamOf('u0')]).toEqual(['wide']);
    expect([...routes.downstreamOf('nobody')]).toEqual([]);
  });
});
