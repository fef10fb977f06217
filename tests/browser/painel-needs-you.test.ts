// The walk's morning on the real site at 390 px: 334 meetings over without an outcome, the webhook paused
// by a 410 with 10 events queued, RD Station failing with 500 for 25 minutes, a deactivated consultant with
// 4 meetings to come, a time off over a meeting. Each is a line of "Precisa de você" at the top of Hoje that
// opens its exact list (keyboard too); axe finds nothing; after each is fixed (outcomes recorded, the webhook
// resumed from its card, RD answering again, the consultant back, the time off gone) the block is gone.
import { afterAll, describe, expect, it } from 'vitest';
import { needsYouCopy } from '../../src/domain/painel/needs-you';
import { axeViolations } from './support';
import { painelHarness, section } from './painel.fixtures';
import { bookThroughApi } from './reuniao.fixtures';

const { h, mentor } = painelHarness();

const PAST = 334;
const INACTIVE = 'Irene Inativa';
const OFF = 'Fábio Folga';
type Row = Record<string, unknown>;

describe('/painel: Precisa de você', () => {
  const ids = { inactive: '', off: '', past: '', lead: '' };
  let targetsBefore: Row[] = [];

  afterAll(async () => {
    // The shared database as it was: these consultants, their meetings and the queued events gone, each
    // target's state restored.
    await h.db.query(`delete from outbox where once_key like 'needs-you:%'`);
    await h.db.query(`delete from meetings where preseller_id = any($1::uuid[])`, [[ids.inactive, ids.off, ids.past].filter(Boolean)]);
    await h.db.query(`delete from preseller_time_off where preseller_id = any($1::uuid[])`, [[ids.off].filter(Boolean)]);
    await h.db.query(`delete from presellers where id = any($1::uuid[])`, [[ids.inactive, ids.off, ids.past].filter(Boolean)]);
    for (const t of targetsBefore) {
      await h.db.query(`update integration_targets set enabled = $2, paused_at = $3, paused_status = $4, last_sent_at = $5, failing_since = $6,
        last_failure_at = $7, last_failure_status = $8, last_failure_error = $9 where target = $1`,
      [t.target, t.enabled, t.paused_at, t.paused_status, t.last_sent_at, t.failing_since, t.last_failure_at, t.last_failure_status, t.last_failure_error]);
    }
  });

  it('shows each problem of the morning as a line opening its list, and is gone once each is fixed (390 px)', async () => {
    const { meetingId } = await bookThroughApi(h.url, h.dataDir, `needs.${Date.now()}@precisa.com.br`, { nomeCompleto: 'Lia Lead' });
    ids.lead = (await h.db.query<{ lead_id: string }>('select lead_id from meetings where id = $1', [meetingId])).rows[0].lead_id;
    const consultant = async (name: string, active: boolean) => (await h.db.query<{ id: string }>(
      `insert into presellers (name, email, active) values ($1, $2, $3) returning id`, [name, `${crypto.randomUUID()}@precisa.example.com`, active])).rows[0].id;
    ids.past = await consultant('Paulo Passado', true);
    ids.inactive = await consultant(INACTIVE, false);
    ids.off = await consultant(OFF, true);
    const meetings = (preseller: string, n: number, first: string, step: string, key: string) => h.db.query(
      `insert into meetings (lead_id, preseller_id, starts_at, ends_at, service, diagnostic_score, idempotency_key, booked_at)
       select $1, $2, ${first} + (i * interval '${step}'), ${first} + (i * interval '${step}') + interval '30 minutes', 'consultoria', 70, $3 || i, now() - interval '10 days'
       from generate_series(0, $4 - 1) i`, [ids.lead, preseller, key, n]);
    // 334 over without an outcome (one an hour, ending before now), 4 of the deactivated one's in the next days,
    // one of the other's under his time off.
    await meetings(ids.past, PAST, `date_trunc('hour', now()) - interval '${PAST + 2} hours'`, '1 hour', 'needs-you-past-');
    await meetings(ids.inactive, 4, `date_trunc('hour', now()) + interval '1 day'`, '1 day', 'needs-you-inactive-');
    await meetings(ids.off, 1, `date_trunc('hour', now()) + interval '2 days'`, '1 hour', 'needs-you-off-');
    await h.db.query(`insert into preseller_time_off (preseller_id, starts_at, ends_at, reason)
      values ($1, date_trunc('hour', now()) + interval '2 days' - interval '2 hours', date_trunc('hour', now()) + interval '2 days' + interval '6 hours', 'Folga')`, [ids.off]);
    // The webhook paused by a 410 with 10 events waiting; RD failing with 500 for 25 minutes, 6 waiting for their retry.
    targetsBefore = (await h.db.query<Row>(`select * from integration_targets`)).rows;
    await h.db.query(`insert into outbox (kind, message, lead_id, event, once_key, attempts, next_attempt_at, last_status, last_error)
      select 'webhook', '{}'::jsonb, $1, 'lead.created', 'needs-you:webhook:' || i, 0, now(), null, null from generate_series(1, 10) i`, [ids.lead]);
    await h.db.query(`insert into outbox (kind, message, lead_id, event, once_key, attempts, next_attempt_at, last_status, last_error)
      select 'rd', '{}'::jsonb, $1, 'orcamento-site', 'needs-you:rd:' || i, 3, now() + interval '7 minutes', 500, 'HTTP 500' from generate_series(1, 6) i`, [ids.lead]);
    await h.db.query(`update integration_targets set enabled = true, seen_at = now(), paused_at = now() - interval '30 minutes', paused_status = 410,
      failing_since = now() - interval '30 minutes', last_failure_at = now() - interval '30 minutes', last_failure_status = 410 where target = 'webhook'`);
    await h.db.query(`update integration_targets set enabled = true, seen_at = now(), paused_at = null, paused_status = null, last_sent_at = now() - interval '2 hours',
      failing_since = now() - interval '25 minutes', last_failure_at = now() - interval '1 minute', last_failure_status = 500, last_failure_error = 'HTTP 500' where target = 'rd'`);
    const pending = async () => Number((await h.db.query<{ n: string }>(`select count(*) as n from meetings m where m.status = 'scheduled' and m.ends_at <= now()
      and m.id not in (select o.meeting_id from meeting_outcomes o)`)).rows[0].n);
    const pendingNow = await pending();
    expect(pendingNow).toBeGreaterThanOrEqual(PAST);

    const page = await mentor.page();
    try {
      await section(page, 'Hoje').click();
      const block = page.getByRole('region', { name: needsYouCopy.title });
      await block.waitFor();
      const line = (text: RegExp) => block.getByRole('link', { name: text });
      const lines = {
        pending: line(new RegExp(`^${pendingNow} reuniões sem desfecho · a mais antiga de \\d\\d/\\d\\d às \\d\\d:\\d\\d$`)),
        webhook: line(/^Webhook: Pausado desde (\d\d\/\d\d )?\d\d:\d\d · HTTP 410 · 10 envios na fila$/),
        rd: line(/^RD Station: Tentando de novo \(6\) · HTTP 500 há 25 min · próxima tentativa (\d\d\/\d\d )?\d\d:\d\d$/),
        inactive: line(new RegExp(`^Consultor desativado: ${INACTIVE} ainda tem 4 reuniões marcadas \\(a primeira \\d\\d/\\d\\d às \\d\\d:\\d\\d\\)$`)),
        off: line(new RegExp(`^Folga: ${OFF} tem 1 reunião nesse período`)),
      };
      for (const l of Object.values(lines)) await l.waitFor();
      // First on the screen: above the day's figures.
      const top = await block.boundingBox();
      const figures = await page.getByRole('region', { name: /^Ontem/ }).boundingBox();
      expect(top!.y).toBeLessThan(figures!.y);
      expect(await axeViolations(page), 'Precisa de você').toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      const tab = (name: RegExp) => page.getByRole('tab', { name });
      const total = async (name: string) => Number(/\((\d+)\)$/.exec(await tab(new RegExp(`^${name} \\(`)).innerText())![1]);

      // Every number of Hoje is a link to its exact filter: "Agendadas" by the booking's date (its total is
      // every tab's but "Sem desfecho", a part of "Passadas"), "Realizadas" and "Não compareceu" by outcome.
      const booked = page.getByRole('link', { name: /^Agendadas \(hoje\): \d+$/ });
      const bookedToday = Number(/(\d+)$/.exec((await booked.getAttribute('aria-label'))!)![1]);
      expect(bookedToday).toBeGreaterThanOrEqual(1);
      expect(await page.getByRole('link', { name: /^Realizadas \(ontem\): \d+$/ }).getAttribute('href')).toMatch(/^#reunioes&aba=passadas&desfecho=compareceu&de=[\d-]+&ate=[\d-]+$/);
      expect(await page.getByRole('link', { name: /^Não compareceu \(ontem\): \d+$/ }).getAttribute('href')).toMatch(/desfecho=nao-compareceu/);
      // One booking reads in the singular.
      expect(await page.getByText(/\b1 (agendadas|realizadas|marcadas)\b/).count()).toBe(0);
      await booked.click();
      await expect.poll(async () => (await total('Próximas')) + (await total('Canceladas')) + (await total('Passadas'))).toBe(bookedToday);
      expect(page.url()).toMatch(/#reunioes&data=agendamento&de=[\d-]+&ate=[\d-]+$/);
      await page.goBack();

      // Each line opens its exact list. The tab totals are the list's own count under its filters.
      // Keyboard: the first line, focused and followed with Enter.
      await lines.pending.focus();
      await page.keyboard.press('Enter');
      await tab(new RegExp(`^Sem desfecho \\(${pendingNow}\\)$`)).waitFor();
      expect(await tab(/^Sem desfecho/).getAttribute('aria-selected')).toBe('true');
      expect(page.url()).toMatch(/#reunioes&aba=sem-desfecho$/);
      await page.goBack();
      await lines.inactive.click();
      await tab(/^Próximas \(4\)$/).waitFor();
      expect(page.url()).toContain(`consultor=${ids.inactive}`);
      await page.goBack();
      await lines.off.click();
      await tab(/^Próximas \(1\)$/).waitFor();
      expect(page.url()).toContain(`consultor=${ids.off}`);
      await page.goBack();
      await lines.rd.click();
      const rd = page.getByRole('region', { name: 'RD Station' });
      await rd.getByText(/^Tentando de novo \(6\) · HTTP 500 há 25 min · próxima tentativa (\d\d\/\d\d )?\d\d:\d\d$/).waitFor();
      expect(page.url()).toMatch(/#integracoes$/);
      // The webhook's card says what is queued, and its button says what it did.
      const webhook = page.getByRole('region', { name: 'Webhook' });
      await webhook.getByText(/^Pausado desde (\d\d\/\d\d )?\d\d:\d\d · HTTP 410 · 10 envios na fila$/).waitFor();
      await webhook.getByRole('button', { name: 'Reenviar todos com falha' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: 'Webhook retomado: 10 envios na fila.' }).waitFor();
      expect(await axeViolations(page), 'integrations').toEqual([]);

      // The rest fixed: every outcome recorded, RD answering again, the consultant back, the time off gone.
      await h.db.query(`insert into meeting_outcomes (meeting_id, attendance, qualified, recorded_by)
        select m.id, 'attended', false, 'needs-you test' from meetings m where m.status = 'scheduled' and m.ends_at <= now()
          and m.id not in (select o.meeting_id from meeting_outcomes o)`);
      await h.db.query(`update outbox set sent_at = now() where once_key like 'needs-you:rd:%'`);
      await h.db.query(`update integration_targets set failing_since = null, last_sent_at = now() where target in ('rd', 'webhook')`);
      await h.db.query(`update presellers set active = true where id = $1`, [ids.inactive]);
      await h.db.query(`delete from preseller_time_off where preseller_id = $1`, [ids.off]);
      await section(page, 'Hoje').click();
      await page.getByRole('region', { name: /^Ontem/ }).waitFor();
      await expect.poll(() => block.count()).toBe(0);
    } finally {
      await page.close();
    }
  });
});
