// What the console shows and records: tabs, a meeting's history, outcomes (the earlier kept), "Buscar"
// by CNPJ or phone with or without punctuation, filters, keyset pages, and the morning mail.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DAILY_MAIL_SCHEDULE, queuePendingOutcomesMail } from '../../functions/lib/painel/daily-mail';
import { config as dailyConfig } from '../../functions/painel-daily';
import { nextRun } from '../../scripts/server/scheduler.mjs';
import { zonedParts } from '../../src/domain/scheduling/time';
import type { LeadRow, MeetingRow, MeetingView, Page } from '../../src/domain/painel/api';
import { attendanceLabels } from '../../src/domain/painel/copy';
import { ANA, bookMeeting, BRUNO, MENTOR, painelClient, PRESELLERS } from './painel-helpers';
import { storeCases, type Opened } from './stores';

describe.each(storeCases(inject('postgresUrl')))('painel console on $name', (store) => {
  let opened: Opened;
  let skew = 0;
  const { call, signIn } = painelClient(() => opened);
  let mentor: string;
  let ana: string;
  let first: { leadId: string; meetingId: string; startsAt: Date };
  let second: { leadId: string; meetingId: string; startsAt: Date };

  beforeAll(async () => {
    opened = await store.open({ now: () => new Date(Date.now() + skew) });
    first = await bookMeeting(opened.app, { email: 'joana@solarmais.com.br', presellerId: PRESELLERS.ana, time: '10:00', empresa: 'Solar Mais Ltda', nome: 'Joana Prado', cnpj: '11.222.333/0001-81', telefone: '(11) 98765-4321' });
    second = await bookMeeting(opened.app, { email: 'pedro@ventos.com.br', presellerId: PRESELLERS.bruno, time: '14:00', day: 1, empresa: 'Ventos Energia', nome: 'Pedro Lins', cnpj: '45.723.174/0001-10', telefone: '(21) 3456-7890' });
    mentor = await signIn(MENTOR);
    ana = await signIn(ANA);
  });
  afterAll(() => opened.close());

  /** Moves the clock to `instant` and signs in again (a session idle 12 h has ended meanwhile). */
  async function travel(instant: number) {
    skew = instant - Date.now();
    mentor = await signIn(MENTOR);
    ana = await signIn(ANA);
  }

  const getJson = async <T>(path: string, cookie: string): Promise<T> => {
    const res = await call('GET', path, { cookie });
    expect(res.status, path).toBe(200);
    return res.json() as Promise<T>;
  };

  it('lists the coming meetings soonest first; a consultant sees only theirs', async () => {
    const all = await getJson<Page<MeetingRow>>('/api/painel/reunioes?aba=proximas', mentor);
    expect(all.items.map((m) => m.id)).toEqual([first.meetingId, second.meetingId]);
    expect(all.items[0]).toMatchObject({ lead: { name: 'Joana Prado', company: 'Solar Mais Ltda' }, consultant: { name: 'Ana Souza' }, service: 'consultoria', outcome: null });
    const own = await getJson<Page<MeetingRow>>('/api/painel/reunioes?aba=proximas', ana);
    expect(own.items.map((m) => m.id)).toEqual([first.meetingId]);
    const filtered = await getJson<Page<MeetingRow>>(`/api/painel/reunioes?aba=proximas&consultor=${PRESELLERS.bruno}`, mentor);
    expect(filtered.items.map((m) => m.id)).toEqual([second.meetingId]);
  });

  it('opens a meeting with its history: booked and the mails sent, subject and time', async () => {
    const view = await getJson<MeetingView>(`/api/painel/reunioes/${first.meetingId}`, mentor);
    expect(view.events[0]).toMatchObject({ kind: 'booked', startsAt: expect.any(String) });
    expect(new Date((view.events[0] as { startsAt: string }).startsAt)).toEqual(first.startsAt);
    const mails = view.events.filter((e) => e.kind === 'mail');
    expect(mails.map((m) => m.kind === 'mail' && m.to).sort()).toEqual(['consultant', 'lead']);
    expect(mails.every((m) => m.kind === 'mail' && m.subject.length > 0)).toBe(true);
    expect(view.lead).toMatchObject({ email: 'joana@solarmais.com.br' });
    expect(view.canRecordOutcome).toBe(false);
  });

  it('shows a lead\'s mails by role, never the team\'s addresses; a consultant sees the mails of their own meetings', async () => {
    type View = { mails: { to: string; kind: string }[] };
    const forMentor = await getJson<View>(`/api/painel/leads/${first.leadId}`, mentor);
    expect(forMentor.mails.map((m) => `${m.kind}→${m.to}`).sort()).toEqual(['lead-notification→other', 'meeting-lead→lead', 'meeting-preseller→consultant']);
    const forAna = await getJson<View>(`/api/painel/leads/${first.leadId}`, ana);
    expect(forAna.mails.map((m) => m.kind).sort()).toEqual(['meeting-lead', 'meeting-preseller']);
    expect(JSON.stringify([forMentor, forAna])).not.toContain(MENTOR);
  });

  it('records an outcome once the meeting started, keeps the earlier one when it changes, and leaves "Sem desfecho"', async () => {
    await travel(second.startsAt.getTime() + 3 * 3600_000);
    const pending = await getJson<Page<MeetingRow>>('/api/painel/reunioes?aba=sem-desfecho', mentor);
    expect(pending.items.map((m) => m.id).sort()).toEqual([first.meetingId, second.meetingId].sort());
    // Ana records her own meeting; Bruno's is not hers (404).
    const path = `/api/painel/reunioes/${first.meetingId}/desfecho`;
    expect((await call('POST', `/api/painel/reunioes/${second.meetingId}/desfecho`, { cookie: ana, body: { attendance: 'attended', qualified: true } })).status).toBe(404);
    const res = await call('POST', path, { cookie: ana, body: { attendance: 'attended', qualified: true, note: '  Interessado no plano anual.\r\nLigar em março. ' } });
    expect(res.status).toBe(200);
    const view = (await res.json()) as MeetingView;
    expect(view.outcome).toMatchObject({ attendance: 'attended', qualified: true, note: 'Interessado no plano anual.\nLigar em março.', recordedBy: ANA });
    const changed = (await (await call('POST', path, { cookie: mentor, body: { attendance: 'lead_no_show', qualified: null } })).json()) as MeetingView;
    expect(changed.outcome).toMatchObject({ attendance: 'lead_no_show', qualified: null, recordedBy: MENTOR });
    expect(changed.outcomes.map((o) => o.attendance)).toEqual(['lead_no_show', 'attended']);
    expect(changed.events.filter((e) => e.kind === 'outcome')).toHaveLength(2);
    const after = await getJson<Page<MeetingRow>>('/api/painel/reunioes?aba=sem-desfecho', mentor);
    expect(after.items.map((m) => m.id)).toEqual([second.meetingId]);
    const past = await getJson<Page<MeetingRow>>('/api/painel/reunioes?aba=passadas', mentor);
    expect(past.items.map((m) => m.id)).toEqual([second.meetingId, first.meetingId]);
    expect(attendanceLabels[past.items[1].outcome!.attendance]).toBe('Lead não compareceu');
    await travel(Date.now());
  });

  it('finds a lead by CNPJ or phone with or without punctuation, by name, email and company', async () => {
    const lead = await getJson<{ answers: { cnpj: string; telefone: string } }>(`/api/painel/leads/${first.leadId}`, mentor);
    const { cnpj, telefone } = lead.answers;
    const formatted = `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
    const phone = `(${telefone.slice(0, 2)}) ${telefone.slice(2, -4)}-${telefone.slice(-4)}`;
    for (const q of [cnpj, formatted, telefone, phone, 'joana', 'SOLARMAIS.com', 'solar mais', 'Prado']) {
      const page = await getJson<Page<LeadRow>>(`/api/painel/leads?busca=${encodeURIComponent(q)}`, mentor);
      expect(page.items.map((l) => l.id), q).toContain(first.leadId);
      expect(page.items.map((l) => l.id), q).not.toContain(second.leadId);
    }
    expect((await getJson<Page<LeadRow>>('/api/painel/leads?busca=ventos', ana)).items).toEqual([]);
    expect((await getJson<Page<LeadRow>>('/api/painel/leads?reuniao=sem', mentor)).items).toEqual([]);
    expect((await getJson<Page<LeadRow>>('/api/painel/leads?servico=trafego', mentor)).items).toEqual([]);
  });

  it('pages with a keyset cursor: no row twice, none skipped', async () => {
    for (let i = 0; i < 55; i++) {
      await opened.query(`insert into leads (idempotency_key, nome, email, telefone, empresa, cnpj, cargo, faturamento, vendedores, segmento, modelo_negocio, origem, consent_at, privacy_policy_version, created_at)
        values ($1, 'Lead ' || $2, 'lead' || $2 || '@x.com.br', '11987654321', 'Empresa', '11222333000181', 'outro', '0-50', 'nenhum', 'ecommerce', 'b2c', 'teste', now(), 'v1', now() - make_interval(mins => $2::int))`, [`k-page-${i}`, i]);
    }
    const one = await getJson<Page<LeadRow>>('/api/painel/leads?segmento=ecommerce', mentor);
    expect(one.items).toHaveLength(50);
    const two = await getJson<Page<LeadRow>>(`/api/painel/leads?segmento=ecommerce&cursor=${one.next}`, mentor);
    expect(two.next).toBeNull();
    const ids = [...one.items, ...two.items].map((l) => l.id);
    expect(new Set(ids).size).toBe(55);
  });

  it('runs the morning mail at 08:00 in Brasília', () => {
    expect(dailyConfig.schedule).toBe(DAILY_MAIL_SCHEDULE);
    expect(zonedParts(nextRun(DAILY_MAIL_SCHEDULE, new Date('2026-07-01T12:00:00Z')), 'America/Sao_Paulo')).toEqual({ date: '2026-07-02', time: '08:00' });
  });

  it('mails the mentor the meetings still "Sem desfecho" once a morning, and nothing when there are none', async () => {
    await travel(second.startsAt.getTime() + 4 * 3600_000);
    expect(await queuePendingOutcomesMail(opened.app)).toBe(true);
    expect(await queuePendingOutcomesMail(opened.app)).toBe(false);
    const rows = await opened.query<{ message: { to: string; subject: string; text: string } }>(`select message from outbox where kind = 'painel-pending-outcomes'`);
    expect(rows).toHaveLength(1);
    expect(rows[0].message.to).toBe(MENTOR);
    expect(rows[0].message.subject).toBe('1 reunião sem desfecho');
    expect(rows[0].message.text).toContain('Pedro Lins (Ventos Energia)');
    // Each meeting links straight to itself in the console; the button opens the "Sem desfecho" tab.
    expect(rows[0].message.text).toMatch(new RegExp(`Abrir no painel: https?://\\S+/painel#reuniao=${second.meetingId}\n`));
    expect(rows[0].message.text).toContain('/painel#reunioes&aba=sem-desfecho');
    // The next morning, with the outcome recorded: nothing to say, no mail.
    await call('POST', `/api/painel/reunioes/${second.meetingId}/desfecho`, { cookie: await signIn(BRUNO), body: { attendance: 'consultant_no_show', qualified: null } });
    skew += 24 * 3600_000;
    expect(await queuePendingOutcomesMail(opened.app)).toBe(false);
    expect(await opened.query(`select 1 from outbox where kind = 'painel-pending-outcomes'`)).toHaveLength(1);
    await travel(Date.now());
  });
});
