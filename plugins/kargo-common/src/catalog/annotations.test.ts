import { parseEntityKargoAnnotations } from './annotations';

describe('parseEntityKargoAnnotations', () => {
  it.each<
    [
      string,
      Record<string, string> | undefined,
      ReturnType<typeof parseEntityKargoAnnotations>,
    ]
  >([
    [
      'one project',
      { 'kargo.akuity.io/project': 'checkout' },
      { projects: ['checkout'] },
    ],
    [
      'a comma list with stages and instance, trimmed',
      {
        'kargo.akuity.io/project': ' checkout , payments,',
        'kargo.akuity.io/stages': 'staging, uat ,,',
        'kargo.akuity.io/instance': ' production ',
      },
      {
        instance: 'production',
        projects: ['checkout', 'payments'],
        stages: ['staging', 'uat'],
      },
    ],
    [
      'invalid names dropped, duplicates once',
      {
        'kargo.akuity.io/project': 'Checkout,check_out,payments,payments,a.b',
        'kargo.akuity.io/stages': 'eu.prod,-bad,x'.concat(',', 'y'.repeat(254)),
      },
      { projects: ['payments'], stages: ['eu.prod', 'x'] },
    ],
    [
      'only invalid stages: none of them',
      {
        'kargo.akuity.io/project': 'checkout',
        'kargo.akuity.io/stages': 'Prod',
      },
      { projects: ['checkout'], stages: [] },
    ],
    [
      'blank stages: no restriction',
      {
        'kargo.akuity.io/project': 'checkout',
        'kargo.akuity.io/stages': ' , ',
        'kargo.akuity.io/instance': ' ',
      },
      { projects: ['checkout'] },
    ],
    ['no annotations', undefined, { projects: [] }],
    [
      'unrelated annotations',
      { 'backstage.io/techdocs-ref': 'dir:.' },
      { projects: [] },
    ],
  ])('%s', (_, annotations, expected) => {
    expect(parseEntityKargoAnnotations(annotations)).toEqual(expected);
  });
});

describe('parseEntityKargoAnnotations on an entity anyone may register (issue 35, attacks 20 and 21)', () => {
  const made = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, i) => `${prefix}${i}`).join(',');

  it('reads the first 10 projects and 100 Stages of 1 MB lists, and says more are named', () => {
    // 170,000 Stage names were each matched against every Stage of the
    // projects, per view and per catalog processing (~0.9 s).
    const parsed = parseEntityKargoAnnotations({
      'kargo.akuity.io/project': made('p', 170_000),
      'kargo.akuity.io/stages': made('s', 170_000),
    });
    expect(parsed.projects).toEqual(
      Array.from({ length: 10 }, (_, i) => `p${i}`),
    );
    expect(parsed.stages).toHaveLength(100);
    expect(parsed).toMatchObject({
      projectsLeftOut: true,
      stagesLeftOut: true,
    });
  });

  it('reads at most 1,000 names of a list, however many are invalid or repeated', () => {
    const parsed = parseEntityKargoAnnotations({
      'kargo.akuity.io/project': `${'Not_A_Name,'.repeat(100_000)}checkout`,
      'kargo.akuity.io/stages': `${'a,'.repeat(100_000)}b`,
    });
    expect(parsed.projects).toEqual([]);
    expect(parsed.stages).toEqual(['a']);
    expect(parsed).toMatchObject({
      projectsLeftOut: true,
      stagesLeftOut: true,
    });
  });

  it('counts blank names among the 1,000 read: a 1 MB list of commas is read to its bound and said to name more', () => {
    // Attack 22: blanks were not counted, so a million were read per parse
    // (and per Stage of a notifier pass), with nothing said left out.
    const parsed = parseEntityKargoAnnotations({
      'kargo.akuity.io/project': ','.repeat(1_000_000),
      'kargo.akuity.io/stages': ', '.repeat(500_000),
    });
    expect(parsed).toEqual({
      projects: [],
      projectsLeftOut: true,
      stages: [],
      stagesLeftOut: true,
    });
  });

  it('ignores an instance name over 253 characters', () => {
    const parsed = parseEntityKargoAnnotations({
      'kargo.akuity.io/project': 'checkout',
      'kargo.akuity.io/instance': 'x'.repeat(1_000_000),
    });
    expect(parsed).toEqual({ projects: ['checkout'] });
  });

  it('says nothing is left out of lists within the bounds, repeats included', () => {
    const parsed = parseEntityKargoAnnotations({
      'kargo.akuity.io/project': `${made('p', 10)},p0`,
      'kargo.akuity.io/stages': 'dev, prod,dev',
    });
    expect(parsed.projects).toHaveLength(10);
    expect(parsed.stages).toEqual(['dev', 'prod']);
    expect(parsed).not.toHaveProperty('projectsLeftOut');
    expect(parsed).not.toHaveProperty('stagesLeftOut');
  });
});
