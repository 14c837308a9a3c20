import { TestDatabases } from '@backstage/backend-test-utils';
import {
  SENT_RETENTION_MS,
  SentNotifications,
  storedKey,
} from './SentNotifications';

const databases = TestDatabases.create({ ids: ['SQLITE_3'] });
const DAY = 24 * 60 * 60_000;

async function setup() {
  const knex = await databases.init('SQLITE_3');
  let now = Date.parse('2026-01-01T00:00:00Z');
  const sent = await SentNotifications.create(
    { getClient: async () => knex } as any,
    { now: () => now },
  );
  return { knex, sent, later: (ms: number) => void (now += ms) };
}

describe('SentNotifications', () => {
  it('claims a key of any length once, storing its 64-character SHA-256 (issue 35, finding 5)', async () => {
    const { knex, sent } = await setup();
    const key = `pull-request:https://gitlab.example.com/${'g/'.repeat(
      400,
    )}-/merge_requests/1`;
    expect(key.length).toBeGreaterThan(512);
    expect(await sent.claim(key)).toBe(true);
    expect(await sent.claim(key)).toBe(false);
    expect([...(await sent.alreadySent([key, 'other']))]).toEqual([key]);
    expect(await knex('kargo_sent_notifications').pluck('key')).toEqual([
      storedKey(key),
    ]);
    await sent.release(key);
    expect((await sent.alreadySent([key])).size).toBe(0);
  });

  it('still counts a key stored before keys were hashed, so an upgrade repeats nothing', async () => {
    const { knex, sent } = await setup();
    await knex('kargo_sent_notifications').insert({
      key: 'verification:sandbox/payments/qa/v-1',
      sent_at: new Date(),
    });
    expect([
      ...(await sent.alreadySent(['verification:sandbox/payments/qa/v-1'])),
    ]).toEqual(['verification:sandbox/payments/qa/v-1']);
  });

  it('forgets keys sent more than 30 days ago when writing, so the table stops growing', async () => {
    const { knex, sent, later } = await setup();
    await sent.claim('old');
    later(SENT_RETENTION_MS + DAY);
    await sent.claim('new');
    expect(await knex('kargo_sent_notifications').pluck('key')).toEqual([
      storedKey('new'),
    ]);
    expect([...(await sent.alreadySent(['old', 'new']))]).toEqual(['new']);
  });
});
