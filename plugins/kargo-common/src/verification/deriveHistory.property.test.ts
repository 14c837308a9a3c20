import fc from 'fast-check';
import { at, ulid } from '../__testUtils__/builders';
import { isTerminalPhase } from '../phases/phaseSets';
import type {
  AnalysisRun,
  FreightCollection,
  Stage,
  VerificationInfo,
} from '../types';
import { deriveStageActions } from './actions';
import { deriveVerificationHistory } from './deriveHistory';

const NAMESPACE = 'proj';
const STAGE = 'app';
const PHASES = [
  '',
  'Pending',
  'Running',
  'Successful',
  'Failed',
  'Error',
  'Inconclusive',
  'Aborted',
  'Weird',
];

/** Whose run it is, which decides whether it must show up. */
const KINDS = [
  'mine',
  'otherStage',
  'otherNamespace',
  'unlabelledReferenced',
  'unlabelledStray',
] as const;
type Kind = (typeof KINDS)[number];

const runArb = fc.record({
  kind: fc.constantFrom(...KINDS),
  phase: fc.constantFrom(...PHASES),
  minute: fc.option(fc.integer({ min: 0, max: 500 }), { nil: undefined }),
  collection: fc.integer({ min: 0, max: 4 }),
});

const viArb = fc.record({
  run: fc.option(fc.nat(), { nil: undefined }),
  phase: fc.constantFrom(...PHASES),
  hasId: fc.boolean(),
  aborted: fc.boolean(),
  minute: fc.option(fc.integer({ min: 0, max: 500 }), { nil: undefined }),
});

const scenarioArb = fc.record({
  runs: fc.array(runArb, { maxLength: 14 }),
  collections: fc.array(fc.array(viArb, { maxLength: 4 }), { maxLength: 5 }),
  verification: fc.boolean(),
});

type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

interface Built {
  stage: Stage;
  runs: AnalysisRun[];
  kinds: Map<string, Kind>;
}

function build(s: Scenario): Built {
  const kinds = new Map<string, Kind>();
  const runs: AnalysisRun[] = s.runs.map((r, i) => {
    const stageName = r.kind === 'otherStage' ? 'app-2' : STAGE;
    const name = `${stageName}.${ulid(i)}.c${r.collection}`;
    kinds.set(name, r.kind);
    const labels: Record<string, string> = {
      'kargo.akuity.io/freight-collection': `c${r.collection}`,
    };
    if (!r.kind.startsWith('unlabelled'))
      labels['kargo.akuity.io/stage'] = stageName;
    return {
      metadata: {
        name,
        namespace: r.kind === 'otherNamespace' ? 'elsewhere' : NAMESPACE,
        labels,
        creationTimestamp: r.minute === undefined ? undefined : at(r.minute),
      },
      status: {
        phase: r.phase,
        startedAt: r.minute === undefined ? undefined : at(r.minute),
      },
    };
  });
  // Status records may name the Stage's own runs (and the unlabelled ones
  // that only the status ties to the Stage), never strays.
  const referable = runs.filter(r =>
    ['mine', 'unlabelledReferenced'].includes(kinds.get(r.metadata!.name!)!),
  );
  let id = 0;
  const freightHistory: FreightCollection[] = s.collections.map((vis, c) => ({
    id: `c${c}`,
    items: { 'Warehouse/w': { name: `f${c}` } },
    verificationHistory: vis.map((v): VerificationInfo => {
      const run =
        v.run !== undefined && referable.length
          ? referable[v.run % referable.length]
          : undefined;
      return {
        id: v.hasId ? `id-${(id += 1)}` : '',
        phase: v.aborted ? 'Failed' : v.phase,
        ...(v.aborted ? { message: 'Verification aborted by user' } : {}),
        startTime: v.minute === undefined ? undefined : at(v.minute),
        ...(run
          ? { analysisRun: { namespace: NAMESPACE, name: run.metadata!.name } }
          : {}),
      };
    }),
  }));
  const referenced = new Set(
    freightHistory.flatMap(fh =>
      fh.verificationHistory!.map(vi => vi.analysisRun?.name),
    ),
  );
  // An unlabelled run nobody references is a stray after all.
  for (const [name, kind] of kinds) {
    if (kind === 'unlabelledReferenced' && !referenced.has(name))
      kinds.set(name, 'unlabelledStray');
  }
  return {
    stage: {
      metadata: { name: STAGE, namespace: NAMESPACE },
      spec: s.verification
        ? { verification: { analysisTemplates: [{ name: 't' }] } }
        : {},
      status: { freightHistory },
    },
    runs,
    kinds,
  };
}

