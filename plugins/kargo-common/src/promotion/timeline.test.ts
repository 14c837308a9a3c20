import type {
  Freight,
  Promotion,
  PullRequestInfo,
  VerificationEntry,
} from '../types';
import { buildPromotionTimeline, pullRequestWaitOf } from './timeline';

const steps = [
  { uses: 'git-clone' },
  { uses: 'git-push', as: 'push' },
  { uses: 'git-open-pr', as: 'open-pr' },
  { uses: 'git-wait-for-pr', as: 'wait-for-pr' },
];

function promotion(
  name: string,
  created: string,
  status: Promotion['status'],
  actor?: string,
): Promotion {
  return {
    metadata: {
      name,
      namespace: 'shop',
      creationTimestamp: created,
      ...(actor
        ? { annotations: { 'kargo.akuity.io/create-actor': actor } }
        : {}),
    },
    spec: { stage: 'prod', freight: `f-${name}`, steps },
    status,
  };
}

const freight: Freight[] = [
  {
    metadata: { name: 'f-p2', labels: { 'kargo.akuity.io/alias': 'bold-fox' } },
  },
];

const failed = promotion(
  'p1',
  '2026-12-01T08:00:00Z',
  {
    phase: 'Failed',
    message:
      'step "wait-for-pr" failed: no PR number found in output from step "open-pr"',
    startedAt: '2026-12-01T08:00:01Z',
    finishedAt: '2026-12-01T08:01:00Z',
    currentStep: 3,
    stepExecutionMetadata: [
      { alias: 'step-1', status: 'Succeeded' },
      { alias: 'push', status: 'Succeeded' },
      { alias: 'open-pr', status: 'Succeeded' },
      {
        alias: 'wait-for-pr',
        status: 'Failed',
        message: 'no PR number found in output from step "open-pr"',
      },
    ],
  },
  'user:default/alice',
);

const waiting = promotion('p2', '2026-12-01T09:00:00Z', {
  phase: 'Running',
  startedAt: '2026-12-01T09:00:01Z',
  currentStep: 3,
  stepExecutionMetadata: [
    { status: 'Succeeded' },
    { status: 'Succeeded' },
    { status: 'Succeeded' },
    {
      alias: 'wait-for-pr',
      status: 'Running',
      startedAt: '2026-12-01T09:00:05Z',
    },
  ],
  state: {
    'open-pr': { pr: { id: 42, url: 'https://github.com/acme/app/pull/42' } },
  },
});

