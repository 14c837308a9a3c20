import { EventLog } from './eventLog';
import type { StoreEvent } from './store';

const event = (rv: number) => ({ type: 'ADDED', rv } as StoreEvent);
const rvsSince = (log: EventLog, rv: number) => {
  const events = log.since(rv);
  return events === 'expired' ? events : events.map(e => e.rv);
};

describe('EventLog', () => {
  it('keeps the newest events in order across many wraps of its ring', () => {
    const log = new EventLog(4, 1000);
    for (let rv = 1001; rv <= 1010; rv++) log.record(event(rv));
    expect(log.length).toBe(4);
    expect(rvsSince(log, 1006)).toEqual([1007, 1008, 1009, 1010]);
    expect(rvsSince(log, 1008)).toEqual([1009, 1010]);
    expect(rvsSince(log, 1010)).toEqual([]);
    expect(rvsSince(log, 1005)).toBe('expired');
  });

  it('answers expired before its start revision, not at it', () => {
    const log = new EventLog(4, 1000);
    expect(rvsSince(log, 1000)).toEqual([]);
    expect(rvsSince(log, 999)).toBe('expired');
  });

  it('forgets everything up to a compaction', () => {
    const log = new EventLog(4, 1000);
    log.record(event(1001));
    log.compact(1500);
    expect(rvsSince(log, 1001)).toBe('expired');
    expect(rvsSince(log, 1500)).toEqual([]);
    log.record(event(1501));
    expect(rvsSince(log, 1500)).toEqual([1501]);
  });
});
