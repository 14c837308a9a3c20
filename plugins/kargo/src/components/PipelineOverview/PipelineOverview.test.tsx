import { renderInTestApp } from '@backstage/test-utils';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FreightRequest } from '@kargo-backstage/plugin-kargo-common';
import { stage } from '../../__fixtures__/stages';
import { PipelineOverview } from './PipelineOverview';

const from = (stages: string[]): FreightRequest[] => [
  {
    origin: 'Warehouse/shop',
    direct: stages.length === 0,
    stages,
    requiredSoakTime: null,
  },
];
const freight = (alias: string, tag: string) => ({
  name: `${alias}-name`,
  alias,
  origin: 'Warehouse/shop',
  commits: [],
  images: [{ repoURL: 'ghcr.io/acme/shop', tag, digest: null }],
  charts: [],
});

const stages = [
  stage({
    project: 'shop',
    name: 'prod',
    requestedFreight: from(['uat', 'perf']),
    currentFreight: freight('old-fox', 'v1'),
  }),
  stage({
    project: 'shop',
    name: 'uat',
    requestedFreight: from(['test']),
    currentFreight: freight('calm-heron', 'v2'),
  }),
  stage({
    project: 'shop',
    name: 'perf',
    requestedFreight: from(['test']),
    currentFreight: null,
  }),
  stage({
    project: 'shop',
    name: 'test',
    requestedFreight: from([]),
    currentFreight: freight('bold-owl', 'v3'),
  }),
];

describe('PipelineOverview', () => {
  it('draws the Stages in pipeline order, each with its Freight and upstream', async () => {
    await renderInTestApp(
      <PipelineOverview stages={stages} onSelect={jest.fn()} />,
    );
    const items = within(
      screen.getByRole('list', { name: 'Pipeline shop' }),
    ).getAllByRole('listitem');
    const text = items.map(i => i.textContent);
    expect(text[0]).toMatch(/^test.*bold-owl.*shop:v3.*from Warehouse\/shop/);
    expect(text[1]).toMatch(/^perf.*No Freight.*from test/);
    expect(text[2]).toMatch(/^uat.*calm-heron.*shop:v2.*from test/);
    expect(text[3]).toMatch(/^prod.*old-fox.*shop:v1.*from uat, perf/);
  });

  it('names each upstream Stage once, whatever the Warehouses it takes from it (issue 35, attack 18)', async () => {
    const requests = ['shop', 'config', 'charts'].flatMap(warehouse => [
      { ...from(['uat', 'perf'])[0], origin: `Warehouse/${warehouse}` },
    ]);
    await renderInTestApp(
      <PipelineOverview
        stages={[
          ...stages.slice(1),
          { ...stages[0], requestedFreight: requests },
        ]}
        onSelect={jest.fn()}
      />,
    );
    const items = within(
      screen.getByRole('list', { name: 'Pipeline shop' }),
    ).getAllByRole('listitem');
    expect(items[3]).toHaveTextContent(/^prod.*from uat, perf$/);
  });

  it('opens a Stage from the keyboard', async () => {
    const onSelect = jest.fn();
    await renderInTestApp(
      <PipelineOverview stages={stages} onSelect={onSelect} />,
    );
    const node = screen.getByRole('button', {
      name: 'Show the details of prod',
    });
    node.focus();
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(stages[0]);
  });
});
