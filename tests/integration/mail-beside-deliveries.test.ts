// A hanging webhook receiver never holds back a mail (issue #36 L2): integration deliveries run in a loop
// of their own beside the mail's. Before, one drain did both, so every mail queued while a receiver hung
// waited for it (up to the 15 s delivery timeout) — sign-in codes included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import { key, postJson, validRequest } from './helpers';
import { SECRET } from './integrations-harness';
import { MENTOR, painelClient } from './painel-helpers';
import { startReceiver, type Receiver } from '../support/receiver';
import { storeCases, type Opened } from './stores';

describe('mail beside a hanging webhook', () => {
  let hook: Receiver;
  // The receiver answers only when the test lets it go (before the delivery's 15 s timeout).
  let letGo: () => void = () => {};
  const held = new Promise<void>((resolve) => (letGo = resolve));
  let opened: Opened;
  const sentSubjects = new Set<string>();
  const { call } = painelClient(() => opened);

  beforeAll(async () => {
    hook = await startReceiver({ status: 204, until: held });
    opened = await storeCases(null)[0].open({
      env: { CONTEXT: 'dev', WEBHOOK_URL: `${hook.url}/hooks/mentor`, WEBHOOK_SECRET: SECRET },
      send: async (_id, message) => void sentSubjects.add(message.subject),
    });
    await opened.app.integrations.configure();
  });
  afterAll(async () => {
    letGo();
    await opened?.close();
    await hook?.close();
  });

  it('sends a sign-in code at once while a webhook delivery hangs', async () => {
    const lead = await createLeadsHandler(async () => opened.app)(postJson('/api/leads', { ...validRequest, email: 'gancho@example.com', idempotencyKey: key() }));
    expect(lead.status).toBe(201);
    // The lead's webhook is on its way and its receiver is not answering.
    await expect.poll(() => hook.received.length, { timeout: 20_000, interval: 50 }).toBe(1);
    expect((await call('POST', '/api/painel/codigo', { body: { email: MENTOR } })).status).toBe(202);
    // Sent while the receiver still holds the webhook's request: one drain for both would wait for it first.
    await expect.poll(() => [...sentSubjects].some((s) => /código/i.test(s)), { timeout: 10_000, interval: 50 }).toBe(true);
    const webhookSentAt = async () => (await opened.query<{ sent_at: Date | null }>("select sent_at from outbox where kind = 'webhook'"))[0].sent_at;
    expect(await webhookSentAt()).toBeNull();
    letGo();
    await opened.app.outbox.idle();
    expect(await webhookSentAt()).not.toBeNull();
  }, 60_000);
});
