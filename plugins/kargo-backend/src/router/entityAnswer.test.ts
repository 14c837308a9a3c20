import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';
import type { FoundProject } from '../services/snapshot/queries/lookup';
import { sendEntityAnswer } from './entityAnswer';

const T1 = '2026-12-01T10:00:00.000Z';

function stageOf(name: string, big: string): StageDetail {
  return {
    instance: 'sandbox',
    project: 'checkout',
    name,
    error: null,
    lastUpdated: null,
    stale: false,
    big,
  } as unknown as StageDetail;
}

function found(stage: StageDetail): FoundProject {
  return {
    state: {
      instance: 'sandbox',
      kargoUrl: null,
      lastUpdated: T1,
      attemptedAt: T1,
      stale: false,
      error: null,
      projects: {},
    },
    project: {
      project: 'checkout',
      stages: [stage],
      lastUpdated: T1,
      error: null,
    },
  } as unknown as FoundProject;
}

/** The body the answer of these Stages sends (no gzip asked for). */
async function bodyOf(...stages: StageDetail[]): Promise<unknown> {
  let sent: unknown;
  const req = { acceptsEncodings: () => false };
  const res = {
    type: () => res,
    setHeader: () => res,
    vary: () => res,
    send: (body: unknown) => {
      sent = body;
    },
  };
  await sendEntityAnswer(
    req,
    res,
    stages.map(stage => ({ found: found(stage), stage })),
    { errors: [] },
  );
  return sent;
}

describe('sendEntityAnswer', () => {
  it('sends the answer it built again while kept, and keeps at most 64 MB of answers (issue 35, attack 7)', async () => {
    const small = stageOf('small', 'x');
    const first = await bodyOf(small);
    expect(JSON.parse(String(first))).toMatchObject({
      items: [{ name: 'small' }],
    });
    expect(await bodyOf(small)).toBe(first);
    // Ten answers of 10 MB each (a project member's Stages).
    const big = 'x'.repeat(10_000_000);
    for (let i = 0; i < 10; i++) await bodyOf(stageOf(`big-${i}`, big));
    // Before: 16 answers kept whatever their size, this one among them.
    const again = await bodyOf(small);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('answers at most 64 MB of Stages and says how many of a project it left out (issue 35, attack 7)', async () => {
    // Ten Stages of 10 MB each in one answer (a project member's).
    const big = 'y'.repeat(10_000_000);
    const stages = Array.from({ length: 10 }, (_, i) =>
      stageOf(`huge-${i}`, big),
    );
    const answer = JSON.parse(String(await bodyOf(...stages)));
    // Before: all ten, a 100 MB answer.
    expect(answer.items.map((s: StageDetail) => s.name)).toEqual(
      stages.slice(0, 7).map(s => s.name),
    );
    expect(answer.errors).toEqual([
      {
        instance: 'sandbox',
        project: 'checkout',
        message: '3 Stages not shown: the answer would be larger than 64 MB',
      },
    ]);
  });
});
