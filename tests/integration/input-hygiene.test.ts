// Every text field of every JSON endpoint goes through one hygiene (functions/lib/http.ts readJson): a NUL
// or a lone surrogate anywhere in a body is a 400 with one message, never a 500, and nothing is written.
// A cancel reason is cleaned (controls removed, line ends kept) and stored. On both stores.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import { createManageLinkHandler } from '../../functions/lib/handlers/manage-link';
import { createMeetingsHandler } from '../../functions/lib/handlers/meetings';
import { createManageHandler } from '../../functions/lib/handlers/manage';
import { copy } from '../../functions/lib/http';
import type { MailContent } from '../../functions/lib/store/port';
import { asDelivered, futureWorkday, key, PRESELLERS, validRequest, type TestApp } from './helpers';
import { lifecycle, tokenIn } from './lifecycle-helpers';
import { storeCases, type Opened } from './stores';

const BAD = { nul: 'a\u0000b', 'lone surrogate': 'a\ud800b', 'lone low surrogate': '\udc00' };

/** A raw JSON request: JSON.stringify writes a lone surrogate as a \u escape, as an attacker would. */
const raw = (path: string, body: unknown) =>
  new Request(`http://localhost${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe.each(storeCases(inject('postgresUrl')))('input hygiene on $name', (store) => {
  let db: Opened;
  beforeAll(async () => {
    db = await store.open();
  });
  afterAll(() => db.close());
  const t = lifecycle(() => db.app as TestApp);
  const total = async () => (await db.query<{ n: number }>('select (select count(*) from leads) + (select count(*) from meetings) + (select count(*) from outbox) as n'))[0].n;

  it('every string field of /api/leads, /api/meetings, /api/manage and /api/manage-link: 400, nothing stored', async () => {
    const leadId = await t.newLead('higiene@example.com');
    const handlers = {
      '/api/leads': [createLeadsHandler(async () => db.app), { ...validRequest, email: 'outra@example.com', idempotencyKey: key() }],
      '/api/meetings': [createMeetingsHandler(async () => db.app), {
        leadId, scheduledDate: futureWorkday(5), scheduledTime: '10:00', presellerId: PRESELLERS.ana, service: 'consultoria', diagnosticScore: 50, idempotencyKey: key(), timeZone: 'America/Sao_Paulo' }],
      '/api/manage': [createManageHandler(async () => db.app), { action: 'cancel', token: 'x'.repeat(43), reason: 'motivo' }],
      '/api/manage-link': [createManageLinkHandler(async () => db.app), { leadId }],
    } as const;
    const before = await total();
    let tried = 0;
    for (const [path, [handler, body]] of Object.entries(handlers)) {
      const fields = Object.entries(body).filter(([, v]) => typeof v === 'string').map(([k]) => k);
      for (const field of [...fields, 'extra']) {
        for (const [name, bad] of Object.entries(BAD)) {
          const res = await handler(raw(path, { ...body, [field]: bad }) as never);
          expect(res.status, `${path} ${field} ${name}`).toBe(400);
          expect(await res.json(), `${path} ${field} ${name}`).toMatchObject({ error: copy.badText });
          tried++;
        }
      }
      const inKey = await handler(raw(path, { ...body, [`k${BAD.nul}`]: 1 }) as never);
      expect(inKey.status, `${path} key`).toBe(400);
    }
    expect(tried).toBeGreaterThan(60);
    expect(await total()).toBe(before);
  });

  it('a cancel with NUL in its reason is refused and the meeting stays booked; a reason with controls is cleaned and stored', async () => {
    const res = await t.book({ leadId: await t.newLead('cancela-higiene@example.com'), scheduledDate: futureWorkday(6), scheduledTime: '16:00', presellerId: PRESELLERS.bruno });
    expect(res.status).toBe(201);
    const meetingId = (await res.json()).meeting.id as string;
    const [row] = await db.query<{ id: string; message: MailContent; secrets: string[] | null }>(
      "select id, message, secrets from outbox where kind = 'meeting-lead' and message->>'to' = 'cancela-higiene@example.com'");
    const token = tokenIn(asDelivered(row).message);
    const manage = createManageHandler(async () => db.app);
    for (const reason of Object.values(BAD)) {
      expect((await manage(raw('/api/manage', { action: 'cancel', token, reason }) as never)).status).toBe(400);
    }
    const status = async () => (await db.query<{ status: string; cancel_reason: string | null }>('select status, cancel_reason from meetings where id = $1', [meetingId]))[0];
    expect((await status()).status).toBe('scheduled');
    const ok = await manage(raw('/api/manage', { action: 'cancel', token, reason: '  Mudança\u0007 de agenda\r\nAté breve\u001b  ' }) as never);
    expect(ok.status).toBe(200);
    expect(await status()).toEqual({ status: 'cancelled', cancel_reason: 'Mudança de agenda\nAté breve' });
  });
});
