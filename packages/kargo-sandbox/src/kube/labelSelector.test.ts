import {
  matchesFields,
  matchesLabels,
  parseFieldSelector,
  parseLabelSelector,
} from './labelSelector';
import { KubeError } from './errors';

const labels = { 'kargo.akuity.io/stage': 'dev', tier: 'web', version: '3' };

describe('parseLabelSelector', () => {
  it.each([
    ['kargo.akuity.io/stage=dev', true],
    ['kargo.akuity.io/stage==dev', true],
    ['kargo.akuity.io/stage!=dev', false],
    ['kargo.akuity.io/stage = dev , tier=web', true],
    ['tier in (web, api)', true],
    ['tier in (api)', false],
    ['tier notin (api,db)', true],
    ['tier notin (web)', false],
    ['tier', true],
    ['!tier', false],
    ['missing', false],
    ['!missing', true],
    ['missing!=x', true],
    ['missing notin (x)', true],
    ['version>2', true],
    ['version<3', false],
    ['tier=', false],
    ['', true],
  ])('%j matches the labels: %s', (selector, expected) => {
    expect(matchesLabels(parseLabelSelector(selector), labels)).toBe(expected);
  });

  it('parses every operator into requirements', () => {
    expect(parseLabelSelector('a=1,b!=2,c in (x,y),d notin (z),e,!f')).toEqual([
      { key: 'a', operator: 'equals', values: ['1'] },
      { key: 'b', operator: 'notEquals', values: ['2'] },
      { key: 'c', operator: 'in', values: ['x', 'y'] },
      { key: 'd', operator: 'notIn', values: ['z'] },
      { key: 'e', operator: 'exists', values: [] },
      { key: 'f', operator: 'doesNotExist', values: [] },
    ]);
  });

  it.each([
    'a in x',
    'a in (x',
    '=x',
    'a=b=c',
    'a,',
    'a=(x)',
    'bad key=x',
    'a>x',
  ])('rejects %j with a 400', selector => {
    let err: unknown;
    try {
      parseLabelSelector(selector);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(KubeError);
    expect((err as KubeError).code).toBe(400);
  });
});

describe('field selectors', () => {
  it('matches metadata.name and metadata.namespace', () => {
    const meta = { name: 'dev', namespace: 'checkout' };
    expect(matchesFields(parseFieldSelector('metadata.name=dev'), meta)).toBe(
      true,
    );
    expect(
      matchesFields(parseFieldSelector('metadata.namespace!=checkout'), meta),
    ).toBe(false);
    expect(
      matchesFields(
        parseFieldSelector('metadata.name==dev,metadata.namespace=checkout'),
        meta,
      ),
    ).toBe(true);
  });

  it('rejects other fields as kube-apiserver does for CRDs', () => {
    expect(() => parseFieldSelector('spec.shard=a')).toThrow(
      'field label not supported: spec.shard',
    );
  });
});
