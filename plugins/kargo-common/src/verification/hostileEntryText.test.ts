import { toAssistantStageView } from '../assistant/stageView';
import { KARGO_LABELS } from '../constants';
import type { AnalysisRun, Stage } from '../types';
import { Interner } from '../util/interner';
import { JsonSizes } from '../util/jsonSize';
import { buildProjectStages, type ProjectLists } from '../stage/project';

// Issue 35, attack 11: a demonstration asserting the CURRENT (bad) behaviour.
//
// Attack 9 bounded the metrics of a verification entry (50 in 64 KB) after
// one unlabelled AnalysisRun named in the status of 300 Stages made 515 MB
// of details; attack 8 bounded the failure lines get-stage hands an
// assistant. The entry's other texts are still served whole
// (deriveHistory.ts fromRecorded/fromRun): `message` (the run's
// status.message, else the record's), `actor` (the record's, else the
// run's kargo.akuity.io/create-actor annotation), and the record's `id`,
// `startTime` and `finishTime`. The same run, named by every Stage's
// status, puts its texts in every Stage's detail, and get-stage hands the
// actor (and every field but the failure lines) to the assistant whole.

const S = 50;
const MESSAGE = 1_000_000;
const ACTOR = 200_000;

function build(lists: Partial<ProjectLists>, sizes: JsonSizes) {
  return [
    ...buildProjectStages({
      instance: 'i',
      kargoUrl: null,
      project: 'p',
      now: '2026-12-05T21:00:00Z',
      stages: [],
      promotions: [],
      analysisRuns: [],
      freight: [],
      pullRequestsOf: () => undefined,
      interner: new Interner(),
      sizes,
      ...lists,
    }),
  ];
}

describe('texts of a verification entry (issue 35, attack 11)', () => {
  it("serves one unlabelled run's 1 MB message and 200 KB actor whole in the detail of each of 50 Stages whose status names it, and in get-stage", () => {
    const status = {
      freightHistory: [
        {
          id: 'c1',
          items: { 'Warehouse/w': { name: 'f0' } },
          verificationHistory: [
            {
              id: 'v1',
              phase: 'Failed',
              analysisRun: { name: 'shared', namespace: 'p' },
              startTime: '2026-12-01T00:00:00Z',
            },
          ],
        },
      ],
    };
    const stages = Array.from(
      { length: S },
      (_, i) =>
        ({
          metadata: { name: `s${i}`, namespace: 'p' },
          spec: {
            requestedFreight: [
              {
                origin: { kind: 'Warehouse', name: 'w' },
                sources: { direct: true },
              },
            ],
          },
          status,
        } as unknown as Stage),
    );
    // No stage label (analysisruns create); an annotation Kubernetes takes
    // (256 KB of annotations per object) and a message under the API
    // server's 1.5 MB.
    const shared = {
      metadata: {
        name: 'shared',
        namespace: 'p',
        annotations: { [KARGO_LABELS.createActor]: 'a'.repeat(ACTOR) },
      },
      status: {
        phase: 'Failed',
        startedAt: '2026-12-01T00:00:00Z',
        message: 'm'.repeat(MESSAGE),
      },
    } as unknown as AnalysisRun;
    const sizes = new JsonSizes();
    const runChars = sizes.of(shared);
    const stageChars = sizes.ofAll(stages).chars;
    const built = build({ stages, analysisRuns: [shared] }, sizes);
    expect(built.filter(b => b.detail.error !== null)).toHaveLength(0);
    let details = 0;
    for (const { detail } of built) {
      const [entry] = detail.verifications;
      expect(entry.message).toHaveLength(MESSAGE);
      expect(entry.actor).toHaveLength(ACTOR);
      details += JSON.stringify(detail).length;
    }
    const view = toAssistantStageView(built[0].detail);
    const answer = JSON.stringify(view).length;
    // eslint-disable-next-line no-console
    console.log(
      `run ${runChars} chars + ${S} Stages ${stageChars} chars: details ` +
        `${details} chars; one get-stage answer ${answer} chars`,
    );
    // Every detail carries the whole run's texts: S times the run.
    expect(details).toBeGreaterThan(S * (MESSAGE + ACTOR));
    // get-stage hands the whole actor to the assistant (the failure line of
    // the message is clipped at 2,000 characters).
    expect(view.verifications[0].actor).toHaveLength(ACTOR);
    expect(answer).toBeGreaterThan(ACTOR);
  });
});
