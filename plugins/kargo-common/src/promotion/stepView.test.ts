import fc from 'fast-check';
import type { Promotion } from '../types';
import { clip, httpUrlOf, promotionStepsOf } from './stepView';

// Built, so the linter's no-script-url does not take the test data for code.
const SCRIPT_URL = ['javascript', 'alert(1)'].join(':');
const PR_URL = 'https://github.com/acme/checkout/pull/41';
const SHA = '4f2c9a1e0b7d3c5a8e6f1b2d4c7a9e0f3b5d8c1a';

/** A Promotion through a PR, as Kargo v1.11 writes it, that failed waiting for the PR. */
const failed: Promotion = {
  metadata: { name: 'prod.01j.abc1234', namespace: 'checkout' },
  spec: {
    stage: 'prod',
    freight: 'abc1234',
    steps: [
      { uses: 'git-clone' },
      { uses: 'git-commit', as: 'commit' },
      { uses: 'git-push', as: 'push' },
      { uses: 'git-open-pr', as: 'open-pr' },
      { uses: 'git-wait-for-pr', as: 'wait-for-pr' },
      { uses: 'argocd-update' },
    ],
  },
  status: {
    phase: 'Failed',
    message: 'step "wait-for-pr" failed: pull request 41 was closed',
    currentStep: 4,
    stepExecutionMetadata: [
      {
        alias: 'step-1',
        status: 'Succeeded',
        startedAt: '2026-12-01T08:00:01Z',
        finishedAt: '2026-12-01T08:00:03Z',
      },
      { alias: 'commit', status: 'Succeeded' },
      { alias: 'push', status: 'Succeeded' },
      { alias: 'open-pr', status: 'Succeeded' },
      {
        alias: 'wait-for-pr',
        status: 'Failed',
        startedAt: '2026-12-01T08:00:05Z',
        finishedAt: '2026-12-01T08:10:00Z',
        errorCount: 1,
      },
    ],
    state: {
      commit: { commit: SHA },
      push: {
        commit: SHA,
        branch: 'kargo/promotion/prod.01j.abc1234',
        commitURL: `https://github.com/acme/checkout/commit/${SHA}`,
      },
      'open-pr': {
        pr: { id: 41, url: PR_URL },
        links: [
          { url: 'https://jira.acme.example/browse/OPS-7', label: 'OPS-7' },
          { url: 'https://grafana.acme.example/d/1', tooltip: 'Dashboard' },
          { url: SCRIPT_URL, label: 'evil' },
          { url: 'https://user:secret@acme.example/x', label: 'creds' },
          'not an object',
          { label: 'no url' },
        ],
      },
      'wait-for-pr': {
        pr: { id: '41', url: PR_URL, open: false, merged: false },
      },
    },
  },
};

describe('promotionStepsOf', () => {
  const steps = promotionStepsOf(failed);

  it('lists every step of the spec in order, with Kargo aliases', () => {
    expect(steps.map(s => [s.alias, s.uses, s.status])).toEqual([
      ['step-1', 'git-clone', 'Succeeded'],
      ['commit', 'git-commit', 'Succeeded'],
      ['push', 'git-push', 'Succeeded'],
      ['open-pr', 'git-open-pr', 'Succeeded'],
      ['wait-for-pr', 'git-wait-for-pr', 'Failed'],
      // Never ran: Kargo's view shows it as "won't run".
      ['step-6', 'argocd-update', null],
    ]);
  });

  it('carries when a step ran and how often it failed', () => {
    expect(steps[0]).toMatchObject({
      startedAt: '2026-12-01T08:00:01Z',
      finishedAt: '2026-12-01T08:00:03Z',
    });
    expect(steps[4].errorCount).toBe(1);
    expect(steps[0].errorCount).toBeUndefined();
  });

  it("gives the failed step the Promotion's message when it kept none", () => {
    expect(steps[4].message).toBe(
      'step "wait-for-pr" failed: pull request 41 was closed',
    );
    expect(steps[3].message).toBeNull();
  });

  it('reads the commit, branch and pull request the Git steps recorded', () => {
    expect(steps[1].commit).toEqual({ id: SHA, url: null });
    expect(steps[2]).toMatchObject({
      commit: {
        id: SHA,
        url: `https://github.com/acme/checkout/commit/${SHA}`,
      },
      branch: 'kargo/promotion/prod.01j.abc1234',
    });
    expect(steps[3].pullRequest).toEqual({ url: PR_URL, number: 41 });
    // git-wait-for-pr records the id as Kargo's JSON gives it; a string works too.
    expect(steps[4].pullRequest).toEqual({ url: PR_URL, number: 41 });
    expect(steps[0].pullRequest).toBeUndefined();
  });

  it('keeps only http(s) links without credentials, labelled by label or tooltip', () => {
    expect(steps[3].links).toEqual([
      { url: 'https://jira.acme.example/browse/OPS-7', label: 'OPS-7' },
      { url: 'https://grafana.acme.example/d/1', label: 'Dashboard' },
    ]);
    expect(steps[0].links).toEqual([]);
  });

  it('never offers a PR or commit URL that is not http(s)', () => {
    const [step] = promotionStepsOf({
      spec: { steps: [{ uses: 'git-open-pr', as: 'pr' }] },
      status: {
        state: {
          pr: {
            pr: { id: 3, url: SCRIPT_URL },
            commit: 'abc',
            commitURL: 'data:text/html,hi',
          },
        },
      },
    });
    expect(step.pullRequest).toBeUndefined();
    expect(step.commit).toEqual({ id: 'abc', url: null });
  });

  it('shows the steps a Promotion ran even without a spec (metadata only)', () => {
    const only = promotionStepsOf({
      status: {
        stepExecutionMetadata: [{ alias: 'deploy', status: 'Errored' }],
        message: 'boom',
      },
    });
    expect(only).toEqual([
      {
        alias: 'deploy',
        uses: null,
        status: 'Errored',
        startedAt: null,
        finishedAt: null,
        message: 'boom',
        links: [],
      },
    ]);
  });

  it("keeps the first 50 links of a Promotion's steps, in step order", () => {
    // Before: 200 steps of 20 links kept 4,000 links for one Promotion.
    // After: 50, the first ones; later steps keep none.
    const template = Array.from({ length: 200 }, (_, s) => ({
      uses: 'compose-output',
      as: `s${s}`,
    }));
    const state = Object.fromEntries(
      template.map((_, s) => [
        `s${s}`,
        {
          links: Array.from({ length: 20 }, (__, l) => ({
            url: `https://a.example/${s}/${l}`,
          })),
        },
      ]),
    );
    const views = promotionStepsOf({
      spec: { steps: template },
      status: { state },
    });
    expect(views).toHaveLength(200);
    expect(views.map(v => v.links.length).slice(0, 4)).toEqual([20, 20, 10, 0]);
    expect(views.flatMap(v => v.links)).toHaveLength(50);
    expect(views[2].links[9].url).toBe('https://a.example/2/9');
  });

  it('answers no steps for a Promotion without spec or status', () => {
    expect(promotionStepsOf({})).toEqual([]);
  });
});

