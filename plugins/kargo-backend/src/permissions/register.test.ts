import type { PermissionsRegistryService } from '@backstage/backend-plugin-api';
import { registerKargoPermissions } from './register';

describe('registerKargoPermissions', () => {
  it('makes each resource of its ref alone, with no data to look it up in: a malformed ref is no resource', async () => {
    const registry = { addResourceType: jest.fn(), addPermissions: jest.fn() };
    registerKargoPermissions(registry as unknown as PermissionsRegistryService);
    const { getResources } = registry.addResourceType.mock.calls[0][0];
    expect(
      await getResources([
        'production/checkout/eu.prod',
        'production/no-such-project/prod',
        'production/checkout',
      ]),
    ).toEqual([
      { instance: 'production', project: 'checkout', name: 'eu.prod' },
      { instance: 'production', project: 'no-such-project', name: 'prod' },
      undefined,
    ]);
  });
});
