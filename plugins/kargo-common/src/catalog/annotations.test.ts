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
