// A known history for Números' tests: 60 form fills over 60 days (Sep 20 – Nov 18, 2026) by 50 people
// (ten come back, five of them with another spelling of their address), three campaigns, a referring
// site and no touch at all, first touch ≠ last touch, a "sem reunião" rule, bookings with Ana and Bruno,
// cancellations by each side, reschedules (some by the team through the painel), outcomes (one changed
// later), meetings without an outcome. Then the reference figures, by SQL written apart from the
// migration's: these are what the screen must show.
import { PRESELLERS } from './helpers';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Clock } from '../../functions/lib/app';
import { ANA, MENTOR, painelClient } from './painel-helpers';
import type { Opened, StoreCase } from './stores';

const BASE = Date.parse('2026-09-20T12:00:00Z');
const DAY = 86_400_000;
const HOUR = 3_600_000;
export const NOW = new Date('2026-11-20T15:00:00Z');

const CAMPAIGNS = [
  { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'verao', landing_path: '/' },
  { utm_source: 'facebook', utm_medium: 'paid', utm_campaign: 'energia', landing_path: '/' },
  { utm_source: 'instagram', utm_medium: 'social', utm_campaign: 'solar-b2b', landing_path: '/' },
  { referrer_host: 'www.bing.com', landing_path: '/blog' },
  null,
];
const SEGMENTOS = ['energia-solar', 'ecommerce', 'tecnologia-saas'];
const FATURAMENTOS = ['0-50', '100-500', '1000-5000', '10000+'];

const iso = (ms: number) => new Date(ms).toISOString();

export async function buildHistory(db: Opened): Promise<void> {
  for (let i = 0; i < 60; i++) {
    const person = i % 50;
    const email = i >= 50 && person < 5 ? `Pessoa.${person}+volta@Exemplo.com.br` : `pessoa.${person}@exemplo.com.br`;
    const at = BASE + i * DAY + (i % 5) * HOUR;
    const first = CAMPAIGNS[i % 5];
    const last = CAMPAIGNS[(i + 1) % 5];
    const routing = i % 9 === 0 ? 'none' : i % 9 === 1 ? null : 'team';
    const [lead] = await db.query<{ id: string }>(
      `insert into leads (created_at, idempotency_key, nome, email, telefone, empresa, cnpj, cargo, faturamento, vendedores,
         segmento, modelo_negocio, origem, consent_at, privacy_policy_version, first_touch, last_touch, servico, routing_kind)
       values ($1, $2, 'Pessoa Teste', $3, '11987654321', 'Empresa Teste', '11222333000181', 'ceo-proprietario', $4, '1-2',
         $5, 'b2b', 'site', $1, 'v1', $6::text::jsonb, $7::text::jsonb, $8, $9) returning id`,
      [iso(at), `numeros-lead-${i}`, email, FATURAMENTOS[i % 4], SEGMENTOS[i % 3],
        first && JSON.stringify(first), first && last && JSON.stringify(last), i % 7 === 0 ? null : i % 2 ? 'trafego' : 'consultoria', routing]);
    if (routing === 'none' || i % 3 === 2) continue;
    const preseller = i % 2 ? PRESELLERS.bruno : PRESELLERS.ana;
    const booked = at + (1 + (i % 4)) * HOUR / 2;
    const starts = BASE + (i + 2) * DAY + 4 * HOUR;
    const [meeting] = await db.query<{ id: string }>(
      `insert into meetings (lead_id, preseller_id, starts_at, ends_at, service, diagnostic_score, idempotency_key, created_at, booked_at, time_set_at)
       values ($1, $2, $3, $4, 'consultoria', 60, $5, $6, $6, $6) returning id`,
      [lead.id, preseller, iso(starts), iso(starts + 30 * 60_000), `numeros-meeting-${i}`, iso(booked)]);
    if (i % 11 === 3) {
      await db.query(`update meetings set status = 'cancelled', cancelled_at = $2, cancelled_by = $3 where id = $1`,
        [meeting.id, iso(booked + HOUR), i % 2 ? 'lead' : 'consultant']);
      continue;
    }
    if (i % 8 === 4) {
      await db.query(`update meetings set starts_at = starts_at + interval '1 day', ends_at = ends_at + interval '1 day', time_set_at = $2 where id = $1`,
        [meeting.id, iso(booked + 2 * HOUR)]);
      if (i % 16 === 4) await db.query(`insert into painel_activity (at, actor, action, subject) values ($1, 'contato@mentorsolar.com.br', 'meeting_rescheduled', $2)`, [iso(booked + 2 * HOUR), meeting.id]);
    }
    const end = starts + (i % 8 === 4 ? DAY : 0) + 30 * 60_000;
    if (end > NOW.getTime()) continue;
    const kind = i % 6;
    if (kind === 5) continue; // no outcome yet
    if (i % 10 === 1) {
      await db.query(`insert into meeting_outcomes (meeting_id, attendance, qualified, recorded_by, recorded_at) values ($1, 'lead_no_show', null, 'x', $2)`, [meeting.id, iso(end + HOUR)]);
    }
    const attendance = kind <= 2 ? 'attended' : kind === 3 ? 'lead_no_show' : 'consultant_no_show';
    await db.query(`insert into meeting_outcomes (meeting_id, attendance, qualified, recorded_by, recorded_at) values ($1, $2, $3, 'x', $4)`,
      [meeting.id, attendance, attendance === 'attended' ? i % 4 !== 0 : null, iso(end + 2 * HOUR)]);
  }
}

