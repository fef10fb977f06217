// The follow-up's budgets by how real a lead looks (hardening issue, item 2): strangers' forms cannot
// spend a real lead's mail. Through the real POST /api/leads (each request from its own source address,
// as the local host gives it), the real queue and the app's clock, on both stores:
// * 44 bot-like leads from 11 sources (browser headers, details that pass every check), then a real
//   lead: the bots spend only the 'other' budget, the real lead gets its mail at the first run;
// * a lead held back by a cap is retried when a slot opens inside its window (not dropped), and one
//   whose window closes first is counted as never sent; the Integrações screen's counts say so.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sourceHash, sourceNetwork } from '../../functions/lib/followup/signals';
import { queueDueFollowups } from '../../functions/lib/followup/queue';
import { FOLLOWUP_BUDGETS, FOLLOWUPS_PER_SOURCE_PER_HOUR } from '../../functions/lib/followup/rules';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import type { MailContent } from '../../functions/lib/store/port';
import { isValidCnpj } from '../../src/domain/cnpj';
import type { FollowupHealth } from '../../src/domain/painel/followup-health';
import { zonedParts } from '../../src/domain/scheduling/time';
import { asDelivered, key, postJson, validRequest } from './helpers';
import { ANA, MENTOR, painelClient } from './painel-helpers';
import { storeCases, type Opened } from './stores';

const MIN = 60_000;
let serial = 0;

/** A valid CNPJ no other lead has (12 digits from a counter, then its check digits). */
function freshCnpj(): string {
  const base = String(Date.now() % 1e6).padStart(6, '0') + String(++serial).padStart(6, '0');
  for (let d = 0; d < 100; d++) if (isValidCnpj(base + String(d).padStart(2, '0'))) return base + String(d).padStart(2, '0');
  throw new Error('no check digits');
}
/** A Brazilian mobile no other lead has. */
const freshPhone = () => `(41) 9${String(70_000_000 + ((Date.now() + ++serial) % 29_999_999)).slice(0, 8)}`;

/** Details that pass every check of the form and are this lead's own (what a careful script would send). */
const ownDetails = (company: string) => ({ cnpj: freshCnpj(), telefone: freshPhone(), nomeEmpresa: company });

