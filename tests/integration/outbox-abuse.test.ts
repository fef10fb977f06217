// The outbox cannot be turned into a weapon (10 messages per address per hour) nor starved (invites first).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MailContent } from '../../functions/lib/store/port';
import { openTestApp, PRESELLERS, type TestApp } from './helpers';

let app: TestApp;
const sent: { id: string; message: MailContent }[] = [];
beforeAll(async () => {
  app = await openTestApp({ send: async (id, message) => void sent.push({ id, message }) });
});
afterAll(() => app.close());
afterEach(() => {
  sent.length = 0;
  vi.restoreAllMocks();
});

async function queue(kind: string, to: string, n: number): Promise<void> {
  await app.store.db.query(
    `insert into outbox (kind, message) select $1, jsonb_build_object('to', $2::text, 'subject', 's', 'text', 'message ' || g)
     from generate_series(1, $3::int) g`,
    [kind, to, n],
  );
}

async function drain(): Promise<void> {
  for (let i = 0; i < 30; i++) await app.outbox.kick(); // each kick drains up to 20 batches of 10
}

describe('outbox', () => {
  it('sends at most 10 of 200 messages to one address within the hour; the rest are dropped with a logged code', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await queue('meeting-lead', 'Vitima@Example.com', 200);
    await queue('meeting-lead', 'other@example.com', 3);
    await drain();
    const toVictim = sent.filter((m) => m.message.to.toLowerCase() === 'vitima@example.com');
    expect(toVictim).toHaveLength(10);
    expect(sent.filter((m) => m.message.to === 'other@example.com')).toHaveLength(3);
    const { rows } = await app.store.db.query<{ dropped: number; code: string }>(
      "select count(*)::int as dropped, min(last_error) as code from outbox where lower(message->>'to') = 'vitima@example.com' and dropped_at is not null and sent_at is null");
    expect(rows[0]).toEqual({ dropped: 190, code: 'recipient_hourly_limit' });
    // Logged by code and message id only: no address, no content.
    const logged = warn.mock.calls.map((c) => String(c[0])).filter((l) => l.includes('recipient_hourly_limit'));
    expect(logged).toHaveLength(190);
    expect(logged.some((l) => /vitima|@/i.test(l))).toBe(false);
    // Dropped messages are never handed out again.
    sent.length = 0;
    await drain();
    expect(sent).toHaveLength(0);
  });

  it("does not cap a consultant's own address (each invite comes from a booking)", async () => {
    const { rows } = await app.store.db.query<{ email: string }>('select email from presellers where id = $1', [PRESELLERS.ana]);
    await queue('meeting-preseller', rows[0].email, 14);
    await drain();
    expect(sent.filter((m) => m.message.to === rows[0].email)).toHaveLength(14);
  });

  it('sends invites and cancellations before notifications queued earlier', async () => {
    await queue('lead-notification', 'contato-1@example.com', 8);
    await queue('lead-notification', 'contato-2@example.com', 8);
    await queue('meeting-lead', 'cliente@example.com', 1);
    await queue('meeting-cancelled-lead', 'cliente2@example.com', 1);
    const first = await app.store.claimOutbox(new Date(), 2);
    expect(first.map((r) => r.kind).sort()).toEqual(['meeting-cancelled-lead', 'meeting-lead']);
    const next = await app.store.claimOutbox(new Date(), 2);
    expect(next.map((r) => r.kind)).toEqual(['lead-notification', 'lead-notification']);
  });
});