describe('buildPromotionTimeline', () => {
  it('names the failed step and its message, and who asked', () => {
    const [entry] = buildPromotionTimeline({ promotions: [failed] });
    expect(entry).toMatchObject({
      name: 'p1',
      actor: 'user:default/alice',
      phase: 'Failed',
      failedStep: {
        alias: 'wait-for-pr',
        uses: 'git-wait-for-pr',
        status: 'Failed',
        message: 'no PR number found in output from step "open-pr"',
      },
      currentStep: null,
      pullRequest: null,
    });
  });

  it('falls back to the step at currentStep and the Promotion message without step metadata', () => {
    const old = promotion('p0', '2026-12-01T07:00:00Z', {
      phase: 'Errored',
      message: 'boom',
      currentStep: 1,
    });
    expect(buildPromotionTimeline({ promotions: [old] })[0].failedStep).toEqual(
      {
        alias: 'push',
        uses: 'git-push',
        status: null,
        message: 'boom',
        startedAt: null,
      },
    );
  });

  it('gives the running step, the Freight alias and the PR it opened', () => {
    const pr = {
      url: 'https://github.com/acme/app/pull/42',
      number: 42,
      state: 'open',
      createdAt: '2026-12-01T09:00:03Z',
    } as PullRequestInfo;
    const [entry] = buildPromotionTimeline({
      promotions: [waiting],
      freight,
      pullRequests: [pr],
    });
    expect(entry).toMatchObject({
      freight: { name: 'f-p2', alias: 'bold-fox' },
      phase: 'Running',
      currentStep: { alias: 'wait-for-pr', uses: 'git-wait-for-pr' },
      pullRequest: { url: pr.url, number: 42, state: 'open' },
    });
  });

  it('carries every step of each Promotion, with the PR a step recorded', () => {
    const [entry] = buildPromotionTimeline({ promotions: [waiting] });
    expect(
      entry.steps?.map(s => [s.alias, s.status, s.pullRequest?.number]),
    ).toEqual([
      ['step-1', 'Succeeded', undefined],
      ['push', 'Succeeded', undefined],
      ['open-pr', 'Succeeded', 42],
      ['wait-for-pr', 'Running', undefined],
    ]);
  });

  it('says a running Promotion has an abort request until Kargo ends it', () => {
    const asked = (p: Promotion): Promotion => ({
      ...p,
      metadata: {
        ...p.metadata,
        annotations: { 'kargo.akuity.io/abort': '{"action":"terminate"}' },
      },
    });
    const ended = { ...failed, status: { ...failed.status, phase: 'Aborted' } };
    const [running, done, plain] = buildPromotionTimeline({
      promotions: [asked(waiting), asked(ended), failed],
    });
    expect(running.abortRequested).toBe(true);
    expect(done.abortRequested).toBeUndefined();
    expect(plain.abortRequested).toBeUndefined();
  });

  it('joins the verification that followed a successful Promotion, not one of a later Promotion', () => {
    const done = (name: string, created: string, finished: string) =>
      promotion(name, created, {
        phase: 'Succeeded',
        startedAt: created,
        finishedAt: finished,
      });
    const older = done('a', '2026-12-01T10:00:00Z', '2026-12-01T10:01:00Z');
    const newer = {
      ...done('b', '2026-12-01T11:00:00Z', '2026-12-01T11:01:00Z'),
    };
    newer.spec = { ...newer.spec, freight: 'f-a' };
    const verification = (start: string, phase: string) =>
      ({
        freight: { name: 'f-a', alias: null },
        startTime: start,
        phase,
        stale: false,
        analysisRun: { name: `run-${start}`, namespace: 'shop' },
      } as VerificationEntry);
    const timeline = buildPromotionTimeline({
      promotions: [newer, older],
      verifications: [
        verification('2026-12-01T11:02:00Z', 'Successful'),
        verification('2026-12-01T10:02:00Z', 'Failed'),
      ],
    });
    expect(timeline.map(e => e.verification?.phase)).toEqual([
      'Successful',
      'Failed',
    ]);
  });

  // Issue 35, attack 6 (medium): each Promotion filtered and sorted every
  // verification of the Stage, so one Freight promoted (and verified) 8,000
  // times, which a project member may script within Kargo's two weeks of
  // retention, took ~11 s of the backend's one thread per rebuild.
  it('joins each of thousands of Promotions of one Freight to its own verification, the newest of its window', () => {
    const count = 8_000;
    const base = Date.UTC(2026, 11, 1);
    const iso = (minutes: number) =>
      new Date(base + minutes * 60_000).toISOString();
    const promotions: Promotion[] = [];
    const verifications: VerificationEntry[] = [];
    const verification = (minutes: number, run: string) =>
      ({
        freight: { name: 'f-same', alias: null },
        startTime: iso(minutes),
        phase: 'Successful',
        stale: false,
        analysisRun: { name: run, namespace: 'shop' },
      } as VerificationEntry);
    for (let i = 0; i < count; i++) {
      const p = promotion(`p${i}`, iso(i * 10), {
        phase: 'Succeeded',
        startedAt: iso(i * 10),
        finishedAt: iso(i * 10 + 1),
      });
      p.spec = { ...p.spec, freight: 'f-same' };
      promotions.unshift(p);
      verifications.push(verification(i * 10 + 2, `run-${i}`));
      // A reverify in the window replaces the first outcome; of two at
      // once, the one listed first counts.
      if (i % 2) {
        verifications.push(verification(i * 10 + 5, `reverify-${i}`));
        verifications.push(verification(i * 10 + 5, `twin-${i}`));
      }
    }
    verifications.reverse();
    const timeline = buildPromotionTimeline({ promotions, verifications });
    const runOf = (name: string) =>
      timeline.find(e => e.name === name)!.verification?.analysisRun;
    // The timeline shows the newest 100 (attack 5), each joined to its own.
    expect(timeline).toHaveLength(100);
    expect(runOf(`p${count - 100}`)).toBe(`run-${count - 100}`);
    expect(runOf(`p${count - 99}`)).toBe(`twin-${count - 99}`);
    expect(runOf(`p${count - 2}`)).toBe(`run-${count - 2}`);
    expect(runOf(`p${count - 1}`)).toBe(`twin-${count - 1}`);
  });
});

