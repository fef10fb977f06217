// WhatsApp at 390 px on the real server and database, with the WHATSAPP_* settings on and the Graph API a
// local fake (tests/support/whatsapp-fake.ts, which enforces Meta's request shape):
// - the form: the opt-in box appears only for a mobile number; the booking's confirmation says the WhatsApp
//   is on its way; the fake receives the confirmation template; Meta's signed "delivered" status arrives at
//   /api/whatsapp/webhook; the painel's meeting shows "WhatsApp: entregue";
// - Números shows last month's show rate by channel (WhatsApp, grupo de controle, sem opt-in) as the rows
//   say, with the two-proportion test's sentence, on a built history; Integrações' WhatsApp card says
//   "Configurado", counts today's messages and explains a failure in pt-BR.
// axe clean in each new state; nothing wider than the phone.
import { afterAll, describe, expect, it } from 'vitest';
import { signatureOf } from '../../functions/lib/whatsapp/webhook';
import { whatsappTemplates } from '../../functions/lib/whatsapp/templates';
import { paramsOf, WHATSAPP_ON_ITS_WAY, WHATSAPP_OPT_IN_TEXT } from '../../src/domain/whatsapp';
import { startFakeGraph } from '../support/whatsapp-fake';
import { dialog, field, fillWholeForm, PHONE, pickFirstAvailableDay, sampleLead, slotButtons } from './orcamento.fixtures';
import type { Page } from 'playwright-core';
import { experimentSentence, type ChannelShowRate } from '../../src/domain/painel/whatsapp-experiment';
import { whatsappHealthCopy } from '../../src/domain/painel/whatsapp-health';
import { whatsappErrorWords } from '../../src/domain/whatsapp-errors';
import { axeViolations, newPage } from './support';
import { painelHarness, section } from './painel.fixtures';

const WA = { phoneNumberId: '109876543210987', token: 'EAAG-browser-token-nunca-na-tela-123456', appSecret: 'segredo-do-app-browser', version: 'v24.0' };
const graph = await startFakeGraph({
  token: WA.token, phoneNumberId: WA.phoneNumberId, version: WA.version,
  templates: Object.values((await whatsappTemplates()).modelos).map((t) => ({ name: t.nome, params: paramsOf(t.texto) })),
});
const WA_ENV = {
  WHATSAPP_PHONE_NUMBER_ID: WA.phoneNumberId, WHATSAPP_TOKEN: WA.token, WHATSAPP_APP_SECRET: WA.appSecret,
  WHATSAPP_VERIFY_TOKEN: 'verificacao-browser', WHATSAPP_API_VERSION: WA.version, WHATSAPP_API_URL: graph.url,
  // Every opted-in lead of this file gets WhatsApp (the holdout is the built history's).
  WHATSAPP_HOLDOUT_PERCENT: '0',
};
const { h, mentor } = painelHarness({ env: WA_ENV });
afterAll(() => graph.close());

/** Meta's status webhook for one message, signed with the app secret over exactly these bytes. */
async function metaStatus(wamid: string, status: string): Promise<Response> {
  const raw = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: 'WABA', changes: [{ field: 'messages', value: {
      messaging_product: 'whatsapp', metadata: { display_phone_number: '15550000000', phone_number_id: WA.phoneNumberId },
      statuses: [{ id: wamid, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: 'BR.bsuid' }],
    } }] }],
  });
  return fetch(`${h.url}/api/whatsapp/webhook`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signatureOf(WA.appSecret, Buffer.from(raw)) }, body: raw,
  });
}

const fitsPhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const screenTable = (page: Page, id: string) => page.locator(`#${id}`).evaluate((table) =>
  [...table.querySelectorAll('tr')].map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent ?? '')));

const LAST_MONTH = `((date_trunc('month', now() at time zone 'America/Sao_Paulo') - interval '20 days') at time zone 'America/Sao_Paulo')`;

/**
 * A 5-minute meeting last month (Brasília) in the consultant's first free slot from `slot` on: the database
 * is the worker's, shared with other files and earlier runs (two scheduled meetings never overlap).
 */
let slot = 0;
async function pastSlot(leadId: string, consultantId: string, key: string): Promise<string> {
  for (let tries = 0; tries < 2000; tries++, slot++) {
    try {
      const { rows: [meeting] } = await h.db.query<{ id: string }>(
        `insert into meetings (lead_id, preseller_id, starts_at, ends_at, service, diagnostic_score, idempotency_key, booked_at, created_at, time_set_at)
         values ($1, $2, ${LAST_MONTH} + interval '4 days' + $4 * interval '5 minutes', ${LAST_MONTH} + interval '4 days 5 minutes' + $4 * interval '5 minutes',
           'trafego', 50, $3, ${LAST_MONTH} + interval '1 hour', ${LAST_MONTH}, ${LAST_MONTH}) returning id`,
        [leadId, consultantId, key, slot]);
      slot++;
      return meeting.id;
    } catch (error) {
      if ((error as { code?: string }).code !== '23P01') throw error;
    }
  }
  throw new Error('no free slot last month');
}