/** The people of [from, to), by the reference reading: each person's rows, their latest outcomes. */
export async function referencePeople(db: Opened, from: string, to: string, preseller: string | null) {
  return db.query<{ identity: string; first_at: string; first_touch: Record<string, string> | null; last_touch: Record<string, string> | null; segmento: string; booked: boolean; attended: boolean; qualified: boolean; no_rule: boolean; offered: boolean | null }>(`
    with mine as (
      select l.* from leads l where l.created_at >= $1 and l.created_at < $2
        and ($3::uuid is null or l.id in (select lead_id from meetings where preseller_id = $3::uuid))
    ), latest as (
      select distinct on (o.meeting_id) o.meeting_id, o.attendance, o.qualified from meeting_outcomes o
      order by o.meeting_id, o.recorded_at desc, o.id desc
    ), outcomes as (
      select email_identity(l.email) as identity, m.status, lt.attendance, lt.qualified
      from mine l join meetings m on m.lead_id = l.id and ($3::uuid is null or m.preseller_id = $3::uuid)
      left join latest lt on lt.meeting_id = m.id
    ), firsts as (
      select distinct on (email_identity(email)) email_identity(email) as identity, created_at, first_touch from mine
      order by email_identity(email), created_at, id
    ), lasts as (
      select distinct on (email_identity(email)) email_identity(email) as identity, last_touch, segmento from mine
      order by email_identity(email), created_at desc, id desc
    )
    select f.identity, f.created_at as first_at, f.first_touch, la.last_touch, la.segmento,
      exists (select 1 from outcomes o where o.identity = f.identity) as booked,
      exists (select 1 from outcomes o where o.identity = f.identity and o.status = 'scheduled' and o.attendance = 'attended') as attended,
      exists (select 1 from outcomes o where o.identity = f.identity and o.status = 'scheduled' and o.attendance = 'attended' and o.qualified) as qualified,
      not exists (select 1 from outcomes o where o.identity = f.identity)
        and not exists (select 1 from mine x where email_identity(x.email) = f.identity and x.routing_kind <> 'none')
        and exists (select 1 from mine x where email_identity(x.email) = f.identity and x.routing_kind = 'none') as no_rule,
      case when exists (select 1 from mine x where email_identity(x.email) = f.identity and x.routing_kind is not null)
        then exists (select 1 from mine x where email_identity(x.email) = f.identity and x.routing_kind in ('team', 'pool')) end as offered
    from firsts f join lasts la on la.identity = f.identity`, [from, to, preseller]);
}

