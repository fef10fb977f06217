// "Excluir dados" that tells the truth (#32 item 7), at 390 px with the keyboard on the real server: the
// dialog lists every lead of the person (two spellings of one Gmail address) and the upcoming meeting;
// confirming cancels the meeting first (the consultant's CANCEL arrives, parsed) and erases both leads.
// axe clean with the dialog open.
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eraseCopy } from '../../src/domain/painel/copy';
import { axeViolations } from './support';
import { PHONE } from './orcamento.fixtures';
import { bookThroughApi, waitForMails } from './reuniao.fixtures';
import { POLICY_VERSION, validLead } from '../support/fixtures';
import { MENTOR, painelHarness, visitorHeaders } from './painel.fixtures';

const { h } = painelHarness();

describe('/painel "Excluir dados"', () => {
  it('lists what goes, cancels the upcoming meeting with a CANCEL to the consultant, and erases every lead of the person', async () => {
    const stamp = Date.now();
    const email = `erasmo.teste.${stamp}@gmail.com`;
    const booked = await bookThroughApi(h.url, h.dataDir, email);
    // The same person by another spelling, sent last: the list's row (and the e-mail to confirm) is theirs.
    const newest = `erasmoteste${stamp}+orcamento@gmail.com`;
    const second = await fetch(`${h.url}/api/leads`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...validLead, email: newest, idempotencyKey: `k-${crypto.randomUUID()}`, privacyPolicyVersion: POLICY_VERSION }),
    });
    expect(second.status).toBe(201);
    const { rows: [consultant] } = await h.db.query<{ email: string; sequence: number }>(
      'select p.email, m.sequence from meetings m join presellers p on p.id = m.preseller_id where m.id = $1', [booked.meetingId]);

    // The mentor's session, stored as a sign-in stores it: sign-in codes are limited per address and
    // this browser's IP, and the other painel files sign the mentor in already (painel-sign-in tests sign-in).
    const token = randomBytes(24).toString('base64url');
    await h.db.query(
      `insert into painel_sessions (token_hash, email, created_at, last_used_at, expires_at) values ($1, $2, now(), now(), now() + interval '1 hour')`,
      [createHash('sha256').update(token).digest('hex'), MENTOR]);
    const context = await h.browser.newContext({ viewport: PHONE, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', reducedMotion: 'reduce', extraHTTPHeaders: visitorHeaders() });
    const page = await context.newPage();
    try {
      // Set by the page itself (localhost is a secure context): the DevTools protocol refuses a __Host-
      // cookie for an http: URL. The server reads only its value.
      await page.goto(`${h.url}/404`);
      await page.evaluate((t) => void (document.cookie = `__Host-painel=${t}; Path=/; Secure; SameSite=Strict`), token);
      await page.goto(`${h.url}/painel`);
      const nav = page.getByRole('navigation', { name: 'Seções do painel' });
      await nav.getByRole('button', { name: 'Leads' }).click();
      await page.getByLabel('Buscar').fill(email);
      await page.getByRole('button', { name: 'Pesquisar' }).click();
      await expect.poll(() => page.locator('[data-row]:visible').count(), { timeout: 20_000 }).toBe(1);
      await page.locator('[data-row]:visible').click();
      const erase = page.getByRole('button', { name: 'Excluir dados' });
      await erase.focus();
      await page.keyboard.press('Enter');

      await page.getByText(eraseCopy.leadsTitle(2)).waitFor({ timeout: 20_000 });
      const dialog = page.locator('form', { has: page.getByRole('heading', { name: 'Excluir os dados deste lead?' }) });
      expect(await dialog.getByRole('listitem').count()).toBe(3);
      await dialog.getByText(eraseCopy.upcomingTitle(1)).waitFor();
      await expect.poll(() => page.getByLabel('E-mail do lead').evaluate((el) => el === document.activeElement), { timeout: 20_000 }).toBe(true);
      expect(await axeViolations(page), 'erase dialog').toEqual([]);

      // The person's row stands for their newest submission: the dialog asks for that e-mail.
      await page.keyboard.type(newest);
      await page.keyboard.press('Enter');
      await page.getByText(/^Dados excluídos: 2 leads, 1 reunião e \d+ e-mails\. 1 reunião futura cancelada, com aviso ao consultor\.$/).waitFor({ timeout: 20_000 });

      const [cancel] = await waitForMails(h.dataDir, (m) => m.to.toLowerCase().includes(consultant.email.toLowerCase()) && m.ics.some((i) => i.method === 'CANCEL' && i.uid === `${booked.meetingId}@mentor-solar`));
      expect(cancel.ics[0].sequence).toBe(consultant.sequence + 1);
      expect(cancel.text).not.toContain(email);
      const { rows } = await h.db.query<{ n: number }>(`select count(*)::int as n from leads where email_identity(email) = email_identity($1)`, [email]);
      expect(rows[0].n).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
