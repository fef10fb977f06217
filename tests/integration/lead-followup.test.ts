// "Preencheu mas não agendou" with an injected clock, on both stores: one mail at +15 minutes with a link
// whose token opens the lead, never twice, never after a booking, never for a rule without meetings; the
// link expires after 7 days and closes once the lead books; two runs at once queue one mail.
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { scheduledBudget, type Budget } from '../../functions/lib/budget';
import { createFollowupLinkHandler } from '../../functions/lib/followup/link';
import { queueDueFollowups } from '../../functions/lib/followup/queue';
import { FOLLOWUP_TTL_SECONDS } from '../../functions/lib/followup/rules';
import type { MailSender } from '../../functions/lib/mail/transport';
import type { MailContent } from '../../functions/lib/store/port';
import { painelStore } from '../../functions/lib/painel/store';
import { followupLinkPath, followupMessages } from '../../src/domain/followup';
import { asDelivered, futureWorkday, postJson, recordDelivered, type TestApp } from './helpers';
import { lifecycle } from './lifecycle-helpers';
import { storeCases, type Opened } from './stores';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

/** The token of a follow-up mail's link (`/orcamento#agendar=<token>`), as delivered. */
function followupToken(message: MailContent): string {
  const found = /\/orcamento#agendar=([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/.exec(message.text);
  if (!found) throw new Error('no follow-up link in the message');
  return found[1];
}

