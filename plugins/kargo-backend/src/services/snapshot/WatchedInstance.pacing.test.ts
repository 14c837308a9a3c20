import { watchedInstance } from './__testUtils__/watched';

describe('applying watch events', () => {
  afterEach(() => jest.useRealTimers());

  it('waits after an application at least as long as it took, and applies what arrived meanwhile together', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'] });
    const stageNamed = (name: string, health = 'Healthy') => ({
      metadata: { name, namespace: 'p' },
      status: { health: { status: health } },
    });
    // Each application takes 500 ms of the (given) clock.
    let now = 0;
    const { source, model, upsert } = watchedInstance(
      {
        projects: [{ metadata: { name: 'p' } }],
        stages: ['a', 'b', 'c'].map(n => stageNamed(n)),
      },
      { batchMs: 20, clock: () => now },
    );
    const applied: string[][] = [];
    const update = model.update.bind(model);
    model.update = async options => {
      now += 500;
      const which = options.rebuild.get('p');
      applied.push(which && which !== 'all' ? [...which].sort() : ['all']);
      return update(options);
    };
    await source.ready();
    applied.length = 0;
    const change = (name: string) =>
      upsert('stages', stageNamed(name, `changed at ${now}`));

    change('a');
    await jest.advanceTimersByTimeAsync(20);
    expect(applied).toEqual([['a']]);

    // Applying 'a' took 500 ms: 'b' and 'c' wait 500 ms, then go together.
    change('b');
    change('c');
    await jest.advanceTimersByTimeAsync(499);
    expect(applied).toEqual([['a']]);
    await jest.advanceTimersByTimeAsync(1);
    expect(applied).toEqual([['a'], ['b', 'c']]);
    const state = await model.current();
    expect(state!.projects.p.stages.map(s => s.health)).toEqual([
      // The first sync took the first 500 ms.
      'changed at 500',
      'changed at 1000',
      'changed at 1000',
    ]);
    await source.stop();
  });
});
