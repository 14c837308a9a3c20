import {
  buildProjectP,
  minimalDirectStage,
  minimalDownstreamStage,
  withReadHook,
} from '../__testUtils__/projectBuild';
import { KARGO_LABELS } from '../constants';
import type { AnalysisRun } from '../types';
import { Interner } from '../util/interner';
import { JsonSizes } from '../util/jsonSize';
import type { StageDetail } from '../types';
import type { ProjectLists } from './project';
import { ProjectIndexes } from './projectIndexes';

// Issue 35, attack 11: a watch event rebuilds only the Stages it touches
// (`only`), but a build of one Stage
// - grouped every AnalysisRun of the project by label again, and
// - derived the whole verification history of each of its upstream Stages
//   (up to 300) again, for its #5144 warnings,
// so each event on one small Stage cost what the whole project holds. Now
// the instance's model keeps the project's indexes (ProjectIndexes) and
// the details it built: an upstream Stage not rebuilt serves its detail's
// verifications.

const reads = { metadata: 0, upstreamStatus: 0 };

/** A run whose `metadata` (and, for upstream runs, `status`) reads are counted. */
function run(
  stage: string,
  i: number,
  upstream: boolean,
  freight = `f${i}`,
  phase = 'Successful',
): AnalysisRun {
  const metadata = {
    name: `${stage}.${i}`,
    namespace: 'p',
    labels: { [KARGO_LABELS.stage]: stage, [KARGO_LABELS.freight]: freight },
  };
  const status = {
    phase,
    startedAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
  };
  const object = withReadHook({} as AnalysisRun, 'metadata', metadata, () => {
    reads.metadata++;
  });
  return withReadHook(object, 'status', status, () => {
    if (upstream) reads.upstreamStatus++;
  });
}

const stageOf = (name: string, upstream: string[]) =>
  upstream.length
    ? minimalDownstreamStage(name, upstream)
    : minimalDirectStage(name);

describe('a one-Stage build of a hostile project (issue 35, attack 11)', () => {
  it('reads no run of the project and derives no upstream history on a build of one small Stage after the first of all', () => {
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
      // f49 (the newest) re-verified in u0, and failed (akuity/kargo#5144).
      run('u0', PER_UPSTREAM, true, 'f49', 'Failed'),
    ];
    const lists: ProjectLists = {
      stages,
      analysisRuns,
      promotions: [],
      // The Freight the upstream runs verified: d's options.
      freight: Array.from({ length: PER_UPSTREAM }, (_, i) => ({
        metadata: {
          name: `f${i}`,
          namespace: 'p',
          creationTimestamp: new Date(Date.UTC(2026, 0, 1) + i).toISOString(),
        },
        origin: { kind: 'Warehouse', name: 'w' },
      })),
    };
    // As the instance's model keeps them: every object measured once, the
    // project's verdict taken by an earlier build of all Stages.
    const sizes = new JsonSizes();
    sizes.ofAll(analysisRuns);
    sizes.ofAll(stages);
    const interner = new Interner();
    // What the instance's model keeps between builds of the project.
    const indexes = new ProjectIndexes();
    const details = new Map<string, StageDetail>();
    const kept = {
      interner,
      sizes,
      projectVerdict: { verdict: null },
      indexes,
      keptDetail: (name: string) => details.get(name),
    };
    for (const { detail } of buildProjectP({ ...lists, ...kept }))
      details.set(detail.name, detail);
    const fullD = details.get('d')!;
    // d's options, and the warning u0's history gives one of them.
    expect(fullD.freightOptions).toHaveLength(20);
    const f49 = fullD.freightOptions?.find(o => o.name === 'f49');
    expect(f49?.reverifiedFailed).toHaveLength(1);

    const oneStageBuild = () => {
      reads.metadata = 0;
      reads.upstreamStatus = 0;
      const started = Date.now();
      const built = buildProjectP({
        ...lists,
        ...kept,
        // The watch hands out new arrays of the objects it holds.
        stages: [...stages],
        analysisRuns: [...analysisRuns],
        only: new Set(['d']),
      });
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
      // d has no run of its own: no run is read (it read all 35,000), and
      // no upstream history derived (it derived 300: 15,000 runs' status).
      expect(reads.metadata).toBe(0);
      expect(reads.upstreamStatus).toBe(0);
      // What it shows is what a build of all showed.
      expect(detail.freightOptions).toEqual(fullD.freightOptions);
    }

    // An upstream rebuilt with d (its runs changed) is derived anew, never
    // served from its kept detail: f48 now failed in u0 too.
    const rebuilt = buildProjectP({
      ...lists,
      ...kept,
      analysisRuns: [
        ...analysisRuns,
        run('u0', PER_UPSTREAM + 1, true, 'f48', 'Failed'),
      ],
      // d listed first: u0's history is asked before u0 is built.
      stages: [stages[stages.length - 1], ...stages.slice(0, -1)],
      only: new Set(['d', 'u0']),
    });
    const d = rebuilt.find(b => b.detail.name === 'd')!.detail;
    const f48 = d.freightOptions?.find(o => o.name === 'f48');
    expect(f48?.reverifiedFailed).toHaveLength(1);
  });
});