describe.each(storeCases(inject('postgresUrl')))('lead follow-up on $name', (store) => {
  let db: Opened;
  let clock: Date | null = null;
  let failing = false;
  // The real test sender, or a refusing SMTP server while `failing` (the mail then waits for a retry).
  const send: MailSender = async (id, message) => {
    if (failing) throw Object.assign(new Error('refused'), { code: 'ECONNREFUSED' });
    await recordDelivered(id, message);
  };
  beforeAll(async () => {
    db = await store.open({ now: () => clock ?? new Date(), send });
  });
  afterAll(() => db.close());
  const t = lifecycle(() => db.app as TestApp);
  const link = createFollowupLinkHandler(async () => db.app);
  const open = async (token: unknown) => {
    const res = await link(postJson(followupLinkPath, { token }));
    return { status: res.status, json: await res.json() };
  };

  let people = 0;
  /** A lead through POST /api/leads, with its service and rule (what the wizard's service choice stores). */
  async function lead(email: string, servico: string | null = 'consultoria', kind: string | null = 'team') {
    const id = await t.newLead(email);
    // Each person with a CNPJ and phone of their own, as real leads have: the fixture's, shared by every
    // lead of this file, would put them all in the budget of leads that do not look real (rules.ts).
    const own = ++people;
    await db.query(`update leads set servico = $2, routing_kind = $3, cnpj = lpad($4::text, 12, '7') || '00', telefone = '4198' || lpad($4::text, 7, '0')
      where id = $1`, [id, servico, kind, String(own)]);
    const [{ created_at }] = await db.query<{ created_at: Date }>('select created_at from leads where id = $1', [id]);
    // PostgreSQL keeps microseconds, a Date milliseconds: the next millisecond is at or after the row's time.
    return { id, createdAt: new Date(created_at).getTime() + 1 };
  }

  async function runAt(at: number): Promise<number> {
    clock = new Date(at);
    try {
      const queued = await queueDueFollowups(db.app);
      await db.app.outbox.idle();
      return queued;
    } finally {
      clock = null;
    }
  }

  /** This lead's follow-up mails, as delivered (or as they wait). */
  async function followups(leadId: string) {
    const rows = await db.query<{ id: string; message: MailContent; secrets: string[] | null; sent_at: Date | null; dropped_at: Date | null; last_error: string | null }>(
      "select id, message, secrets, sent_at, dropped_at, last_error from outbox where kind = 'lead-followup' and lead_id = $1 order by created_at", [leadId]);
    return rows.map(asDelivered);
  }

  it('nothing at +14 min; at +15 min one mail to the lead whose link opens that lead; a second run sends nothing', async () => {
    const l = await lead('Preencheu.Agendar@example.com', 'trafego');
    await runAt(l.createdAt + 14 * MIN);
    expect(await followups(l.id)).toEqual([]);

    await runAt(l.createdAt + 15 * MIN);
    const [mail, ...more] = await followups(l.id);
    expect(more).toEqual([]);
    expect(mail.sent_at).not.toBeNull();
    expect(mail.message.to).toBe('Preencheu.Agendar@example.com');
    expect(mail.message.subject).toBe('Falta só escolher o horário da sua reunião');
    expect(mail.message.text).toContain('Tráfego Pago');
    expect(mail.message.text).toContain('vale por 7 dias');
    expect(mail.message.html).toContain('/orcamento#agendar=');
    // The link is in the fragment, never in the query; the stored body holds no working token.
    expect(mail.message.text).not.toMatch(/\/orcamento\?/);
    const [stored] = await db.query<{ message: MailContent; secrets: unknown }>("select message, secrets from outbox where id = $1", [mail.id]);
    const token = followupToken(mail.message);
    expect(JSON.stringify(stored.message)).not.toContain(token);
    expect(stored.secrets).toBeNull();

    expect(await open(token)).toEqual({ status: 200, json: { success: true, leadId: l.id, service: 'trafego', firstName: 'Maria' } });

    await runAt(l.createdAt + 20 * MIN);
    await runAt(l.createdAt + 60 * MIN);
    expect(await followups(l.id)).toHaveLength(1);
    // Only the hash is stored.
    const [row] = await db.query<{ token_hash: string }>('select token_hash from lead_followups where lead_id = $1', [l.id]);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.token_hash).not.toContain(token);
  });

  it('a lead who booked before +15 min gets nothing; nor one whose rule offers no meeting, nor a lead without a service', async () => {
    const booked = await lead('agendou-antes@example.com');
    expect((await t.book({ leadId: booked.id, scheduledDate: futureWorkday(5), scheduledTime: '10:00' })).status).toBe(201);
    const none = await lead('regra-sem-reuniao@example.com', 'consultoria', 'none');
    const noService = await lead('sem-servico@example.com', null, null);
    await runAt(Math.max(booked.createdAt, none.createdAt, noService.createdAt) + 16 * MIN);
    expect(await followups(booked.id)).toEqual([]);
    expect(await followups(none.id)).toEqual([]);
    expect(await followups(noService.id)).toEqual([]);
  });

  it('the same person with an upcoming meeting under another lead gets nothing; two forms of one person get one mail', async () => {
    const first = await lead('mesma.pessoa@example.com');
    expect((await t.book({ leadId: first.id, scheduledDate: futureWorkday(5), scheduledTime: '11:00' })).status).toBe(201);
    const again = await lead('Mesma.Pessoa+2@example.com');
    await runAt(again.createdAt + 15 * MIN);
    expect(await followups(again.id)).toEqual([]);
    expect(await followups(first.id)).toEqual([]);

    const a = await lead('duas.vezes@example.com');
    const b = await lead('duas.vezes+b@example.com', 'trafego');
    await runAt(b.createdAt + 15 * MIN);
    expect((await followups(a.id)).length + (await followups(b.id)).length).toBe(1);
  });

  it('the link answers 404 after 7 days, and for any malformed or unknown token', async () => {
    const l = await lead('expira@example.com');
    await runAt(l.createdAt + 15 * MIN);
    const token = followupToken((await followups(l.id))[0].message);
    const queuedAt = l.createdAt + 15 * MIN;
    clock = new Date(queuedAt + FOLLOWUP_TTL_SECONDS * 1000 - MIN);
    try {
      expect((await open(token)).status).toBe(200);
    } finally {
      clock = null;
    }
    clock = new Date(queuedAt + 7 * DAY + MIN);
    try {
      expect(await open(token)).toEqual({ status: 404, json: { success: false, error: followupMessages.invalidLink } });
    } finally {
      clock = null;
    }
    for (const bad of ['', 'x'.repeat(43), token.slice(1), `${token}A`, 'a'.repeat(500), 42, null]) {
      expect([400, 404]).toContain((await open(bad)).status);
    }
    for (const body of ['{', '[]', '"x"', JSON.stringify({ token: '\u0000' })]) {
      const res = await link(postJson(followupLinkPath, body));
      expect(res.status).toBeLessThan(500);
    }
    expect((await link(new Request(`http://localhost${followupLinkPath}`))).status).toBe(405);
  });

  it('a booking after the mail closes the link (404), and drops a mail still waiting for its retry', async () => {
    const l = await lead('agendou-depois@example.com');
    await runAt(l.createdAt + 15 * MIN);
    const token = followupToken((await followups(l.id))[0].message);
    expect((await open(token)).status).toBe(200);
    expect((await t.book({ leadId: l.id, scheduledDate: futureWorkday(6), scheduledTime: '10:00' })).status).toBe(201);
    expect((await open(token)).status).toBe(404);

    // The SMTP server refuses the mail: it waits for a retry; the person books meanwhile; it never goes out.
    const waiting = await lead('retry-agendou@example.com');
    failing = true;
    try {
      await runAt(waiting.createdAt + 15 * MIN);
    } finally {
      failing = false;
    }
    const [queued] = await followups(waiting.id);
    expect(queued.sent_at).toBeNull();
    expect((await t.book({ leadId: waiting.id, scheduledDate: futureWorkday(6), scheduledTime: '11:00' })).status).toBe(201);
    await runAt(waiting.createdAt + 30 * MIN);
    clock = new Date(waiting.createdAt + 30 * MIN);
    try {
      await db.app.outbox.kick();
    } finally {
      clock = null;
    }
    const [after] = await followups(waiting.id);
    expect(after.sent_at).toBeNull();
    expect(after.dropped_at).not.toBeNull();
    expect(after.last_error).toBe('booked');
    // Leased by a sender when the person books (its send then fails): marked too, never retried.
    const leased = await lead('lease-agendou@example.com');
    failing = true;
    try {
      await runAt(leased.createdAt + 15 * MIN);
    } finally {
      failing = false;
    }
    await db.query("update outbox set locked_until = now() + interval '2 minutes' where kind = 'lead-followup' and lead_id = $1", [leased.id]);
    expect((await t.book({ leadId: leased.id, scheduledDate: futureWorkday(6), scheduledTime: '11:30' })).status).toBe(201);
    const [marked] = await followups(leased.id);
    expect(marked.sent_at).toBeNull();
    expect(marked.dropped_at).not.toBeNull();
  });

  it('two runs at once queue one mail', async () => {
    const l = await lead('duas-execucoes@example.com');
    clock = new Date(l.createdAt + 15 * MIN);
    try {
      await Promise.all([queueDueFollowups(db.app), queueDueFollowups(db.app), queueDueFollowups(db.app)]);
      await db.app.outbox.idle();
    } finally {
      clock = null;
    }
    expect(await followups(l.id)).toHaveLength(1);
    expect((await db.query<{ n: number }>('select count(*)::int as n from lead_followups where lead_id = $1', [l.id]))[0].n).toBe(1);
  });

  it('the mail is capped like any mail to the lead (not exempt), and an erasure takes the row and the mail', async () => {
    const [{ exempt }] = await db.query<{ exempt: boolean }>("select outbox_cap_exempt('lead-followup') as exempt");
    expect(exempt).toBe(false);
    const l = await lead('apagar-followup@example.com');
    await runAt(l.createdAt + 15 * MIN);
    expect(await followups(l.id)).toHaveLength(1);
    await db.query("select delete_person_data('apagar-followup@example.com')");
    expect((await db.query<{ n: number }>('select count(*)::int as n from lead_followups where lead_id = $1', [l.id]))[0].n).toBe(0);
    expect(await followups(l.id)).toEqual([]);
  });

  it('a run stops queueing when its time budget ends; the next run queues the rest, each lead once', async () => {
    const leads = [];
    for (const n of [1, 2, 3, 4]) leads.push(await lead(`orcamento-budget-${n}@example.com`));
    const at = Math.max(...leads.map((l) => l.createdAt)) + 15 * MIN;
    // The budget runs out right after the second mail is queued (what a slow database would do to a run).
    const budget: Budget = { workUntil: Number.POSITIVE_INFINITY, endBy: Number.POSITIVE_INFINITY };
    const call = db.app.store.call.bind(db.app.store);
    let queuedCalls = 0;
    const spy = vi.spyOn(db.app.store, 'call').mockImplementation(async (fn, p) => {
      const result = await call(fn, p);
      if (fn === 'lead_followup_queue' && ++queuedCalls === 2) budget.workUntil = 0;
      return result as never;
    });
    clock = new Date(at);
    try {
      expect(await queueDueFollowups(db.app, budget)).toBe(2);
      spy.mockRestore();
      expect(await queueDueFollowups(db.app, scheduledBudget())).toBe(2);
      await db.app.outbox.idle();
    } finally {
      spy.mockRestore();
      clock = null;
    }
    for (const l of leads) expect(await followups(l.id)).toHaveLength(1);
  });

  it('the painel shows when the follow-up went out, and lists the lead under "Sem reunião"', async () => {
    const l = await lead('painel-followup@example.com');
    await runAt(l.createdAt + 15 * MIN);
    const painel = painelStore(db.app.store);
    const mentor = { role: 'mentor' as const, email: 'mentor@example.com', name: null, preseller: null };
    const view = await painel.lead(mentor, l.id);
    expect(view?.followup).toEqual({ queuedAt: expect.any(String), sentAt: expect.any(String), droppedAt: null });
    expect(new Date(view!.followup!.queuedAt).getTime()).toBe(l.createdAt - 1 + 15 * MIN + 1);
    expect(view?.mails.map((m) => m.kind)).toContain('lead-followup');
    const withoutMeeting = await painel.leads(mentor, { withMeeting: false }, 500);
    expect(withoutMeeting.map((r) => r.id)).toContain(l.id);
    // A lead without one answers null.
    const other = await lead('painel-sem-followup@example.com', null, null);
    expect((await painel.lead(mentor, other.id))?.followup).toBeNull();
  });
});
