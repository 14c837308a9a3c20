import { watchedInstance } from './__testUtils__/watched';

// Issue 35, attack 13 (low). Applications of watch events are paced (at
// least as long after the previous one as it took), but routing is not:
// WatchedInstance.route runs as each event arrives. A Freight event touches
// every Stage of its project and is recorded as a set of all their names,
// not as 'all', so the events that follow are not short-circuited, and each
// of them copies the project's pending set whole to add its names
// (`new Set([...known, ...touched])`). While an application and its wait
// last (as long as a rebuild of every Stage took), every event of the
// project costs O(Stages) more than its own routing: 2,000 Stages and 100
// events after one Freight write copy 200,000 names (20,000 Stages:
// ~2 ms an event, ~6 ms a Freight event, unpaced).

const STAGES = 2_000;
const EVENTS = 100;

describe('routing the events that follow a Freight event (attack 13)', () => {
  afterEach(() => jest.useRealTimers());

  it('copies the 2,000 pending names of the project at each of 100 events after one Freight event, which is not recorded as all', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'] });
    const stageNamed = (name: string, health = 'Healthy') => ({
      metadata: { name, namespace: 'p' },
      status: { health: { status: health } },
    });
    const { source, upsert } = watchedInstance(
      {
        projects: [{ metadata: { name: 'p' } }],
        stages: Array.from({ length: STAGES }, (_, i) => stageNamed(`s${i}`)),
      },
      { batchMs: 60_000 },
    );
    await source.ready();
    const pending = () =>
      (source as unknown as { pending: Map<string, Set<string> | 'all'> })
        .pending;

    upsert('freights', {
      metadata: { name: 'f', namespace: 'p' },
      origin: { kind: 'Warehouse', name: 'w' },
    });
    const afterFreight = pending().get('p');
    expect(afterFreight).not.toBe('all');
    expect((afterFreight as Set<string>).size).toBe(STAGES);

    let copied = 0;
    let before = afterFreight;
    for (let i = 0; i < EVENTS; i++) {
      upsert('stages', stageNamed(`s${i}`, `changed ${i}`));
      const now = pending().get('p') as Set<string>;
      // A new set each time, holding every name again.
      if (now !== before) copied += now.size;
      before = now;
    }
    expect(copied).toBe(EVENTS * STAGES);
    await source.stop();
  });
});
