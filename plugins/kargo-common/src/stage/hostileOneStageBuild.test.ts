import { KARGO_LABELS } from '../constants';
import type { AnalysisRun, Stage } from '../types';
import { Interner } from '../util/interner';
import { JsonSizes } from '../util/jsonSize';
import { buildProjectStages, type ProjectLists } from './project';

// Issue 35, attack 11: a demonstration asserting the CURRENT (bad) behaviour.
//
// A watch event rebuilds only the Stages it touches (`only`), and the
// project's verdict is kept (attack 9), but buildProjectStages keeps nothing
// else between builds: a build of one Stage
// - groups every AnalysisRun of the project by label
//   (`indexAnalysisRunsByStage`, for that Stage's candidates), and
// - derives the whole verification history of each of its upstream Stages
//   (up to 300, `historyOf`), however long, for its #5144 warnings,
// so each event on one small Stage costs what the whole project holds (up
// to its 512 MB budget), in one step of the generator (no yield between
// upstream histories). Known and left aside here: the Freight index
// (ProjectFreight) rebuilt per build, finding (a).

const reads = { metadata: 0, upstreamStatus: 0 };

/** A run whose `metadata` (and, for upstream runs, `status`) reads are counted. */
function run(stage: string, i: number, upstream: boolean): AnalysisRun {
  const metadata = {
    name: `${stage}.${i}`,
    namespace: 'p',
    labels: { [KARGO_LABELS.stage]: stage, [KARGO_LABELS.freight]: `f${i}` },
  };
  const status = {
    phase: 'Successful',
    startedAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
  };
  const object = {} as AnalysisRun;
  Object.defineProperty(object, 'metadata', {
    enumerable: true,
    get: () => {
      reads.metadata++;
      return metadata;
    },
  });
  Object.defineProperty(object, 'status', {
    enumerable: true,
    get: () => {
      if (upstream) reads.upstreamStatus++;
      return status;
    },
  });
  return object;
}

function stageOf(name: string, upstream: string[]): Stage {
  return {
    metadata: { name, namespace: 'p' },
    spec: {
      requestedFreight: [
        {
          origin: { kind: 'Warehouse', name: 'w' },
          sources: upstream.length ? { stages: upstream } : { direct: true },
        },
      ],
    },
  } as unknown as Stage;
}

describe('a one-Stage build of a hostile project (issue 35, attack 11)', () => {
  it('reads every run of the project and derives 300 upstream histories whole on each build of one small Stage', () => {
    const U = 300;
    const PER_UPSTREAM = 50;
    const OTHER = 20_000;
    const upstreamNames = Array.from({ length: U }, (_, i) => `u${i}`);
    const stages = [
      ...upstreamNames.map(n => stageOf(n, [])),
      stageOf('other', []),
      stageOf('d', upstreamNames),
    ];
    const analysisRuns = [
      ...upstreamNames.flatMap(n =>
        Array.from({ length: PER_UPSTREAM }, (_, i) => run(n, i, true)),
      ),
      ...Array.from({ length: OTHER }, (_, i) => run('other', i, false)),
    ];
    const lists: ProjectLists = {
      stages,
      analysisRuns,
      promotions: [],
      freight: [],
    };
    // As the instance's model keeps them: every object measured once, the
    // project's verdict taken by an earlier build of all Stages.
    const sizes = new JsonSizes();
    sizes.ofAll(analysisRuns);
    sizes.ofAll(stages);
    const interner = new Interner();
    const oneStageBuild = () => {
      reads.metadata = 0;
      reads.upstreamStatus = 0;
      const started = Date.now();
      const built = [
        ...buildProjectStages({
          ...lists,
          instance: 'i',
          kargoUrl: null,
          project: 'p',
          now: '2026-12-05T21:00:00Z',
          pullRequestsOf: () => undefined,
          only: new Set(['d']),
          interner,
          sizes,
          projectVerdict: { verdict: null },
        }),
      ];
      // eslint-disable-next-line no-console
      console.log(
        `one-Stage build of d: ${reads.metadata} run metadata reads, ` +
          `${reads.upstreamStatus} upstream run status reads, ` +
          `${Date.now() - started} ms`,
      );
      return built;
    };

    for (let event = 0; event < 2; event++) {
      const [{ detail }] = oneStageBuild();
      expect(detail.name).toBe('d');
      expect(detail.error).toBeNull();
      // d has no run of its own, yet each of its builds reads every run of
      // the project (20,000 of an unrelated Stage included) ...
      expect(reads.metadata).toBeGreaterThanOrEqual(analysisRuns.length);
      // ... and derives each upstream Stage's whole history again.
      expect(reads.upstreamStatus).toBeGreaterThanOrEqual(U * PER_UPSTREAM);
    }
  });
});