describe.each(storeCases(inject('postgresUrl')))('follow-up budgets on $name', (store) => {
  let db: Opened;
  let clock: Date | null = null;
  beforeAll(async () => {
    db = await store.open({ now: () => clock ?? new Date() });
  });
  afterAll(() => db?.close());

  /** A consulting lead through POST /api/leads from `ip` with the browser's headers; answers its id and time. */
  async function submit(email: string, ip: string, fields: Record<string, string> = {}) {
    const req = postJson('/api/leads', { ...validRequest, ...fields, email, service: 'consultoria', idempotencyKey: key() });
    const res = await createLeadsHandler(async () => db.app)(req, { ip });
    expect(res.status).toBe(201);
    const { id } = await res.json();
    // A rule that offers meetings (the follow-up's condition), whatever content/roteamento.yaml says today.
    const [{ created_at }] = await db.query<{ created_at: Date }>(`update leads set routing_kind = 'team' where id = $1 returning created_at`, [id]);
    return { id: id as string, at: new Date(created_at).getTime() + 1 };
  }

  async function runAt(at: number): Promise<number> {
    clock = new Date(at);
    try {
      return await queueDueFollowups(db.app);
    } finally {
      clock = null;
    }
  }

  const mailsOf = async (ids: string[]) => (await db.query<{ id: string; message: MailContent; secrets: string[] | null; lead_id: string }>(
    `select id, message, secrets, lead_id from outbox where kind = 'lead-followup' and lead_id = any($1::uuid[])`, [ids])).map((r) => ({ lead: r.lead_id, ...asDelivered(r as never) }));

  it('44 bot-like leads from 11 sources, then a real lead: the bots spend only their budget; the real lead gets its mail within the hour', async () => {
    const bots: string[] = [];
    for (let s = 0; s < 11; s++) {
      for (let i = 0; i < 4; i++) bots.push((await submit(`bot.${s}.${i}@example.com`, `203.0.113.${20 + s}`, ownDetails(`Energia Sol ${s}${i}`))).id);
    }
    const lastBot = (await db.query<{ at: Date }>(`select max(created_at) as at from leads where id = any($1::uuid[])`, [bots]))[0].at;
    // The bots are due: a run spends what it may on them before the real lead is even due.
    await runAt(new Date(lastBot).getTime() + 16 * MIN);
    const real = await submit('natalia@solbrilhante.com.br', '198.51.100.7', { nomeCompleto: 'Natália Souza', ...ownDetails('Sol Brilhante Energia') });
    // The scheduled runs every 5 minutes from when it is due, on the app's clock, for an hour.
    let gotAt: number | null = null;
    for (let t = real.at + 15 * MIN; t <= real.at + 60 * MIN && gotAt === null; t += 5 * MIN) {
      await runAt(t);
      if ((await mailsOf([real.id])).length > 0) gotAt = t;
    }
    expect(gotAt, 'the real lead got no follow-up within the hour').not.toBeNull();
    const [mail] = await mailsOf([real.id]);
    expect(mail.message.subject).toBe('Falta só escolher o horário da sua reunião');
    expect(mail.message.text.split('\n')[0]).toBe('Olá, Natália!');
    const [{ tier }] = await db.query<{ tier: string }>(`select tier from lead_followups where lead_id = $1`, [real.id]);
    expect(tier).toBe('plausible');

    // Each bot source sent forms for 4 people within the hour: a burst, so every bot is 'other'.
    const botMails = await mailsOf(bots);
    expect(botMails.length).toBeLessThanOrEqual(FOLLOWUP_BUDGETS.other);
    const tiers = await db.query<{ tier: string; n: number }>(
      `select coalesce(f.tier, s.tier) as tier, count(*)::int as n from leads l left join lead_followups f on f.lead_id = l.id
       left join lead_followup_skips s on s.lead_id = l.id where l.id = any($1::uuid[]) group by 1`, [bots]);
    expect(tiers).toEqual([{ tier: 'other', n: 44 }]);
  });

  it('a form replayed from many sources (one CNPJ and phone for many people) is bot-like too', async () => {
    const replayed: string[] = [];
    for (let i = 0; i < 12; i++) replayed.push((await submit(`copia.${i}@example.com`, `192.0.2.${100 + i}`)).id);
    const last = (await db.query<{ at: Date }>(`select max(created_at) as at from leads where id = any($1::uuid[])`, [replayed]))[0].at;
    await runAt(new Date(last).getTime() + 16 * MIN);
    const tiers = await db.query<{ tier: string }>(`select distinct tier from lead_followup_skips where lead_id = any($1::uuid[])`, [replayed]);
    expect(tiers.map((t) => t.tier)).toEqual(['other']);
    // Whatever 'other' had left this hour (the bots above may have spent it), never more.
    expect((await mailsOf(replayed)).length).toBeLessThanOrEqual(FOLLOWUP_BUDGETS.other);
  });
});

