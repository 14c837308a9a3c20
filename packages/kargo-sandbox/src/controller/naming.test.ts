import {
  analysisRunName,
  freightCollectionId,
  parseVerificationRequest,
  shortenLabelValue,
} from './naming';
import { evaluate } from './expressions';

describe('Kargo naming', () => {
  it('keeps label values up to 63 characters', () => {
    expect(shortenLabelValue('staging')).toBe('staging');
    expect(shortenLabelValue('s'.repeat(63))).toBe('s'.repeat(63));
  });

  it('hash-shortens longer values like kubernetes.ShortenLabelValue', () => {
    const name =
      'a-very-long-stage-name-for-the-payments-platform-team-in-region-eu-west-1';
    // First 54 characters with the trailing dash trimmed, '-', 8 hex of sha256.
    expect(shortenLabelValue(name)).toBe(
      'a-very-long-stage-name-for-the-payments-platform-team-59fae8bb',
    );
    const dashes = `${'x'.repeat(
      53,
    )}--------tail-to-make-it-longer-than-sixty-three`;
    expect(shortenLabelValue(dashes)).toBe(`${'x'.repeat(53)}-c09015b7`);
  });

  it('names AnalysisRuns <stage>.<ulid>.<collection id> in lower case', () => {
    const id = freightCollectionId(['b', 'a']);
    expect(id).toBe('5d8b1241b0484dd20c2cfeca6f692becfbab5d18');
    expect(analysisRunName('Dev', id)).toMatch(
      /^dev\.[0-9a-z]{26}\.5d8b1241b0484dd20c2cfeca6f692becfbab5d18$/,
    );
  });

  it.each([
    [
      '{"id":"abc","actor":"admin","controlPlane":true}',
      { id: 'abc', actor: 'admin', controlPlane: true },
    ],
    ['abc', { id: 'abc' }],
    ['12345', { id: '12345' }],
    ['', undefined],
    ['{"actor":"admin"}', undefined],
    ['{"id":""}', undefined],
  ])('parses the request annotation %j', (value, expected) => {
    expect(parseVerificationRequest(value)).toEqual(expected);
  });
});

describe('step expressions', () => {
  const env = {
    vars: { repoURL: 'https://github.com/acme/deploy' },
    outputs: {
      push: { branch: 'kargo/promotion/p1' },
      'open-pr': { pr: { id: 7 } },
    },
    ctx: { stage: 'prod' },
  };

  it('resolves vars, outputs (dot and bracket forms) and ctx', () => {
    expect(
      evaluate(
        {
          repoURL: '${{ vars.repoURL }}',
          sourceBranch: '${{ outputs.push.branch }}',
          prNumber: "${{ outputs['open-pr'].pr.id }}",
          title: 'Promote to ${{ ctx.stage }}',
          list: ['${{ vars.missing }}'],
        },
        env,
      ),
    ).toEqual({
      repoURL: 'https://github.com/acme/deploy',
      sourceBranch: 'kargo/promotion/p1',
      prNumber: 7,
      title: 'Promote to prod',
      list: [undefined],
    });
  });
});