/** Last month's meetings by group: WhatsApp leads show up far more often than the control group. */
async function history(stamp: number): Promise<{ meetingId: string; leadName: string }> {
  const { rows: [consultant] } = await h.db.query<{ id: string }>('select id from presellers where active order by created_at limit 1');
  const plan: [string | null, number, number][] = [['whatsapp', 40, 6], ['holdout', 18, 17], [null, 9, 6]];
  let k = 0;
  let first = '';
  for (const [group, attended, noShow] of plan) {
    for (const attendance of [...Array(attended).fill('attended'), ...Array(noShow).fill('lead_no_show')]) {
      k++;
      const { rows: [lead] } = await h.db.query<{ id: string }>(
        `insert into leads (created_at, idempotency_key, nome, email, telefone, empresa, cnpj, cargo, faturamento, vendedores,
           segmento, modelo_negocio, origem, consent_at, privacy_policy_version, servico, routing_kind,
           whatsapp_opt_in_at, whatsapp_opt_in_version, whatsapp_group)
         values (${LAST_MONTH}, $1, $2, $3, '11987654321', 'Empresa WhatsApp', '11222333000181', 'ceo-proprietario', '100-500', '1-2',
           'energia-solar', 'b2b', 'site', now(), 'v1', 'trafego', 'team',
           case when $4::text is null then null else ${LAST_MONTH} end, case when $4::text is null then null else 'v-teste' end, $4::text) returning id`,
        [`wa-browser-${stamp}-${k}`, `Lead WhatsApp ${k}`, `wa.browser.${stamp}.${k}@exemplo.com.br`, group]);
      const meeting = { id: await pastSlot(lead.id, consultant.id, `wa-browser-m-${stamp}-${k}`) };
      await h.db.query(`insert into meeting_outcomes (meeting_id, attendance, qualified, recorded_by) values ($1, $2, null, 'contato@mentorsolar.com.br')`, [meeting.id, attendance]);
      if (k === 1) {
        first = meeting.id;
        // Its messages: the confirmation delivered, the 24 h reminder failed (no WhatsApp) and went by e-mail.
        await h.db.query(`insert into whatsapp_messages (lead_id, meeting_id, kind, status, status_at, created_at) values ($1, $2, 'confirmacao', 'entregue', now(), now() - interval '2 minutes')`, [lead.id, meeting.id]);
        await h.db.query(`insert into whatsapp_messages (lead_id, meeting_id, kind, status, status_at, error_code, error_title, created_at)
          values ($1, $2, 'lembrete_24h', 'substituido_por_email', now(), 131026, 'Message undeliverable', now() - interval '1 minute')`, [lead.id, meeting.id]);
      }
    }
  }
  return { meetingId: first, leadName: 'Lead WhatsApp 1' };
}

/** The reference: last month's meetings (Brasília) with a lead outcome, by group, straight from the tables. */
async function reference(): Promise<ChannelShowRate[]> {
  const { rows } = await h.db.query<{ channel: string; attended: string; no_show: string }>(`
    with latest as (select distinct on (meeting_id) meeting_id, attendance from meeting_outcomes order by meeting_id, recorded_at desc, id desc)
    select coalesce(l.whatsapp_group, 'none') as channel, count(*) filter (where o.attendance = 'attended') as attended,
      count(*) filter (where o.attendance = 'lead_no_show') as no_show
    from meetings m join latest o on o.meeting_id = m.id join leads l on l.id = m.lead_id
    where (m.starts_at at time zone 'America/Sao_Paulo') >= date_trunc('month', now() at time zone 'America/Sao_Paulo') - interval '1 month'
      and (m.starts_at at time zone 'America/Sao_Paulo') < date_trunc('month', now() at time zone 'America/Sao_Paulo')
    group by 1`);
  return (['whatsapp', 'holdout', 'none'] as const).map((channel) => {
    const r = rows.find((x) => x.channel === channel);
    return { channel, attended: Number(r?.attended ?? 0), noShow: Number(r?.no_show ?? 0) };
  });
}

