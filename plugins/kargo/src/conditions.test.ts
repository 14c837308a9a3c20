import type { Entity } from '@backstage/catalog-model';
import { isKargoAvailable } from './conditions';

function entity(annotations?: Record<string, string>): Entity {
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Component',
    metadata: { name: 'x', annotations },
  };
}

describe('isKargoAvailable', () => {
  it('is true when the project annotation has a value', () => {
    expect(
      isKargoAvailable(entity({ 'kargo.akuity.io/project': 'checkout' })),
    ).toBe(true);
  });

  it('is false without the annotation or with a blank one', () => {
    expect(isKargoAvailable(entity())).toBe(false);
    expect(isKargoAvailable(entity({ 'kargo.akuity.io/project': '  ' }))).toBe(
      false,
    );
    expect(isKargoAvailable(entity({ 'kargo.akuity.io/stages': 'dev' }))).toBe(
      false,
    );
  });
});