describe('httpUrlOf', () => {
  it.each([
    ['https://github.com/a/b/pull/1', true],
    ['HTTP://example.com/x', true],
    ['ftp://example.com', false],
    [SCRIPT_URL, false],
    ['//example.com', false],
    ['https://token@github.com/a', false],
    ['https://', false],
    ['', false],
  ])('%s -> %s', (url, ok) => {
    expect(httpUrlOf(url) === url).toBe(ok);
  });
});

describe('promotionStepsOf on any Promotion', () => {
  const anything = fc.anything({ maxDepth: 3 });
  const output = fc.record(
    {
      pr: fc.oneof(
        anything,
        fc.record({ id: anything, url: fc.oneof(fc.webUrl(), fc.string()) }),
      ),
      commit: anything,
      commitURL: fc.oneof(fc.webUrl({ withQueryParameters: true }), anything),
      branch: anything,
      links: fc.oneof(
        anything,
        fc.array(
          fc.record(
            {
              url: fc.oneof(
                fc.webUrl({ withQueryParameters: true, withFragments: true }),
                fc.string(),
                fc.constant(SCRIPT_URL),
              ),
              label: anything,
              tooltip: anything,
            },
            { requiredKeys: [] },
          ),
          { maxLength: 30 },
        ),
      ),
    },
    { requiredKeys: [] },
  );
  const aliasArb = fc.constantFrom('a', 'b', 'c', '');
  const promotion = fc.record(
    {
      spec: fc.record(
        {
          steps: fc.array(
            fc.record(
              { uses: fc.string(), as: aliasArb },
              { requiredKeys: [] },
            ),
            { maxLength: 6 },
          ),
        },
        { requiredKeys: [] },
      ),
      status: fc.record(
        {
          message: fc.string(),
          stepExecutionMetadata: fc.array(
            fc.record(
              {
                alias: aliasArb,
                status: fc.constantFrom(
                  'Running',
                  'Succeeded',
                  'Failed',
                  'Errored',
                  'Aborted',
                  'Skipped',
                ),
                errorCount: fc.integer({ min: -1, max: 5 }),
              },
              { requiredKeys: [] },
            ),
            { maxLength: 6 },
          ),
          state: fc.dictionary(
            fc.constantFrom('a', 'b', 'c', 'step-1', 'step-2'),
            fc.oneof(output, anything),
          ),
        },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: [] },
  ) as fc.Arbitrary<Promotion>;

  it('never throws, has one view per step, and offers only http(s) URLs', () => {
    fc.assert(
      fc.property(promotion, p => {
        const views = promotionStepsOf(p);
        expect(views).toHaveLength(
          Math.max(
            p.spec?.steps?.length ?? 0,
            p.status?.stepExecutionMetadata?.length ?? 0,
          ),
        );
        for (const view of views) {
          expect(view.alias).not.toBe('');
          expect(view.links.length).toBeLessThanOrEqual(20);
          const urls = [
            ...view.links.map(l => l.url),
            view.pullRequest?.url,
            view.commit?.url,
          ].filter((u): u is string => typeof u === 'string');
          for (const url of urls) {
            const parsed = new URL(url);
            expect(['http:', 'https:']).toContain(parsed.protocol);
            expect(parsed.username + parsed.password).toBe('');
          }
        }
        // Serializable as the backend sends it.
        expect(JSON.parse(JSON.stringify(views))).toEqual(views);
      }),
    );
  });
});

describe('clip', () => {
  it('keeps a text within its limit whole', () => {
    expect(clip('short', 10)).toBe('short');
    expect(clip(undefined, 10)).toBeUndefined();
  });

  it('cuts a longer text to the limit, the last character an ellipsis', () => {
    const cut = clip('a'.repeat(20), 10);
    expect(cut).toBe(`${'a'.repeat(9)}…`);
    expect(cut).toHaveLength(10);
  });

  it('never cuts a character outside the BMP in half', () => {
    // '🚀' is two UTF-16 units: cut at 10, the 9th unit would be its first.
    const cut = clip(`${'a'.repeat(8)}🚀🚀🚀`, 10);
    expect(cut).toBe(`${'a'.repeat(8)}…`);
    expect(cut).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});
