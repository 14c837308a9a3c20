import { startSandbox, Sandbox } from './sandbox';
import { minimalStage as stage } from './__testUtils__/objects';

describe('Sandbox.bulkLoad', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await startSandbox({ fixtures: false, controller: false });
  });
  afterEach(() => sandbox.stop());
  const stages = () =>
    sandbox.registry.find('kargo.akuity.io', 'v1alpha1', 'stages')!;

  it('stores a copy of each object, with its namespace, and leaves the given objects alone', () => {
    const given = stage('dev');
    sandbox.bulkLoad([given]);
    const [stored] = sandbox.store.peek(stages(), 'shop');
    expect(stored).not.toBe(given);
    expect(stored.metadata.resourceVersion).toBe(sandbox.store.currentRv());
    expect(given.metadata.resourceVersion).toBeUndefined();
    const ns = sandbox.registry.find('', 'v1', 'namespaces')!;
    expect(sandbox.store.get(ns, undefined, 'shop')).toBeDefined();
  });

  it('validates strictly, as load does', () => {
    const bad = stage('dev', { colour: 'blue' });
    const message = (f: () => void) => {
      try {
        f();
        return 'loaded';
      } catch (e) {
        return (e as Error).message;
      }
    };
    const loadMessage = message(() => sandbox.load([bad]));
    expect(loadMessage).toMatch(/unknown field "spec.colour"/);
    expect(message(() => sandbox.bulkLoad([bad]))).toBe(loadMessage);
  });
});
