// "Preencheu mas não agendou" end to end at 390 px on the real server and database: a lead saved hours
// ago without a meeting gets the follow-up mail (.eml outbox); its link opens /orcamento, leaves the address
// at once, opens the scheduling dialog for that lead, and books; the booking confirmation shows. The same
// link then answers with the pt-BR message and a way to fill the form again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { site } from './site';
import { createApp } from '../../functions/lib/app';
import { readEnv } from '../../functions/lib/env';
import { queueDueFollowups } from '../../functions/lib/followup/queue';
import { openPostgresStore } from '../../functions/lib/store/postgres';
import { followupMessages } from '../../src/domain/followup';
import { POLICY_VERSION, validLead } from '../support/fixtures';
import { axeViolations } from './support';
import { PHONE, dialog, pickFirstAvailableDay, slotButtons, startHarness, type Harness } from './orcamento.fixtures';
import { recordRequests, to, waitForMails } from './reuniao.fixtures';
import { visitorHeaders } from './painel.fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** What the scheduled function does, run now against the site's database, its .eml going where the site's go. */
async function runFollowups(): Promise<void> {
  const env = readEnv({ DATABASE_URL: site.databaseUrl, DATA_DIR: h.dataDir, SITE_URL: h.url });
  const store = await openPostgresStore(env.database!);
  const app = createApp({ env, store });
  try {
    await queueDueFollowups(app);
    await app.outbox.idle();
  } finally {
    await store.close();
  }
}

describe('follow-up link (/orcamento#agendar=)', () => {
  it('the mailed link opens the dialog for that lead, books, and shows the confirmation; then it is spent', async () => {
    const email = `followup-${Date.now()}@example.com`;
    // Sent as the wizard's fetch sends it from the page (fetch metadata, language): the follow-up goes only
    // to forms a browser sent (functions/lib/followup/signals.ts).
    // From an address of its own: the follow-up's hourly cap per source is this lead's alone.
    const res = await fetch(`${h.url}/api/leads`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', 'accept-language': 'pt-BR,pt;q=0.9', ...visitorHeaders() },
      body: JSON.stringify({ ...validLead, email, service: 'trafego', idempotencyKey: `k-${crypto.randomUUID()}`, privacyPolicyVersion: POLICY_VERSION }),
    });
    expect(res.status).toBe(201);
    const { id: leadId } = (await res.json()) as { id: string };
    // Filled 23 hours ago, inside the follow-up's day (the wizard's service stored, as POST /api/leads does
    // with `service`): the oldest due lead of its tier, first in line. The worker's database also holds the
    // earlier files' unbooked leads, and in a long run the site's own scheduled run has followed them up this
    // hour: their follow-ups leave the hour, so the tiers' hourly budgets are this run's (one loaded run found
    // them spent and held this lead back).
    await h.db.query(
      `update leads set created_at = now() - interval '23 hours', servico = coalesce(servico, 'trafego'), routing_kind = coalesce(routing_kind, 'team') where id = $1`,
      [leadId],
    );
    await h.db.query(`update lead_followups set queued_at = queued_at - interval '1 hour' where queued_at > now() - interval '1 hour'`);
    await runFollowups();
    const [mail, ...more] = await waitForMails(h.dataDir, (m) => to(email)(m) && /#agendar=/.test(m.text));
    expect(more).toEqual([]);
    expect(mail.subject).toBe('Falta só escolher o horário da sua reunião');
    const token = /\/orcamento#agendar=([A-Za-z0-9_-]{43})/.exec(mail.text)![1];
    expect(mail.html).toContain(`/orcamento#agendar=${token}`);

    const context = await h.browser.newContext({ viewport: PHONE, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', reducedMotion: 'reduce' });
    try {
      const page = await context.newPage();
      const requests = recordRequests(page);
      await page.goto(`${h.url}/orcamento#agendar=${token}`);
      // Out of the address before anything reads it; only the JSON body carries it.
      expect(page.url()).toBe(`${h.url}/orcamento`);
      await dialog(page).waitFor();
      expect(page.url()).toBe(`${h.url}/orcamento`);
      const carrying = requests.filter((r) => r.url.includes(token) || Object.values(r.headers).some((v) => v.includes(token)));
      expect(carrying).toEqual([]);
      expect(requests.filter((r) => r.body?.includes(token)).map((r) => new URL(r.url).pathname)).toEqual(['/api/agendar-link']);
      expect(await axeViolations(page)).toEqual([]);

      await pickFirstAvailableDay(page);
      const slot = slotButtons(page).first();
      await slot.click();
      await dialog(page).getByRole('button', { name: 'Confirmar Agendamento' }).click();
      // The wizard's own confirmation, as after the form, above the service choice.
      await page.getByRole('heading', { name: 'Reunião confirmada' }).waitFor();
      await page.getByRole('heading', { name: 'Qual serviço você procura?' }).waitFor();
      await expect.poll(() => dialog(page).count()).toBe(0);
      const { rows } = await h.db.query<{ lead_id: string; service: string }>('select lead_id, service from meetings where lead_id = $1', [leadId]);
      expect(rows).toEqual([{ lead_id: leadId, service: 'trafego' }]);

      // The link is spent: the message, and the service choice to fill the form again.
      await page.goto(`${h.url}/orcamento#agendar=${token}`);
      const notice = page.getByTestId('agendar-link-aviso');
      await notice.waitFor();
      expect(await notice.locator('p').innerText()).toBe(followupMessages.invalidLink);
      expect(page.url()).toBe(`${h.url}/orcamento`);
      await expect.poll(() => dialog(page).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await notice.getByRole('button', { name: followupMessages.fillAgain }).click();
      await expect.poll(() => notice.count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('servicos-titulo');
    } finally {
      await context.close();
    }
  });
});
