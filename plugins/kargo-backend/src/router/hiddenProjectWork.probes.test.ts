import {
  annotated,
  neutral,
  PROBE_STAGES,
} from '../__tests__/reliability/__testUtils__/callers';
import {
  countingQuestions,
  emptyProject,
  useReliabilityBackend,
} from '../__tests__/reliability/__testUtils__/suite';

// Issue 35, attack 20: attack 19 made a missing project cost one permission
// question, as a hidden one did. But a project cost a question only when it
// had a Stage to ask about, and whoever registers an entity chooses its
// `kargo.akuity.io/stages` annotation: an entity naming a Stage no project has
// made every existing project cost no round trip and a missing one a round
// trip, attack 19's timing oracle inverted (2.2 ms against 10.7 ms over
// HTTP). And one view of an entity naming 1,000 made-up projects made 1,000
// round trips. Every read of a project's Stages now asks about the project's
// probe in the same batch, and a view reads the first 10 projects.
jest.setTimeout(60_000);

const MADE_UP = Array.from(
  { length: 1_000 },
  (_, i) => `made-up-${String(i).padStart(4, '0')}`,
);

describe('every read of a project costs one policy round trip, whatever it holds', () => {
  const { backend } = useReliabilityBackend({
    // A project with no Stage yet (just created, or Warehouses only).
    load: sandbox => sandbox.load(emptyProject('fresh')),
    entities: [
      // An attacker's own registrations: a guessed project, and a Stage
      // name no project has.
      annotated('probe-payments', 'payments', 'zz-no-such-stage'),
      annotated('probe-nope', 'no-such-project', 'zz-no-such-stage'),
      annotated('probe-many', MADE_UP.join(',')),
    ],
  });
  // The caller may read nothing of payments; every policy question counted.
  const questions = countingQuestions(backend);

  it('an entity naming a Stage no project has: a hidden project and a missing one each cost one question, the project probe (same answer)', async () => {
    const hidden = await questions(PROBE_STAGES.hidden);
    const missing = await questions(PROBE_STAGES.missing);
    expect(hidden.res.status).toBe(200);
    expect(neutral(hidden.res, 'payments')).toEqual(
      neutral(missing.res, 'no-such-project'),
    );
    // It was none for payments and one for the missing project.
    expect(hidden.asked).toEqual(['kargo.stage.read sandbox/payments/*']);
    expect(missing.asked).toEqual([
      'kargo.stage.read sandbox/no-such-project/*',
    ]);
  });

  it('Stage list and AnalysisRun routes: a project without Stages and a missing one each cost one question, the project probe (same 404)', async () => {
    for (const path of ['stages', 'analysis-runs/guess']) {
      const empty = await questions(`/projects/fresh/${path}`);
      const missing = await questions(`/projects/no-such-project/${path}`);
      expect(empty.res.status).toBe(404);
      expect(missing.res.status).toBe(404);
      expect(empty.res.body.error.message.replace('fresh', '<n>')).toEqual(
        missing.res.body.error.message.replace('no-such-project', '<n>'),
      );
      // It was none for the empty project and one for the missing one.
      expect(empty.asked).toEqual(['kargo.stage.read sandbox/fresh/*']);
      expect(missing.asked).toEqual([
        'kargo.stage.read sandbox/no-such-project/*',
      ]);
    }
  });

  it('one view of an entity annotated with 1,000 made-up projects asks about the first 10, and says the rest were not read', async () => {
    const many = await questions(
      '/entities/component/default/probe-many/stages',
    );
    expect(many.res.status).toBe(200);
    // One error per project read, and one for the 990 not read.
    expect(many.res.body.errors).toHaveLength(11);
    // It was 1,000 questions, each its own round trip.
    expect(many.asked).toEqual(
      MADE_UP.slice(0, 10).map(p => `kargo.stage.read sandbox/${p}/*`),
    );
  });
});
