import type { Freight, Promotion } from '../types';
import { ProjectIndexes } from './projectIndexes';

const freight = (name: string) => ({ metadata: { name } } as Freight);
const promotion = (name: string) =>
  ({ metadata: { name }, spec: { stage: 'a' } } as Promotion);

type Make = (name: string) => object;
type IndexOf = (indexes: ProjectIndexes, list: object[]) => object;

describe.each<[string, Make, IndexOf]>([
  ['freight', freight, (x, l) => x.freight(l as Freight[])],
  ['promotions', promotion, (x, l) => x.promotions(l as Promotion[])],
])("a project's %s index", (_, make, indexOf) => {
  it('is kept while a new list holds the same objects', () => {
    const list = ['x', 'y', 'z'].map(make);
    const indexes = new ProjectIndexes();
    const first = indexOf(indexes, list);
    expect(indexOf(indexes, [...list])).toBe(first);
  });

  it('is built anew when an object changed, went or came', () => {
    const list = ['x', 'y', 'z'].map(make);
    const indexes = new ProjectIndexes();
    const first = indexOf(indexes, list);
    const changed = indexOf(indexes, [list[0], { ...list[1] }, list[2]]);
    expect(changed).not.toBe(first);
    const fewer = indexOf(indexes, list.slice(0, 2));
    expect(fewer).not.toBe(changed);
    expect(indexOf(indexes, [...list, make('w')])).not.toBe(fewer);
    expect(indexOf(indexes, [list[1], list[0], list[2]])).not.toBe(
      indexOf(indexes, list),
    );
  });

  it('is never shared between two projects', () => {
    const list = ['x'].map(make);
    expect(indexOf(new ProjectIndexes(), list)).not.toBe(
      indexOf(new ProjectIndexes(), list),
    );
  });
});
