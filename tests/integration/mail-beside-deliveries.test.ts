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

const HANG_MS = 8000;

describe('mail beside a hanging webhook', () => {
  let hook: Receiver;
  let opened: Opened;
  const sentAt = new Map<string, number>();
  const { call } = painelClient(() => opened);

  beforeAll(async () => {
    hook = await startReceiver({ status: 204, delayMs: HANG_MS });
    opened = await storeCases(null)[0].open({
      env: { CONTEXT: 'dev', WEBHOOK_URL: `${hook.url}/hooks/mentor`, WEBHOOK_SECRET: SECRET },
      send: async (_id, message) => void sentAt.set(message.subject, Date.now()),
    });
    await opened.app.integrations.configure();
  });
  afterAll(async () => {
    await opened?.close();
    await hook?.close();
  });

  it('sends a sign-in code at once while a webhook delivery hangs', async () => {
    const lead = await createLeadsHandler(async () => opened.app)(postJson('/api/leads', { ...validRequest, email: 'gancho@example.com', idempotencyKey: key() }));
    expect(lead.status).toBe(201);
    // The lead's webhook is on its way and its receiver is not answering.
    await expect.poll(() => hook.received.length, { timeout: 20_000, interval: 50 }).toBe(1);
    const asked = Date.now();
    expect((await call('POST', '/api/painel/codigo', { body: { email: MENTOR } })).status).toBe(202);
    await expect.poll(() => [...sentAt.keys()].some((s) => /código/i.test(s)), { timeout: 20_000, interval: 50 }).toBe(true);
    const codeSubject = [...sentAt.keys()].find((s) => /código/i.test(s))!;
    const waited = sentAt.get(codeSubject)! - asked;
    // Sent while the receiver still hangs, not after it.
    expect(waited).toBeLessThan(HANG_MS / 2);
    await opened.app.outbox.idle();
  }, 60_000);
});
