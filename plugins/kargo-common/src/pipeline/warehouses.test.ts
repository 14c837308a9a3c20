import type { Stage } from '../types';
import { warehousesOfStage } from './warehouses';

const stage = (requestedFreight: unknown): Stage =>
  ({ metadata: { name: 'uat' }, spec: { requestedFreight } } as Stage);

describe('warehousesOfStage', () => {
  it("names each Warehouse the Stage requests Freight from, once, in the Stage's order", () => {
    expect(
      warehousesOfStage(
        stage([
          {
            origin: { kind: 'Warehouse', name: 'images' },
            sources: { direct: true },
          },
          {
            origin: { kind: 'Warehouse', name: 'charts' },
            sources: { stages: ['dev'] },
          },
          {
            origin: { kind: 'Warehouse', name: 'images' },
            sources: { stages: ['qa'] },
          },
        ]),
      ),
    ).toEqual(['images', 'charts']);
  });

  it('names nothing for a Stage without Warehouse origins or a malformed spec', () => {
    expect(warehousesOfStage(stage(undefined))).toEqual([]);
    expect(
      warehousesOfStage(
        stage([
          { origin: { kind: 'Other', name: 'x' } },
          null,
          { origin: { kind: 'Warehouse', name: '' } },
        ]),
      ),
    ).toEqual([]);
  });
});