describe('/orcamento → /painel: WhatsApp', () => {
  it('offers the box only for a mobile, says the WhatsApp is on its way, and the meeting shows "WhatsApp: entregue" (390 px)', async () => {
    const lead = sampleLead({ email: `whatsapp.${Date.now()}@exemplo.com.br`, nomeCompleto: 'Wanda WhatsApp', telefone: '1133221100' });
    const { context, page } = await newPage(h.browser, PHONE);
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    const box = page.getByRole('checkbox', { name: WHATSAPP_OPT_IN_TEXT });
    try {
      await fillWholeForm(page, h.url, 'Consultoria', lead, async () => {
        // A landline: no box. A mobile: the box, unticked.
        await field(page, 'telefone').blur();
        expect(await box.count()).toBe(0);
        await field(page, 'telefone').fill('');
        await field(page, 'telefone').pressSequentially('11987654321');
        await box.waitFor();
        expect(await box.isChecked()).toBe(false);
        expect(await axeViolations(page), 'o formulário com a caixa do WhatsApp').toEqual([]);
        expect(await fitsPhone(page)).toBe(true);
        // Ticked with the keyboard.
        await box.focus();
        await page.keyboard.press('Space');
        expect(await box.isChecked()).toBe(true);
      });
      await page.getByRole('button', { name: 'Finalizar e Agendar' }).click();
      await dialog(page).waitFor();
      await pickFirstAvailableDay(page);
      await slotButtons(page).first().click();
      await dialog(page).getByRole('button', { name: 'Confirmar Agendamento' }).click();
      await page.getByText(WHATSAPP_ON_ITS_WAY).waitFor();
      expect(await axeViolations(page), 'a confirmação do agendamento').toEqual([]);
      expect(await fitsPhone(page)).toBe(true);

      const { rows: [meeting] } = await h.db.query<{ id: string }>(
        `select m.id from meetings m join leads l on l.id = m.lead_id where l.email = $1`, [lead.email]);
      // The confirmation template reaches the fake (the site's WhatsApp loop sends it), with the lead's name.
      await expect.poll(() => graph.sent.filter((m) => m.to === '5511987654321' && m.params.nome === 'Wanda').length, { timeout: 90_000 }).toBe(1);
      const sent = graph.sent.find((m) => m.to === '5511987654321' && m.params.nome === 'Wanda')!;
      expect(sent.name).toBe('reuniao_confirmada');
      // Meta: sent, then delivered (signed, as Meta signs).
      expect((await metaStatus(sent.wamid, 'sent')).status).toBe(200);
      expect((await metaStatus(sent.wamid, 'delivered')).status).toBe(200);

      const painel = await mentor.page();
      try {
        await painel.goto(`${h.url}/painel#reuniao=${meeting.id}`);
        await painel.getByText('Confirmação · WhatsApp: entregue').waitFor();
        expect(await axeViolations(painel), 'reunião com WhatsApp entregue').toEqual([]);
        expect(await fitsPhone(painel)).toBe(true);
      } finally {
        await painel.close();
      }
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('/painel: WhatsApp', () => {
  it('Números shows last month’s show rate by channel and the test’s sentence; Integrações’ card; the meeting’s messages (390 px)', async () => {
    const { meetingId, leadName } = await history(Date.now());
    const page = await mentor.page();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    try {
      await section(page, 'Números').click();
      await page.getByRole('heading', { level: 2, name: 'Números' }).waitFor();
      await page.getByRole('radio', { name: 'Mês passado' }).check();
      await expect.poll(() => page.evaluate(() => location.hash)).toContain('periodo=mes-passado');
      const channels = await reference();
      const rate = (c: ChannelShowRate) => `${((c.attended / (c.attended + c.noShow)) * 100).toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
      const expected = [
        ['Canal', 'Reuniões com resultado', 'Compareceu', 'Faltou', 'Comparecimento'],
        ...channels.map((c, i) => [['WhatsApp', 'Grupo de controle', 'Sem opt-in'][i], String(c.attended + c.noShow), String(c.attended), String(c.noShow), rate(c)]),
      ];
      await expect.poll(() => screenTable(page, 'numeros-whatsapp').catch(() => null)).toEqual(expected);
      const region = page.getByRole('region', { name: 'Comparecimento por canal (WhatsApp)' });
      const sentence = experimentSentence({ period: { de: '', ate: '' }, configured: true, channels });
      expect(sentence).toMatch(/A diferença é maior que o acaso \(p [=<] 0,0\d\d/);
      await region.getByText(sentence, { exact: true }).waitFor();
      expect(await axeViolations(page), 'números: comparecimento por canal').toEqual([]);
      expect(await fitsPhone(page)).toBe(true);

      // Integrações: configured (never a value), today's counts, the failure explained in pt-BR.
      await section(page, 'Integrações').click();
      const card = page.getByRole('region', { name: whatsappHealthCopy.title });
      await card.getByText(whatsappHealthCopy.setup.on, { exact: true }).waitFor();
      const failure = card.getByRole('listitem').filter({ hasText: leadName });
      await failure.first().getByText(whatsappErrorWords[131026]).waitFor();
      expect(Number(await card.locator('dt', { hasText: /^entregue$/ }).locator('xpath=../dd').innerText())).toBeGreaterThanOrEqual(1);
      expect(await page.content()).not.toContain(WA.token);
      expect(await page.content()).not.toContain(WA.appSecret);
      expect(await axeViolations(page), 'integrações: whatsapp').toEqual([]);
      expect(await fitsPhone(page)).toBe(true);

      // The meeting's history: each message with its last status.
      await page.goto(`${h.url}/painel#reuniao=${meetingId}`);
      await page.getByText('Confirmação · WhatsApp: entregue').waitFor();
      await page.getByText('Lembrete 24 h antes · WhatsApp: falhou, enviado por e-mail').waitFor();
      expect(await axeViolations(page), 'reunião: histórico com WhatsApp').toEqual([]);
      expect(await fitsPhone(page)).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
