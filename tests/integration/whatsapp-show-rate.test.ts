// Números' WhatsApp experiment: over Números' known history (numbers-history.ts, with every third lead opted in
// and drawn to a group) plus an October of meetings built for the test (WhatsApp leads showing up more often
// than the control group), each channel's counts equal a reference written apart from the migration's (raw
// meetings and their latest outcome), on PGlite and PostgreSQL; the sentence is the test's; a consultant gets
// their own meetings; a period the rules refuse is a 400 in pt-BR.
import { describe, expect, inject, it } from 'vitest';
import { periodMessages } from '../../src/domain/painel/numbers';
import { experimentSentence, showRateRows, type ShowRateChannel, type WhatsAppShowRateView } from '../../src/domain/painel/whatsapp-experiment';
import { PRESELLERS } from './helpers';
import { historyHarness, NOW } from './numbers-history';
import type { Opened } from './stores';
import { storeCases } from './stores';

const OCT = { from: '2026-10-01T03:00:00.000Z', to: '2026-11-01T03:00:00.000Z' };
const QUERY = 'periodo=personalizado&de=2026-10-01&ate=2026-10-31';
const DAY = 86_400_000;

/** October's built meetings: [group, attended, lead no-shows, consultant no-shows]. */
const BUILT: [ShowRateChannel, number, number, number][] = [['whatsapp', 38, 6, 2], ['holdout', 24, 16, 1], ['none', 20, 10, 3]];

async function buildExperiment(db: Opened) {
  // Every third lead of the history opted in; of those, every other one was held out.
  await db.query(`update leads set whatsapp_opt_in_at = created_at, whatsapp_opt_in_version = 'v-teste',
      whatsapp_group = case when n % 2 = 0 then 'whatsapp' else 'holdout' end
    from (select id, row_number() over (order by created_at, id) as n from leads) x where x.id = leads.id and x.n % 3 = 0`);
  let k = 0;
  for (const [group, attended, noShow, consultantNoShow] of BUILT) {
    const outcomes = [...Array(attended).fill('attended'), ...Array(noShow).fill('lead_no_show'), ...Array(consultantNoShow).fill('consultant_no_show')];
    for (const attendance of outcomes) {
      k++;
      // Spread over October in Brasília; the first lands on Oct 1st 00:30 (Sep 30th 03:30 UTC is still September there).
      const starts = Date.parse('2026-10-01T03:30:00Z') + (k % 31) * DAY + (k % 7) * 3_600_000;
      const [lead] = await db.query<{ id: string }>(
        `insert into leads (created_at, idempotency_key, nome, email, telefone, empresa, cnpj, cargo, faturamento, vendedores,
           segmento, modelo_negocio, origem, consent_at, privacy_policy_version, servico, whatsapp_opt_in_at, whatsapp_opt_in_version, whatsapp_group)
         values ($1, $2, 'Pessoa WhatsApp', $3, '11987654321', 'Empresa Teste', '11222333000181', 'ceo-proprietario', '0-50', '1-2',
           'ecommerce', 'b2b', 'site', $1, 'v1', 'consultoria', $4::timestamptz, $5, $6) returning id`,
        [new Date(starts - 3 * DAY).toISOString(), `wa-lead-${k}`, `wa.${k}@exemplo.com.br`,
          group === 'none' ? null : new Date(starts - 3 * DAY).toISOString(), group === 'none' ? null : 'v-teste', group === 'none' ? null : group]);
      const [meeting] = await db.query<{ id: string }>(
        `insert into meetings (lead_id, preseller_id, starts_at, ends_at, service, diagnostic_score, idempotency_key, created_at, booked_at, time_set_at)
         values ($1, $2, $3, $4, 'consultoria', 60, $5, $6, $6, $6) returning id`,
        [lead.id, k % 2 ? PRESELLERS.bruno : PRESELLERS.ana, new Date(starts).toISOString(), new Date(starts + 30 * 60_000).toISOString(),
          `wa-meeting-${k}`, new Date(starts - 2 * DAY).toISOString()]);
      // Some outcomes were corrected later: the latest counts (a no-show first, then the real one).
      if (k % 9 === 0) {
        await db.query(`insert into meeting_outcomes (meeting_id, attendance, qualified, recorded_by, recorded_at) values ($1, 'lead_no_show', null, 'x', $2)`,
          [meeting.id, new Date(starts + 3_600_000).toISOString()]);
      }
      await db.query(`insert into meeting_outcomes (meeting_id, attendance, qualified, recorded_by, recorded_at) values ($1, $2, null, 'x', $3)`,
        [meeting.id, attendance, new Date(starts + 2 * 3_600_000).toISOString()]);
    }
  }
  // A meeting just before and one just after October in Brasília, both attended by WhatsApp leads: outside.
  for (const [i, at] of [['before', '2026-10-01T02:59:00Z'], ['after', '2026-11-01T03:00:00Z']] as const) {
    const [lead] = await db.query<{ id: string }>(
      `insert into leads (created_at, idempotency_key, nome, email, telefone, empresa, cnpj, cargo, faturamento, vendedores,
         segmento, modelo_negocio, origem, consent_at, privacy_policy_version, servico, whatsapp_opt_in_at, whatsapp_opt_in_version, whatsapp_group)
       values ('2026-09-20T12:00:00Z', $1, 'Pessoa Borda', $2, '11987654321', 'Empresa Teste', '11222333000181', 'ceo-proprietario', '0-50', '1-2',
         'ecommerce', 'b2b', 'site', '2026-09-20T12:00:00Z', 'v1', 'consultoria', '2026-09-20T12:00:00Z', 'v-teste', 'whatsapp') returning id`,
      [`wa-edge-${i}`, `wa.edge.${i}@exemplo.com.br`]);
    const [meeting] = await db.query<{ id: string }>(
      `insert into meetings (lead_id, preseller_id, starts_at, ends_at, service, diagnostic_score, idempotency_key, created_at, booked_at, time_set_at)
       values ($1, $2, $3, $3::timestamptz + interval '30 minutes', 'consultoria', 60, $4, '2026-09-21T12:00:00Z', '2026-09-21T12:00:00Z', '2026-09-21T12:00:00Z') returning id`,
      [lead.id, PRESELLERS.ana, at, `wa-edge-meeting-${i}`]);
    await db.query(`insert into meeting_outcomes (meeting_id, attendance, qualified, recorded_by, recorded_at) values ($1, 'attended', null, 'x', $2::timestamptz + interval '2 hours')`, [meeting.id, at]);
  }
}