/** Per consultant: meetings booked in [from, to), and what happened in the meetings starting in it. */
export async function referenceConsultants(db: Opened, from: string, to: string) {
  return db.query<{ id: string; booked: number; cancelled: number; held: number; no_shows: number; qualified: number; pending: number; counted: number }>(`
    with latest as (
      select distinct on (o.meeting_id) o.meeting_id, o.attendance, o.qualified from meeting_outcomes o
      order by o.meeting_id, o.recorded_at desc, o.id desc
    )
    select p.id,
      (select count(*)::int from meetings m where m.preseller_id = p.id and m.booked_at >= $1 and m.booked_at < $2) as booked,
      (select count(*)::int from meetings m where m.preseller_id = p.id and m.booked_at >= $1 and m.booked_at < $2 and m.status = 'cancelled') as cancelled,
      (select count(*)::int from meetings m join latest l on l.meeting_id = m.id where m.preseller_id = p.id and m.starts_at >= $1 and m.starts_at < $2 and m.status = 'scheduled' and l.attendance = 'attended') as held,
      (select count(*)::int from meetings m join latest l on l.meeting_id = m.id where m.preseller_id = p.id and m.starts_at >= $1 and m.starts_at < $2 and m.status = 'scheduled' and l.attendance = 'lead_no_show') as no_shows,
      (select count(*)::int from meetings m join latest l on l.meeting_id = m.id where m.preseller_id = p.id and m.starts_at >= $1 and m.starts_at < $2 and m.status = 'scheduled' and l.attendance = 'attended' and l.qualified) as qualified,
      (select count(*)::int from meetings m where m.preseller_id = p.id and m.starts_at >= $1 and m.starts_at < $2 and m.status = 'scheduled' and m.ends_at <= $3
        and not exists (select 1 from meeting_outcomes o where o.meeting_id = m.id)) as pending,
      -- The fair share's count: booked in the period, standing, the latest outcome not the lead's no-show.
      (select count(*)::int from meetings m left join latest l on l.meeting_id = m.id where m.preseller_id = p.id and m.booked_at >= $1 and m.booked_at < $2
        and m.status = 'scheduled' and l.attendance is distinct from 'lead_no_show') as counted
    from presellers p order by p.id`, [from, to, NOW.toISOString()]);
}

/** The meetings booked in [from, to) with their lead's time, for the medians (computed in JS). */
export async function referenceBookings(db: Opened, from: string, to: string) {
  return db.query<{ id: string; lead_at: string; booked_at: string; starts_at: string; status: string; cancelled_by: string | null; moved: boolean; moved_by_team: boolean }>(`
    select m.id, l.created_at as lead_at, m.booked_at, m.starts_at, m.status, m.cancelled_by,
      exists (select 1 from meeting_events e where e.meeting_id = m.id and e.kind = 'rescheduled') as moved,
      exists (select 1 from painel_activity a where a.action = 'meeting_rescheduled' and a.subject = m.id::text) as moved_by_team
    from meetings m join leads l on l.id = m.lead_id where m.booked_at >= $1 and m.booked_at < $2`, [from, to]);
}

/** percentile_cont's reading: linear between the two closest ranks. */
export function percentile(values: number[], q: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const low = Math.floor(pos);
  return Math.round(sorted[low] + (sorted[Math.min(low + 1, sorted.length - 1)] - sorted[low]) * (pos - low));
}

/**
 * For a describe block: `store` opened on `now` with the built history, the mentor's and Ana's sessions,
 * and `getJson` (a painel GET that must answer 200). Registers its own beforeAll/afterAll.
 */
export function historyHarness(store: StoreCase, now: Clock) {
  const h = { opened: undefined as unknown as Opened, mentor: '', ana: '' };
  const client = painelClient(() => h.opened);
  beforeAll(async () => {
    h.opened = await store.open({ now });
    await buildHistory(h.opened);
    h.mentor = await client.signIn(MENTOR);
    h.ana = await client.signIn(ANA);
  });
  afterAll(() => h.opened.close());
  const getJson = async <T>(path: string, cookie: string): Promise<T> => {
    const res = await client.call('GET', path, { cookie });
    expect(res.status, path).toBe(200);
    return res.json() as Promise<T>;
  };
  return Object.assign(h, { ...client, getJson });
}