describe('pullRequestWaitOf', () => {
  it('says which PR a running Promotion waits on and since when', () => {
    const timeline = buildPromotionTimeline({ promotions: [waiting, failed] });
    expect(pullRequestWaitOf(timeline)).toEqual({
      promotion: 'p2',
      number: 42,
      url: 'https://github.com/acme/app/pull/42',
      provider: null,
      since: '2026-12-01T09:00:05Z',
    });
  });

  it("names the provider from the listed PR, else GitLab's merge request URL", () => {
    const timeline = buildPromotionTimeline({ promotions: [waiting, failed] });
    const listed = [
      {
        url: 'https://github.com/acme/app/pull/42',
        provider: 'github',
      },
    ] as Parameters<typeof pullRequestWaitOf>[1];
    expect(pullRequestWaitOf(timeline, listed)?.provider).toBe('github');
    const [entry] = timeline.filter(e => e.name === 'p2');
    const onGitlab = timeline.map(e =>
      e === entry
        ? {
            ...e,
            pullRequest: {
              ...e.pullRequest!,
              url: 'https://gitlab.example.com/acme/app/-/merge_requests/7',
            },
          }
        : e,
    );
    expect(pullRequestWaitOf(onGitlab)?.provider).toBe('gitlab');
  });

  it('is null when no Promotion waits on a PR', () => {
    expect(
      pullRequestWaitOf(buildPromotionTimeline({ promotions: [failed] })),
    ).toBeNull();
  });

  // Issue 35, attack 4: a step's output is whatever the Stage's template
  // wrote (compose-output can record any `pr`). The timeline and the wait
  // banner put its URL in a link: a `javascript:` URL made Backstage's Link
  // throw (the Stage's Promotions table failed to render for every viewer), and a URL
  // with credentials showed them in the browser. The steps drawer already
  // kept http(s) URLs only (httpUrlOf); now every reader of `pr.url` does.
  it('links no recorded pull request URL that is not plain http(s)', () => {
    for (const url of [
      // eslint-disable-next-line no-script-url
      'javascript:alert(document.cookie)',
      ' JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'https://bot:ghp_secret@github.com/acme/app/pull/42',
      '/catalog/default/component/other',
    ]) {
      const forged = promotion('p3', '2026-12-01T10:00:00Z', {
        phase: 'Running',
        currentStep: 3,
        stepExecutionMetadata: [
          { alias: 'step-1', status: 'Succeeded' },
          { alias: 'push', status: 'Succeeded' },
          { alias: 'open-pr', status: 'Succeeded' },
          {
            alias: 'wait-for-pr',
            status: 'Running',
            startedAt: '2026-12-01T10:00:05Z',
          },
        ],
        state: { 'open-pr': { pr: { id: 42, url } } },
      });
      const timeline = buildPromotionTimeline({ promotions: [forged] });
      expect(timeline[0].pullRequest).toBeNull();
      expect(JSON.stringify(timeline)).not.toContain(url);
      expect(pullRequestWaitOf(timeline)?.url ?? null).toBeNull();
    }
  });

  // Issue 35, attack 5: any step output carrying `pr.url` (a compose-output,
  // or a step aliased `__proto__`) was the Promotion's PR when its
  // git-open-pr had recorded none: the timeline and the wait banner linked
  // any site as "the pull request", and the scaffolder's wait ended on it,
  // handing the template that URL as `pullRequestUrl`.
  it("takes the Promotion's PR only from its git-open-pr or git-wait-for-pr step", () => {
    const phishing = 'https://github-login.example/acme/app/pull/42';
    const forged = promotion('p3', '2026-12-01T10:00:00Z', {
      phase: 'Running',
      currentStep: 3,
      stepExecutionMetadata: [
        { alias: 'step-1', status: 'Succeeded' },
        { alias: 'push', status: 'Succeeded' },
        { alias: 'open-pr', status: 'Running' },
      ],
      state: JSON.parse(
        `{"push": {"pr": {"id": 42, "url": "${phishing}"}}, "__proto__": {"pr": {"id": 43, "url": "${phishing}/x"}}}`,
      ),
    });
    const timeline = buildPromotionTimeline({ promotions: [forged] });
    expect(timeline[0].pullRequest).toBeNull();
    expect(pullRequestWaitOf(timeline)?.url ?? null).toBeNull();
    // The steps drawer still shows what each step's own output says.
    expect(timeline[0].steps?.[1].pullRequest?.url).toBe(phishing);
    // The wait-for-pr step's record counts when open-pr recorded none.
    const waited = promotion('p4', '2026-12-01T10:00:00Z', {
      phase: 'Running',
      state: {
        'wait-for-pr': {
          pr: { id: 42, url: 'https://github.com/acme/app/pull/42' },
        },
      },
    });
    expect(
      buildPromotionTimeline({ promotions: [waited] })[0].pullRequest,
    ).toMatchObject({ url: 'https://github.com/acme/app/pull/42', number: 42 });
  });
});