describe.each(storeCases(inject('postgresUrl')))('a held-back follow-up on $name', (store) => {
  let db: Opened;
  let clock: Date | null = null;
  beforeAll(async () => {
    db = await store.open({ now: () => clock ?? new Date() });
  });
  afterAll(() => db?.close());

  it('is retried when a slot opens inside its window (not dropped); past its window it is counted as never sent; the screen shows both', async () => {
    const submit = async (email: string, ip: string) => {
      const res = await createLeadsHandler(async () => db.app)(postJson('/api/leads', { ...validRequest, email, service: 'consultoria', idempotencyKey: key() }), { ip });
      const { id } = await res.json();
      await db.query(`update leads set routing_kind = 'team' where id = $1`, [id]);
      return id as string;
    };
    // One form replayed for 7 people from 7 sources: all 'other'. The first 5 fill its budget.
    const ids: string[] = [];
    for (let i = 0; i < FOLLOWUP_BUDGETS.other + 2; i++) ids.push(await submit(`espera.${i}@example.com`, `198.18.7.${i + 1}`));
    const [waiter, late] = ids.slice(-2);
    const [{ at }] = await db.query<{ at: Date }>(`select max(created_at) as at from leads where id = any($1::uuid[])`, [ids]);
    const t0 = new Date(at).getTime() + 16 * MIN;
    const run = async (t: number) => {
      clock = new Date(t);
      try {
        return await queueDueFollowups(db.app);
      } finally {
        clock = null;
      }
    };
    const sent = async (id: string) => (await db.query(`select 1 from lead_followups where lead_id = $1`, [id])).length === 1;
    const skip = async (id: string) => (await db.query<{ reason: string; tier: string; tries: number; retry_at: Date }>(
      `select reason, tier, tries, retry_at from lead_followup_skips where lead_id = $1`, [id]))[0];

    expect(await run(t0)).toBe(FOLLOWUP_BUDGETS.other);
    expect(await sent(waiter)).toBe(false);
    // The last one's form is then nearly a day old: its window closes 10 minutes after this run.
    await db.query(`update leads set created_at = $2 where id = $1`, [late, new Date(t0 - (23 * 60 + 50) * MIN)]);
    const held = await skip(waiter);
    expect(held).toMatchObject({ reason: 'hourly_cap', tier: 'other', tries: 1 });
    // Its retry is when the hour's first follow-up of its tier turns an hour old.
    expect(new Date(held.retry_at).getTime()).toBe(t0 + 60 * MIN);
    const screen = painelClientAt(() => db, (c) => (clock = c));
    const { call, signIn } = painelClient(() => db);
    expect((await call('GET', '/api/painel/integracoes/lembrete', { cookie: await signIn(ANA) })).status).toBe(403);
    const before = await screen(t0);
    expect(before).toMatchObject({ sentToday: FOLLOWUP_BUDGETS.other, capSkippedToday: { sourceCap: 0, hourlyCap: 2 }, waiting: 2, expiredToday: 0 });
    expect(before.hour).toEqual({ known: 0, plausible: 0, other: FOLLOWUP_BUDGETS.other });
    expect(before.budgets).toEqual(FOLLOWUP_BUDGETS);
    expect(before.perSource).toBe(FOLLOWUPS_PER_SOURCE_PER_HOUR);

    // The scheduled runs until the slot opens: it is not asked again meanwhile (no new tries).
    for (let t = t0 + 5 * MIN; t < t0 + 60 * MIN; t += 5 * MIN) expect(await run(t)).toBe(0);
    expect((await skip(waiter)).tries).toBe(1);
    // The slot opens: the waiting lead gets the mail, an hour late but inside its 24 h window.
    expect(await run(t0 + 60 * MIN)).toBe(1);
    expect(await sent(waiter)).toBe(true);
    // The other one's window closed before its slot: never sent, counted as such.
    expect(await sent(late)).toBe(false);
    const after = await screen(t0 + 60 * MIN);
    expect(after.waiting).toBe(0);
    const day = (t: number) => zonedParts(new Date(t), 'America/Sao_Paulo').date;
    // "Today" is Brasília's day by the app's clock: a test that straddles midnight sees the other day's part.
    const lateEnd = new Date((await db.query<{ end: Date }>(`select created_at + interval '24 hours' as end from leads where id = $1`, [late]))[0].end).getTime();
    expect(after.expiredToday).toBe(day(lateEnd) === day(t0 + 60 * MIN) ? 1 : 0);
    expect(after.sentAfterWaitToday).toBe(day(t0) === day(t0 + 60 * MIN) ? 1 : 0);
    expect(after.hour.other).toBe(1);
    // The month's report no longer counts the lead that got the mail after waiting.
    const [{ n }] = await db.query<{ n: number }>(`select count(*)::int as n from lead_followup_skips s where not exists (select 1 from lead_followups f where f.lead_id = s.lead_id) and s.lead_id = any($1::uuid[])`, [ids]);
    expect(n).toBe(1);
  });
});

/** The Integrações card's answer at a time, signed in at that time (the session's idle limit follows the clock). */
function painelClientAt(opened: () => Opened, setClock: (c: Date | null) => void) {
  const { call, signIn } = painelClient(opened);
  return async (at: number): Promise<FollowupHealth> => {
    setClock(new Date(at));
    try {
      const cookie = await signIn(MENTOR);
      const res = await call('GET', '/api/painel/integracoes/lembrete', { cookie });
      expect(res.status).toBe(200);
      return (await res.json()) as FollowupHealth;
    } finally {
      setClock(null);
    }
  };
}

describe('the source the caps count', () => {
  it('is an IPv4 address, or an IPv6 /56 (a host hands out 256 /64s of it)', () => {
    const k = Buffer.alloc(32, 7);
    expect(sourceNetwork('2001:db8:12:3400::1')).toBe('2001:db8:12:3400::/56');
    expect(sourceNetwork('2001:db8:12:34ff:aaaa::9')).toBe('2001:db8:12:3400::/56');
    expect(sourceHash(k, '2001:db8:12:34ff::1')).toBe(sourceHash(k, '2001:db8:12:3401::2'));
    expect(sourceHash(k, '2001:db8:12:3400::1')).not.toBe(sourceHash(k, '2001:db8:12:3500::1'));
    expect(sourceNetwork('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(sourceHash(k, '203.0.113.9')).not.toBe(sourceHash(k, '203.0.113.10'));
  });
});
