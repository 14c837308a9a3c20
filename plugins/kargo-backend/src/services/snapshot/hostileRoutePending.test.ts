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
// ~2 ms an event, ~6 ms a Freight event, unpaced). Now an event that
// touches every Stage is recorded as 'all', and names are added to the
// project's one set.

const STAGES = 2_000;
const EVENTS = 100;

/** A Stage of project `p` named `name`, its health as given. */
const stageNamed = (name: string, health = 'Healthy') => ({
  metadata: { name, namespace: 'p' },
  status: { health: { status: health } },
});

/**
 * A ready WatchedInstance (fake timers, batches a minute apart) holding
 * project `p` and `stages`, and its pending rebuilds by project.
 */
async function pacedWatch(stages: object[]) {
  jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'] });
  const { source, upsert } = watchedInstance(
    { projects: [{ metadata: { name: 'p' } }], stages },
    { batchMs: 60_000 },
  );
  await source.ready();
  const pending = () =>
    (source as unknown as { pending: Map<string, Set<string> | 'all'> })
      .pending;
  return { source, upsert, pending };
}

describe('routing the events that follow a Freight event (attack 13)', () => {
  afterEach(() => jest.useRealTimers());

  it('records a Freight event as all, and routes none of the 100 events that follow it until it is applied (it copied 2,000 names for each)', async () => {
    const { source, upsert, pending } = await pacedWatch(
      Array.from({ length: STAGES }, (_, i) => stageNamed(`s${i}`)),
    );

    upsert('freights', {
      metadata: { name: 'f', namespace: 'p' },
      origin: { kind: 'Warehouse', name: 'w' },
    });
    expect(pending().get('p')).toBe('all');

    for (let i = 0; i < EVENTS; i++) {
      upsert('stages', stageNamed(`s${i}`, `changed ${i}`));
      // Still 'all': the event was not routed (the rebuild covers it).
      expect(pending().get('p')).toBe('all');
    }
    await source.stop();
  });

  it("adds the Stages an event touches to the project's one pending set", async () => {
    const { source, upsert, pending } = await pacedWatch(
      ['a', 'b', 'c'].map(n => stageNamed(n)),
    );
    upsert('stages', stageNamed('a', 'changed'));
    const first = pending().get('p');
    upsert('stages', stageNamed('b', 'changed'));
    expect(pending().get('p')).toBe(first);
    expect([...(first as Set<string>)].sort()).toEqual(['a', 'b']);
    await source.stop();
  });
});
