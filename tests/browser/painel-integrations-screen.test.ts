// Integrações (issue 33 item 6) on the real site at 390 px: RD Station's state, today's counts as the rows
// say, a failure with RD's English error explained in pt-BR and the lead's name linking to the lead, the
// setup steps on screen, "Reenviar todos com falha" with the keyboard (announced), the follow-up mail's card
// (its counts and budgets); axe clean in each state.
import { describe, expect, it } from 'vitest';
import { followupHealthCopy } from '../../src/domain/painel/followup-health';
import { integrationsScreen as copy } from '../../src/domain/painel/integrations';
import { axeViolations } from './support';
import { painelHarness, section } from './painel.fixtures';
import { bookThroughApi } from './reuniao.fixtures';

const NAME = 'Otávio Integra';
const RD_ENGLISH = 'HTTP 400: INVALID_OPTION The field cf_cnpj does not exist (payload.cf_cnpj)';

const { h, mentor } = painelHarness();

const count = async (sql: string) => Number((await h.db.query<{ n: string }>(sql)).rows[0].n);

describe('/painel: Integrações', () => {
  it('shows each target with its counts, the latest failure by lead with a pt-BR explanation, and resends all failed (390 px)', async () => {
    const { meetingId } = await bookThroughApi(h.url, h.dataDir, `otavio.${Date.now()}@integra.com.br`, { nomeCompleto: NAME });
    const leadId = (await h.db.query<{ lead_id: string }>('select lead_id from meetings where id = $1', [meetingId])).rows[0].lead_id;
    await h.db.query(`insert into outbox (kind, message, lead_id, event, once_key, attempts, failed_at, last_status, last_error)
      values ('rd', '{}'::jsonb, $1::uuid, 'orcamento-site', 'rd:orcamento-site:' || $1, 1, now() + interval '1 minute', 400, $2)
      on conflict (once_key) where once_key is not null do update set sent_at = null, failed_at = excluded.failed_at, last_status = 400, last_error = excluded.last_error`, [leadId, RD_ENGLISH]);
    // Given up, or tried and waiting for another attempt: both are failures.
    const failed = await count(`select count(*) as n from outbox where kind = 'rd' and sent_at is null and (failed_at is not null or attempts > 0)`);
    const page = await mentor.page();
    try {
      await section(page, 'Integrações').click();
      await page.getByRole('heading', { name: copy.title, exact: true }).waitFor();
      expect(page.url()).toMatch(/#integracoes$/);
      const rd = page.getByRole('region', { name: 'RD Station' });
      await rd.getByText(copy.failuresTitle).waitFor();
      expect(await rd.locator('dt', { hasText: copy.counts.failing }).locator('xpath=../dd').innerText()).toBe(String(failed));
      const failure = rd.getByRole('listitem').filter({ hasText: NAME });
      await failure.getByText('O RD respondeu em inglês: um campo enviado não existe na sua conta do RD', { exact: false }).waitFor();
      await failure.getByText(RD_ENGLISH).waitFor();
      // The steps are on the screen (no "veja o README").
      // Open by default while the target is not configured; opened here otherwise.
      const setup = rd.locator('details');
      if ((await setup.getAttribute('open')) === null) await setup.locator('summary').click();
      await rd.getByText(copy.setup.rd[2]).waitFor();
      expect(await page.getByText('README').count()).toBe(0);
      // The follow-up's card, loaded on its own: its counts and each budget's use (axe below covers it too).
      const followup = page.getByRole('region', { name: followupHealthCopy.title });
      await followup.locator('dt', { hasText: followupHealthCopy.counts.waiting }).waitFor();
      await followup.getByText(followupHealthCopy.tiers.plausible).waitFor();
      expect(await axeViolations(page), 'integrations').toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // The lead's name opens the lead.
      await failure.getByRole('link', { name: NAME }).click();
      await page.getByRole('heading', { name: NAME }).first().waitFor();
      expect(page.url()).toContain(`#lead=${leadId}`);
      await page.goBack();
      await rd.waitFor();

      // Keyboard: "Reenviar todos com falha".
      await rd.getByRole('button', { name: copy.resendAll }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: /envios? com falha (voltou|voltaram) para a fila\./ }).waitFor();
      await expect.poll(() => rd.locator('dt', { hasText: copy.counts.failing }).locator('xpath=../dd').innerText()).toBe('0');
      expect(await axeViolations(page), 'resent').toEqual([]);
    } finally {
      await page.close();
    }
  });
});
