import {
  buildProjectP,
  minimalDirectStage,
} from '../__testUtils__/projectBuild';
import {
  toAssistantStageView,
  toAssistantVerification,
} from '../assistant/stageView';
import { KARGO_LABELS } from '../constants';
import type { AnalysisRun, VerificationEntry } from '../types';
import { Interner } from '../util/interner';
import { JsonSizes } from '../util/jsonSize';
import type { ProjectLists } from '../stage/project';
import { MAX_ENTRY_ACTOR, MAX_ENTRY_ID, MAX_ENTRY_MESSAGE } from './entryText';

// Issue 35, attack 11: attack 9 bounded the metrics of a verification entry
// (50 in 64 KB) after one unlabelled AnalysisRun named in the status of 300
// Stages made 515 MB of details; attack 8 bounded the failure lines
// get-stage hands an assistant. The entry's other texts were served whole
// (deriveHistory.ts fromRecorded/fromRun): `message` (the run's
// status.message, else the record's), `actor` (the record's, else the
// run's kargo.akuity.io/create-actor annotation), and the record's `id`,
// `startTime` and `finishTime`. The same run, named by every Stage's
// status, put its texts in every Stage's detail, and get-stage handed the
// actor to the assistant whole. They are now clipped where the entry is
// built (verification/entryText.ts), and get-stage clips the actor again.

const S = 50;
const MESSAGE = 1_000_000;
const ACTOR = 200_000;
const ID = 100_000;

function build(lists: Partial<ProjectLists>, sizes: JsonSizes) {
  return buildProjectP({ interner: new Interner(), sizes, ...lists });
}

describe('texts of a verification entry (issue 35, attack 11)', () => {
  it("clips one unlabelled run's 1 MB message and 200 KB actor, and a record's 100 KB id and finish time, in the detail of each of 50 Stages whose status names it, and in get-stage", () => {
    const status = {
      freightHistory: [
        {
          id: 'c1',
          items: { 'Warehouse/w': { name: 'f0' } },
          verificationHistory: [
            {
              id: 'v'.repeat(ID),
              phase: 'Failed',
              analysisRun: { name: 'shared', namespace: 'p' },
              startTime: '2026-12-01T00:00:00Z',
              // No time: the run's completedAt is read instead.
              finishTime: '9'.repeat(ID),
            },
          ],
        },
      ],
    };
    const stages = Array.from({ length: S }, (_, i) =>
      minimalDirectStage(`s${i}`, { status }),
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
        completedAt: '2026-12-01T00:05:00Z',
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
      expect(entry.message).toHaveLength(MAX_ENTRY_MESSAGE);
      expect(entry.message!.endsWith('m…')).toBe(true);
      expect(entry.actor).toHaveLength(MAX_ENTRY_ACTOR);
      expect(entry.id).toHaveLength(MAX_ENTRY_ID);
      expect(entry.startTime).toBe('2026-12-01T00:00:00Z');
      expect(entry.finishTime).toBe('2026-12-01T00:05:00Z');
      details += JSON.stringify(detail).length;
    }
    const view = toAssistantStageView(built[0].detail);
    const answer = JSON.stringify(view).length;
    // eslint-disable-next-line no-console
    console.log(
      `run ${runChars} chars + ${S} Stages ${stageChars} chars: details ` +
        `${details} chars; one get-stage answer ${answer} chars`,
    );
    // It was more than S times the run's texts (60 MB); the Stages' own
    // statuses (a 100 KB id and time each) are not served either.
    expect(details).toBeLessThan(S * 10_000);
    expect(view.verifications[0].actor).toHaveLength(MAX_ENTRY_ACTOR);
    expect(answer).toBeLessThan(10_000);
  });

  it('clips an actor get-stage is handed whole, however the entry was built', () => {
    const entry = {
      id: null,
      analysisRun: null,
      freightCollectionId: null,
      freight: null,
      phase: 'Successful',
      recordedPhase: null,
      stale: false,
      startTime: null,
      finishTime: null,
      message: null,
      actor: 'a'.repeat(ACTOR),
      metrics: [],
      current: true,
    } as VerificationEntry;
    expect(toAssistantVerification(entry).actor).toHaveLength(MAX_ENTRY_ACTOR);
  });
});
