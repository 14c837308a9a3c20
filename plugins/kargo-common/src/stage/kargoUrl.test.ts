import { kargoStageUrl } from './kargoUrl';

describe('kargoStageUrl', () => {
  it.each([
    [
      'https://kargo.example.com',
      'https://kargo.example.com/project/checkout/stage/prod',
    ],
    [
      'https://kargo.example.com/',
      'https://kargo.example.com/project/checkout/stage/prod',
    ],
    [
      'https://example.com/kargo//',
      'https://example.com/kargo/project/checkout/stage/prod',
    ],
  ])('links %s', (base, expected) => {
    expect(kargoStageUrl(base, 'checkout', 'prod')).toBe(expected);
  });

  it('encodes path segments', () => {
    expect(kargoStageUrl('https://k', 'a b', 'c/d')).toBe(
      'https://k/project/a%20b/stage/c%2Fd',
    );
  });
});