/** The reference: meetings starting in [from, to), their latest outcome read from meeting_outcomes itself. */
async function reference(db: Opened, from: string, to: string, preseller: string | null) {
  const rows = await db.query<{ channel: string | null; attendance: string }>(`
    select l.whatsapp_group as channel, (select o.attendance from meeting_outcomes o where o.meeting_id = m.id
        order by o.recorded_at desc, o.id desc limit 1) as attendance
    from meetings m join leads l on l.id = m.lead_id
    where m.starts_at >= $1 and m.starts_at < $2 and ($3::uuid is null or m.preseller_id = $3::uuid)`, [from, to, preseller]);
  return (['whatsapp', 'holdout', 'none'] as const).map((channel) => {
    const mine = rows.filter((r) => (r.channel ?? 'none') === channel);
    return { channel, attended: mine.filter((r) => r.attendance === 'attended').length, noShow: mine.filter((r) => r.attendance === 'lead_no_show').length };
  });
}

describe.each(storeCases(inject('postgresUrl')))('Números: WhatsApp show rate on $name', (store) => {
  const h = historyHarness(store, () => NOW);
  let ready: Promise<void> | undefined;
  const built = () => (ready ??= buildExperiment(h.opened));

  it('counts each channel as the reference does, and says the difference is larger than chance', async () => {
    await built();
    const view = await h.getJson<WhatsAppShowRateView>(`/api/painel/numeros/whatsapp?${QUERY}`, h.mentor);
    expect(view.period).toEqual({ de: '2026-10-01', ate: '2026-10-31' });
    // This app has no WHATSAPP_* settings: the section shows because the period has opted-in leads' meetings.
    expect(view.configured).toBe(false);
    expect(view.channels).toEqual(await reference(h.opened, OCT.from, OCT.to, null));
    // The built meetings are all in October; the history adds its own October meetings on top.
    const by = new Map(view.channels.map((c) => [c.channel, c]));
    expect(by.get('whatsapp')!.attended).toBeGreaterThanOrEqual(38);
    expect(by.get('holdout')!.noShow).toBeGreaterThanOrEqual(16);
    expect(showRateRows(view).map((r) => r[0])).toEqual(['WhatsApp', 'Grupo de controle', 'Sem opt-in']);
    expect(experimentSentence(view)).toMatch(/^Comparecimento — WhatsApp: \d+,\d %; grupo de controle: \d+,\d %\. A diferença é maior que o acaso \(p [=<] 0,0\d\d; teste de duas proporções, nível de 5 %\)\.$/);
  });

  it('says "ainda poucos dados" over the history alone (September)', async () => {
    await built();
    const view = await h.getJson<WhatsAppShowRateView>('/api/painel/numeros/whatsapp?periodo=personalizado&de=2026-09-01&ate=2026-09-30', h.mentor);
    expect(view.channels).toEqual(await reference(h.opened, '2026-09-01T03:00:00.000Z', OCT.from, null));
    expect(view.channels.reduce((s, c) => s + c.attended + c.noShow, 0)).toBeGreaterThan(0);
    expect(experimentSentence(view)).toMatch(/^Ainda poucos dados para comparar WhatsApp e grupo de controle/);
  });

  it('gives a consultant their own meetings', async () => {
    await built();
    const view = await h.getJson<WhatsAppShowRateView>(`/api/painel/numeros/whatsapp?${QUERY}`, h.ana);
    expect(view.channels).toEqual(await reference(h.opened, OCT.from, OCT.to, PRESELLERS.ana));
    const all = await h.getJson<WhatsAppShowRateView>(`/api/painel/numeros/whatsapp?${QUERY}`, h.mentor);
    expect(view.channels[0].attended).toBeLessThan(all.channels[0].attended);
  });

  it('refuses a period the rules refuse, in pt-BR, and a signed-out call', async () => {
    const res = await h.call('GET', '/api/painel/numeros/whatsapp?periodo=personalizado&de=2026-10-31&ate=2026-10-01', { cookie: h.mentor });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(periodMessages.order);
    expect((await h.call('GET', `/api/painel/numeros/whatsapp?${QUERY}`)).status).toBe(401);
  });
});
