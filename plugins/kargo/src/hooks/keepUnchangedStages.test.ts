import {
  entityResponse,
  prodWithOrphan,
  runningTest,
  staleStaging,
} from '../__fixtures__/stages';
import { keepUnchangedStages } from './keepUnchangedStages';

/** The same answer as the backend sends it again: equal, but new objects. */
const reread = <T>(value: T): T => JSON.parse(JSON.stringify(value));

describe('keepUnchangedStages', () => {
  it('keeps the objects of unchanged Stages and takes the changed one', () => {
    const before = entityResponse([staleStaging, runningTest, prodWithOrphan]);
    const next = reread(before);
    next.items[1].verifications[0].phase = 'Successful';
    // The backend stamps every Stage of the project with the change's time.
    for (const s of next.items) s.lastUpdated = '2026-11-30T11:00:00Z';

    const merged = keepUnchangedStages(before, next);

    expect(merged.items[0]).toBe(before.items[0]);
    expect(merged.items[2]).toBe(before.items[2]);
    expect(merged.items[1]).not.toBe(before.items[1]);
    expect(merged.items[1].verifications[0].phase).toBe('Successful');
    expect(merged.items[1]).toEqual(next.items[1]);
  });

  it('answers the previous answer itself when nothing changed', () => {
    const before = entityResponse([staleStaging, runningTest]);
    expect(keepUnchangedStages(before, reread(before))).toBe(before);
  });

  it('keeps the Stage list but takes new answer-level fields', () => {
    const before = entityResponse([staleStaging, runningTest]);
    const next = reread(before);
    next.stale = true;

    const merged = keepUnchangedStages(before, next);

    expect(merged).not.toBe(before);
    expect(merged.stale).toBe(true);
    expect(merged.items).toBe(before.items);
  });

  it('takes a new Stage, drops a removed one and follows the new order', () => {
    const before = entityResponse([staleStaging, runningTest]);
    const next = reread(entityResponse([prodWithOrphan, staleStaging]));

    const merged = keepUnchangedStages(before, next);

    expect(merged.items.map(s => s.name)).toEqual([
      prodWithOrphan.name,
      staleStaging.name,
    ]);
    expect(merged.items[1]).toBe(before.items[0]);
    expect(merged.items[0]).toBe(next.items[0]);
  });

  it('takes the whole answer when there was none before', () => {
    const next = entityResponse([staleStaging]);
    expect(keepUnchangedStages(undefined, next)).toBe(next);
  });
});
