import { promotion, stage } from '../__testUtils__/builders';
import { freightArtifactsOf, freightDiff } from '../promotion/freightDiff';
import { httpUrlOf, promotionStepsOf } from '../promotion/stepView';
import { pullRequestRecordOf } from '../pullRequests/recorded';
import { Interner } from '../util/interner';
import { buildStageDetail } from './detail';

// Issue 35, attack 5: what a project member writes into a Stage's steps, a
// Promotion's step outputs or a Freight, and what the portal makes of it.
// Each probe asserts the behaviour that held (or, for the last two, the
// behaviour after the low fixes of this round).

const deep = (depth: number): Record<string, unknown> => {
  let value: Record<string, unknown> = { leaf: 'x' };
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

describe('hostile objects (issue 35, attack 5)', () => {
  it('links only an http(s) URL without credentials, however the scheme, slashes or userinfo are spelled', () => {
    const refused = [
      ' https://evil.example',
      'https:\\\\evil.example',
      '//evil.example',
      'data:text/html,hi',
      // eslint-disable-next-line no-script-url
      'javascript://https://x',
      'https://user%40x@host.example/',
      'https://user:pass@host.example/',
      'https://host.example:99999/',
    ];
    expect(refused.map(httpUrlOf)).toEqual(refused.map(() => undefined));
    // The browser strips tabs and newlines as the URL parser does: what is
    // linked is the http(s) URL that was checked.
    const kept = httpUrlOf('https://host.example\n.evil/x')!;
    expect(new URL(kept).protocol).toBe('https:');
    expect(httpUrlOf('HTTPS://host.example/x')).toBe('HTTPS://host.example/x');
  });

  it('builds the Stage, its steps and its JSON from step configs and outputs nested 9,500 levels deep, 2,000 outputs wide, with __proto__ keys', () => {
    const protoKeys = JSON.parse(
      '{"repoURL":"https://github.com/acme/a","__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}',
    );
    const s = stage({
      project: 'checkout',
      name: 'prod',
      warehouse: 'w',
      steps: [
        { uses: 'compose-output', as: 'deep', config: deep(9_500) },
        { uses: 'git-open-pr', as: 'open-pr', config: protoKeys },
      ],
    });
    const state: Record<string, unknown> = JSON.parse(
      '{"__proto__":{"pr":{"id":5,"url":"https://github.com/acme/secret/pull/5"}}}',
    );
    for (let i = 0; i < 2000; i++) {
      state[`k${i}`] = {
        links: Array.from({ length: 100 }, (_, j) => ({
          url: `https://x.example/${j}`,
        })),
      };
    }
    state.deep = deep(9_500);
    const p = promotion(
      'checkout',
      'prod',
      71,
      'abc1234',
      'Succeeded',
      [
        { uses: 'compose-output', as: 'deep', config: deep(9_500) },
        {
          uses: 'git-open-pr',
          as: 'open-pr',
          config: { repoURL: 'https://github.com/acme/a' },
        },
      ],
      state,
    );
    const interner = new Interner();
    interner.internAll(s);
    interner.internAll(p);
    const detail = buildStageDetail({
      instance: 'x',
      stage: s,
      promotions: [p],
    });
    expect(detail.error).toBeNull();
    expect(() => JSON.stringify(detail)).not.toThrow();
    // An output recorded under the alias `__proto__` is a plain key: no PR of
    // another repository is attributed to the Stage from it.
    expect(detail.pullRequests).toEqual([]);
    expect(detail.openPullRequestUrls).toEqual([]);
    const steps = promotionStepsOf(p);
    expect(steps.map(v => v.alias)).toEqual(['deep', 'open-pr']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).pr).toBeUndefined();
  });

  it("links a Freight's commits only on the host it names, never off-site", () => {
    const hosts = [
      'https://github.com\\@evil.com/o/r',
      'git@github.com:o/r#@evil',
      'https://github.com/o/r?x=//evil',
      'git@github.com:o/r/../../../evil.com',
      'https://github.com%2f@evil/o/r',
      'x@evil.com\\@github.com:o/r',
    ].flatMap(repoURL => {
      const url = freightArtifactsOf({
        commits: [{ repoURL, id: 'abcdef1' }],
      }).commits[0].url;
      return url ? [new URL(url).hostname] : [];
    });
    expect(new Set(hosts)).toEqual(new Set(['github.com']));
  });

  // Low (fixed): an scp-like repoURL whose host the URL parser refuses made
  // the diff throw, and the Stage lost every Freight option.
  it('shows a Freight whose commit names a host the URL parser refuses, without a link', () => {
    for (const repoURL of ['git@git%hub:o/r', 'git@a<b:o/r', 'git@a[b:o/r']) {
      expect(
        freightArtifactsOf({ commits: [{ repoURL, id: 'abcdef1' }] }).commits[0]
          .url,
      ).toBeNull();
      expect(
        freightDiff(
          { commits: [{ repoURL, id: 'abcdef1' }] },
          { commits: [{ repoURL, id: 'abcdef2' }] },
        )[0].compareUrl,
      ).toBeNull();
    }
  });

  // Low (fixed): 1e21 or twenty digits was taken as a PR number.
  it('takes no recorded PR number that is not a safe positive integer', () => {
    const ids = [-1, 0, 1.5, 1e21, '99999999999999999999', ' 7', true, [7]];
    expect(ids.map(id => pullRequestRecordOf({ pr: { id } }))).toEqual(
      ids.map(() => undefined),
    );
    expect(pullRequestRecordOf({ pr: { id: '42' } })?.number).toBe(42);
  });
});