const PARAMS = { numRuns: 300 };

/** An independent statement of the reverify rule. */
function expectedReverify(stage: Stage, runs: AnalysisRun[]): boolean {
  const current = stage.status!.freightHistory![0]?.verificationHistory?.[0];
  if (!current) return false;
  const run = runs.find(
    r =>
      r.metadata!.name === current.analysisRun?.name &&
      r.metadata!.namespace === NAMESPACE,
  );
  // A user abort (Kargo >= 1.1 writes Failed + message, <= 1.0 Aborted) is
  // final for Kargo whatever the terminated run does.
  const aborted =
    current.message === 'Verification aborted by user' ||
    current.phase === 'Aborted';
  const live = aborted
    ? 'Failed'
    : (run ? run.status!.phase : current.phase) || 'Pending';
  return !!stage.spec!.verification && !!current.id && isTerminalPhase(live);
}

describe('deriveVerificationHistory properties', () => {
  it('lists every run of the Stage exactly once and no run of anything else', () => {
    fc.assert(
      fc.property(scenarioArb, s => {
        const { stage, runs, kinds } = build(s);
        const entries = deriveVerificationHistory({
          stage,
          analysisRuns: runs,
        });
        const listed = entries.flatMap(e =>
          e.analysisRun ? [e.analysisRun.name] : [],
        );
        const mine = runs
          .map(r => r.metadata!.name!)
          .filter(n =>
            ['mine', 'unlabelledReferenced'].includes(kinds.get(n)!),
          );
        expect(mine.map(name => listed.filter(n => n === name).length)).toEqual(
          mine.map(() => 1),
        );
        expect(
          listed.filter(
            name =>
              !['mine', 'unlabelledReferenced'].includes(kinds.get(name)!),
          ),
        ).toEqual([]);
      }),
      PARAMS,
    );
  });

  it("shows each run's live phase, Pending when it has none", () => {
    fc.assert(
      fc.property(scenarioArb, s => {
        const { stage, runs } = build(s);
        const byName = new Map(runs.map(r => [r.metadata!.name!, r]));
        const wrong = deriveVerificationHistory({
          stage,
          analysisRuns: runs,
        }).filter(entry => {
          const run = entry.analysisRun && byName.get(entry.analysisRun.name);
          return run && entry.phase !== (run.status!.phase || 'Pending');
        });
        expect(wrong).toEqual([]);
      }),
      PARAMS,
    );
  });

  it('orders entries newest first, undated last', () => {
    fc.assert(
      fc.property(scenarioArb, s => {
        const { stage, runs } = build(s);
        const times = deriveVerificationHistory({
          stage,
          analysisRuns: runs,
        }).map(e =>
          e.startTime ? Date.parse(e.startTime) : Number.MIN_SAFE_INTEGER,
        );
        expect(times).toEqual([...times].sort((a, b) => b - a));
      }),
      PARAMS,
    );
  });

  it('marks stale only records that disagree with a live run', () => {
    fc.assert(
      fc.property(scenarioArb, s => {
        const { stage, runs } = build(s);
        const entries = deriveVerificationHistory({
          stage,
          analysisRuns: runs,
        });
        const wrong = entries.filter(
          e =>
            e.stale &&
            (e.recordedPhase === null ||
              e.recordedPhase === e.phase ||
              e.aborted),
        );
        expect(wrong).toEqual([]);
      }),
      PARAMS,
    );
  });

  it('decides reverify by the current verification alone: stale entries elsewhere never block it', () => {
    fc.assert(
      fc.property(
        scenarioArb,
        fc.constantFrom('Running', 'Pending'),
        (s, stuck) => {
          const { stage, runs } = build(s);
          const actions = deriveStageActions(
            stage,
            deriveVerificationHistory({ stage, analysisRuns: runs }),
          );
          // Every older record stuck non-terminal, as Kargo leaves them.
          const stuckStage: Stage = JSON.parse(JSON.stringify(stage));
          for (const fh of stuckStage.status!.freightHistory!.slice(1)) {
            for (const vi of fh.verificationHistory!) {
              vi.phase = stuck;
              delete vi.message;
            }
          }
          const stuckActions = deriveStageActions(
            stuckStage,
            deriveVerificationHistory({
              stage: stuckStage,
              analysisRuns: runs,
            }),
          );
          expect(stuckActions.reverify).toEqual(actions.reverify);

          expect(actions.reverify.allowed).toBe(expectedReverify(stage, runs));
        },
      ),
      PARAMS,
    );
  });
});
