import { resolveOwner } from './owner';

const config = {
  defaultOwner: 'group:default/platform',
  owners: [
    { instance: 'eu', owner: 'group:default/eu-ops' },
    { project: 'checkout', owner: 'group:default/checkout-team' },
    { instance: 'eu', project: 'checkout', owner: 'group:default/checkout-eu' },
    { project: 'checkout', owner: 'group:default/never-used' },
  ],
};

describe('resolveOwner', () => {
  it.each([
    ['eu', 'checkout', 'group:default/checkout-eu'],
    ['us', 'checkout', 'group:default/checkout-team'],
    ['eu', 'payments', 'group:default/eu-ops'],
    ['us', 'payments', 'group:default/platform'],
  ])('owner of %s/%s is %s', (instance, project, owner) => {
    expect(resolveOwner(config, instance, project)).toBe(owner);
  });

  it('uses the default owner when there are no rules', () => {
    expect(
      resolveOwner({ defaultOwner: 'unknown', owners: [] }, 'a', 'b'),
    ).toBe('unknown');
  });
});
