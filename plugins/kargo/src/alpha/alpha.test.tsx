import {
  createExtensionTester,
  mockApis,
  renderInTestApp,
} from '@backstage/frontend-test-utils';
import { coreExtensionData } from '@backstage/frontend-plugin-api';
import { EntityProvider } from '@backstage/plugin-catalog-react';
import {
  EntityCardBlueprint,
  EntityContentBlueprint,
} from '@backstage/plugin-catalog-react/alpha';
import { screen, within } from '@testing-library/react';
import { kargoApiRef } from '../api';
import { entityResponse, staleStaging } from '../__fixtures__/stages';
import {
  annotatedEntity,
  fakeKargoApi,
  plainEntity,
} from '../__testUtils__/fakeApi';
import { kargoEntityCard } from './entityCard';
import { kargoEntityContent } from './entityContent';

const apis = [[kargoApiRef, fakeKargoApi()], mockApis.permission()] as const;

describe('alpha extensions', () => {
  it('mounts the Kargo tab at kargo, only for annotated entities', () => {
    const tester = createExtensionTester(kargoEntityContent);
    expect(tester.get(coreExtensionData.routePath)).toBe('kargo');
    expect(tester.get(EntityContentBlueprint.dataRefs.title)).toBe('Kargo');
    const filter = tester.get(EntityContentBlueprint.dataRefs.filterFunction)!;
    expect(filter(annotatedEntity)).toBe(true);
    expect(filter(plainEntity)).toBe(false);
  });

  it('renders the Kargo tab for an annotated entity', async () => {
    const api = fakeKargoApi({
      getEntityStages: jest.fn(async () => entityResponse([staleStaging])),
    });
    const tester = createExtensionTester(kargoEntityContent);
    renderInTestApp(
      <EntityProvider entity={annotatedEntity}>
        {tester.reactElement()}
      </EntityProvider>,
      { apis: [[kargoApiRef, api], mockApis.permission()] },
    );
    const section = await screen.findByRole('region', {
      name: 'checkout/staging',
    });
    expect(within(section).getAllByText('Stale')).toHaveLength(3);
    expect(api.getEntityStages).toHaveBeenCalledWith(
      'component:default/checkout-service',
    );
  });

  it('renders the Kargo card for an annotated entity, with the same filter', async () => {
    const tester = createExtensionTester(kargoEntityCard);
    const filter = tester.get(EntityCardBlueprint.dataRefs.filterFunction)!;
    expect(filter(plainEntity)).toBe(false);
    renderInTestApp(
      <EntityProvider entity={annotatedEntity}>
        {tester.reactElement()}
      </EntityProvider>,
      { apis },
    );
    expect(
      await screen.findByRole('row', { name: /checkout\/staging/ }),
    ).toBeVisible();
  });
});
