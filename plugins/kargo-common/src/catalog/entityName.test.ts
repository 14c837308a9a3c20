import { KubernetesValidatorFunctions } from '@backstage/catalog-model';
import fc from 'fast-check';
import { stageEntityName } from './entityName';

describe('stageEntityName', () => {
  it.each([
    ['production', 'checkout', 'staging', 'production.checkout.staging'],
    ['default', 'payments', 'eu.prod', 'default.payments.eu.prod'],
  ])('uses the readable form %s/%s/%s', (i, p, s, expected) => {
    expect(stageEntityName(i, p, s)).toBe(expected);
  });

  it('keeps triples apart that dashes would merge', () => {
    expect(stageEntityName('prod', 'a-b', 'c')).not.toBe(
      stageEntityName('prod', 'a', 'b-c'),
    );
    expect(stageEntityName('a-b', 'c', 'd')).not.toBe(
      stageEntityName('a', 'b-c', 'd'),
    );
  });

  it('hashes long names into 63 characters with a readable prefix', () => {
    const long =
      'checkout-very-long-stage-name-for-the-eu-west-1-production-canary-cluster';
    const name = stageEntityName('production', 'checkout', long);
    expect(name).toMatch(
      /^production\.checkout\.checkout-very-long-stage-name-for_[0-9a-f]{8}$/,
    );
    expect(name.length).toBeLessThanOrEqual(63);
    expect(stageEntityName('production', 'checkout', `${long}-2`)).not.toBe(
      name,
    );
  });

  it('hashes instance names that are not DNS labels, keeping case variants apart', () => {
    expect(stageEntityName('Production', 'checkout', 'dev')).toMatch(
      /^production\.checkout\.dev_[0-9a-f]{8}$/,
    );
    expect(stageEntityName('Production', 'checkout', 'dev')).not.toBe(
      stageEntityName('production', 'checkout', 'dev'),
    );
    expect(stageEntityName('my_cluster', 'checkout', 'dev')).toMatch(
      /^my-cluster\.checkout\.dev_[0-9a-f]{8}$/,
    );
    expect(stageEntityName('!!!', '', '')).toMatch(/^[0-9a-f]{8}$/);
  });

  it('is always a valid catalog name, and distinct triples get distinct names', () => {
    const part = fc.stringMatching(/^[a-z0-9]([a-z0-9.-]{0,70}[a-z0-9])?$/);
    const instance = fc.oneof(
      fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,20}[a-z0-9])?$/),
      fc.string({ minLength: 1, maxLength: 30 }),
    );
    fc.assert(
      fc.property(
        instance,
        part,
        part,
        instance,
        part,
        part,
        (i1, p1, s1, i2, p2, s2) => {
          const a = stageEntityName(i1, p1, s1);
          expect(KubernetesValidatorFunctions.isValidObjectName(a)).toBe(true);
          fc.pre(i1 !== i2 || p1 !== p2 || s1 !== s2);
          // The catalog compares names case-insensitively.
          expect(a.toLowerCase()).not.toBe(
            stageEntityName(i2, p2, s2).toLowerCase(),
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});
