// The follow-up ("Falta só escolher o horário") is no mail cannon (issue #36 M3), through the real
// POST /api/leads and the real queue, on both stores: a burst from one source sends at most the
// per-source cap, one form replayed from many sources at most the budget of leads that do not look real
// (followup-budgets.test.ts: what real leads keep), a scripted form none; the skips are counted for the
// painel's report; the greeting names only a plain first name.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { queueDueFollowups } from '../../functions/lib/followup/queue';
import { FOLLOWUP_BUDGETS, FOLLOWUPS_PER_HOUR, FOLLOWUPS_PER_SOURCE_PER_HOUR } from '../../functions/lib/followup/rules';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import type { MailContent } from '../../functions/lib/store/port';
import { asDelivered, key, postJson, validRequest } from './helpers';
import { storeCases, type Opened } from './stores';

const MIN = 60_000;
/**
 * Leads in the burst from one source: over the hour's whole budget (FOLLOWUPS_PER_HOUR, every tier's together),
 * so only the per-source cap can be what holds it to FOLLOWUPS_PER_SOURCE_PER_HOUR. (It was 220: the same
 * outcome for each lead over the cap, at 5.5 times the requests.)
 */
const BURST = FOLLOWUPS_PER_HOUR + 10;

describe.each(storeCases(inject('postgresUrl')))('follow-up caps on $name', (store) => {
  let db: Opened;
  let clock: Date | null = null;
  beforeAll(async () => {
    db = await store.open({ now: () => clock ?? new Date() });
  });
  afterAll(() => db.close());

  /** A consulting lead through POST /api/leads from `ip`; `headers` replace the browser's own. */
  async function submit(email: string, ip: string, opts: { nome?: string; headers?: Record<string, string> } = {}): Promise<string> {
    const req = postJson('/api/leads', { ...validRequest, email, service: 'consultoria', idempotencyKey: key(), ...(opts.nome ? { nomeCompleto: opts.nome } : {}) }, opts.headers);
    const res = await createLeadsHandler(async () => db.app)(req, { ip });
    expect(res.status).toBe(201);
    const { id } = await res.json();
    // A rule that offers meetings (the follow-up's condition), whatever content/roteamento.yaml says today.
    await db.query(`update leads set routing_kind = 'team' where id = $1`, [id]);
    return id;
  }

  /** Runs the follow-up queue 16 minutes after now (the leads are then due), and answers the mails queued for `ids`. */
  async function followupsOf(ids: string[]): Promise<MailContent[]> {
    clock = new Date(Date.now() + 16 * MIN);
    try {
      await queueDueFollowups(db.app);
    } finally {
      clock = null;
    }
    const rows = await db.query<{ id: string; message: MailContent; secrets: string[] | null }>(
      `select id, message, secrets from outbox where kind = 'lead-followup' and lead_id = any($1::uuid[])`, [ids]);
    return rows.map((r) => asDelivered(r as never).message);
  }

  it(`a burst of ${BURST} leads from one source gets at most the per-source cap of follow-ups; the rest are counted as skipped`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < BURST; i++) ids.push(await submit(`rajada.${i}@example.com`, '203.0.113.50'));
    const mails = await followupsOf(ids);
    expect(mails.length).toBe(FOLLOWUPS_PER_SOURCE_PER_HOUR);
    const [skips] = await db.query<{ reason: string; n: number }[]>(`select jsonb_object_agg(reason, n) as counts from (select reason, count(*)::int as n from lead_followup_skips where lead_id = any($1::uuid[]) group by reason) x`, [ids]);
    expect((skips as unknown as { counts: Record<string, number> }).counts).toEqual({ source_cap: BURST - FOLLOWUPS_PER_SOURCE_PER_HOUR });
    // A later run inside the hour sends none of them: each waits for its source's next slot (an hour after
    // the source's first follow-up), asked again only then, while inside its window.
    expect(await followupsOf(ids)).toHaveLength(FOLLOWUPS_PER_SOURCE_PER_HOUR);
    const [{ waiting }] = await db.query<{ waiting: number }>(`select count(*)::int as waiting from lead_followup_skips s
      where s.lead_id = any($1::uuid[]) and s.retry_at = (select min(f.queued_at) + interval '1 hour' from lead_followups f where f.lead_id = any($1::uuid[]))`, [ids]);
    expect(waiting).toBe(BURST - FOLLOWUPS_PER_SOURCE_PER_HOUR);
  });

  it("one form replayed from many sources gets at most the hour's budget of leads that do not look real", async () => {
    // The fixture's CNPJ and phone for 40 people: details that are not their own, so tier 'other'.
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push(await submit(`muitos.${i}@example.com`, `198.18.${Math.floor(i / 200)}.${(i % 200) + 1}`));
    // The burst above spent part of the same budget this hour.
    const [{ before }] = await db.query<{ before: number }>(`select count(*)::int as before from lead_followups where tier = 'other'`);
    const mails = await followupsOf(ids);
    expect(mails.length).toBe(Math.max(0, FOLLOWUP_BUDGETS.other - before));
    const [{ total }] = await db.query<{ total: number }>(`select count(*)::int as total from lead_followups`);
    expect(total).toBeLessThanOrEqual(FOLLOWUP_BUDGETS.other);
  });

  it('a form sent by a script (no fetch metadata, or from another site, or no language) gets none', async () => {
    // The hour's caps are spent by now: read the automated skip itself.
    const curl = await submit('script.a@example.com', '192.0.2.60', { headers: { 'sec-fetch-site': '', 'accept-language': 'pt-BR' } });
    const crossSite = await submit('script.b@example.com', '192.0.2.61', { headers: { 'sec-fetch-site': 'cross-site' } });
    const noLanguage = await submit('script.c@example.com', '192.0.2.62', { headers: { 'accept-language': '' } });
    expect(await followupsOf([curl, crossSite, noLanguage])).toEqual([]);
    const reasons = await db.query<{ reason: string }>(`select reason from lead_followup_skips where lead_id = any($1::uuid[])`, [[curl, crossSite, noLanguage]]);
    expect(reasons.map((r) => r.reason)).toEqual(['automated', 'automated', 'automated']);
    const signals = await db.query<{ signals: string[] }>(`select signals from lead_sources where lead_id = $1`, [curl]);
    expect(signals[0].signals).toEqual(['no-fetch-metadata']);
  });

  it("counts the month's skips in the painel's report", async () => {
    const { painelClient, MENTOR } = await import('./painel-helpers');
    const { call, signIn } = painelClient(() => db);
    const month = new Date(Date.now() + 16 * MIN).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' }).slice(0, 7);
    const res = await call('GET', `/api/painel/relatorio?mes=${month}`, { cookie: await signIn(MENTOR) });
    const { followupSkips } = await res.json();
    expect(followupSkips.automated).toBe(3);
    expect(followupSkips.sourceCap).toBe(BURST - FOLLOWUPS_PER_SOURCE_PER_HOUR);
    expect(followupSkips.hourlyCap).toBeGreaterThan(0);
  });
});

describe('the greeting of a mail to an unverified address', () => {
  it('names only a plain first name (letters, 2 to 20)', async () => {
    const { followupMail } = await import('../../functions/lib/mail/followup-mail');
    const greet = (name: string) => followupMail({ name, service: 'consultoria', link: 'https://x.example/orcamento#agendar=t', ttlDays: 7, siteUrl: 'https://x.example', replyTo: 'c@x.example' }).text.split('\n')[0];
    expect(greet('Natália Souza')).toBe('Olá, Natália!');
    expect(greet("-2+3+cmd|' Silva")).toBe('Olá!');
    expect(greet('https://golpe.example/premio Silva')).toBe('Olá!');
    expect(greet('R$1000 grátis em www.x.com')).toBe('Olá!');
    expect(greet('Ganhe R$1000')).toBe('Olá, Ganhe!');
    expect(greet(`${'a'.repeat(21)} Souza`)).toBe('Olá!');
  });
});
