// Sign-in that does not fight the user (#32 item 8), at 390 px on the real server: asking codes again
// leaves the first one good; the refusal names the time to try again; the "sent" note is gone while an
// error shows; the code field stays, and the first code still opens the painel. axe clean when refused.
// The painel's one form building block (src/islands/painel/form/), as the sign-in uses it: a refused submit
// focuses the first invalid field; the button is busy and disabled while its request is on its way, a
// second Enter sends nothing; a failure is an alert that takes the focus.
import { afterAll, describe, expect, it } from 'vitest';
import { CODES_PER_ADDRESS_AND_IP_PER_HOUR } from '../../functions/lib/painel/auth';
import { painelPaths } from '../../src/domain/painel/api';
import { codeMail, painelMessages } from '../../src/domain/painel/copy';
import { wallClock } from '../../src/lib/meeting-time';
import { axeViolations } from './support';
import { PHONE } from './orcamento.fixtures';
import { outbox, to, waitForMails } from './reuniao.fixtures';
import { networkError } from '../../src/islands/painel/api';
import { painelHarness, visitorHeaders } from './painel.fixtures';

const { h } = painelHarness();
// The consultants this file adds for their own addresses leave the team again: active, each would take
// bookings of the files after this one on the worker's site.
const added: string[] = [];
afterAll(async () => {
  await h.db.query('update presellers set active = false where email = any($1::text[])', [added]);
});

describe('/painel sign-in', () => {
  it('keeps the first code good through later requests, names the time to try again, and hides the sent note on error', async () => {
    // A consultant of its own: no other file asks codes for this address.
    const email = `dora.${Date.now()}@consultores.example.com`;
    added.push(email);
    await h.db.query(`select consultant_admin('add', jsonb_build_object('name', 'Dora Lima', 'email', $1::text))`, [email]);
    const isCode = (m: Awaited<ReturnType<typeof outbox>>[number]) => to(email)(m) && m.subject === codeMail.subject;
    const context = await h.browser.newContext({ viewport: PHONE, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', reducedMotion: 'reduce', extraHTTPHeaders: visitorHeaders() });
    const page = await context.newPage();
    try {
      await page.goto(`${h.url}/painel`);
      await page.getByLabel('E-mail').fill(email);
      const ask = page.getByRole('button', { name: 'Receber código' });
      // The first request happened between these two instants (however long a loaded machine takes).
      const askedFrom = Date.now();
      await ask.click();
      const note = page.getByText(painelMessages.codeSent);
      await note.waitFor();
      const first = /é: ([A-Z0-9]{8})/.exec((await waitForMails(h.dataDir, isCode, 1))[0].text)![1];
      const askedBy = Date.now();

      // The rest of the hour's requests for this address from this browser, then one more. While the first
      // code is live and minutes old, they mail nothing new (the mailbox is not filled with codes).
      for (let i = 1; i < CODES_PER_ADDRESS_AND_IP_PER_HOUR; i++) {
        const answered = page.waitForResponse((r) => r.url().endsWith('/api/painel/codigo'));
        await ask.click();
        expect((await answered).status()).toBe(202);
        await expect.poll(() => ask.isEnabled(), { timeout: 20_000 }).toBe(true);
      }
      const { rows: [mails] } = await h.db.query<{ n: number }>("select count(*)::int as n from outbox where kind = 'painel-code' and lower(message->>'to') = $1", [email]);
      expect(mails.n).toBe(1);
      await ask.click();
      const refusal = page.getByRole('alert');
      await refusal.waitFor({ timeout: 20_000 });
      const text = (await refusal.textContent())!;
      const time = /^Muitos pedidos de código\. Tente de novo às (\d\d:\d\d)\.$/.exec(text)?.[1];
      // The hour after the first request, in Brasília, rounded up to the minute: a minute from the hour after
      // askedFrom to the one after askedBy, rounded up.
      const expected: string[] = [];
      for (let at = askedFrom + 3600_000; at < askedBy + 3600_000 + 120_000; at += 60_000) expected.push(wallClock(new Date(at)).time);
      expect(expected).toContain(time);
      // The alert takes the focus; the sent note is gone; the code field stays.
      expect(await refusal.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await note.count()).toBe(0);
      await page.getByLabel('Código').waitFor();
      expect(await axeViolations(page), 'refused').toEqual([]);

      // The first code, asked five requests ago, still opens the painel.
      await page.getByLabel('Código').fill(first);
      await page.getByRole('button', { name: 'Entrar', exact: true }).click();
      await page.getByRole('navigation', { name: 'Seções do painel' }).waitFor({ timeout: 20_000 });
    } finally {
      await context.close();
    }
  });

  it('the form building block: the first invalid field takes the focus; the button is busy while sending; a failure is a focused alert', async () => {
    const context = await h.browser.newContext({ viewport: PHONE, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', reducedMotion: 'reduce', extraHTTPHeaders: visitorHeaders() });
    const page = await context.newPage();
    try {
      await page.goto(`${h.url}/painel`);
      const field = page.getByLabel('E-mail');
      const ask = page.getByRole('button', { name: 'Receber código' });
      // Refused before any request: the error is tied to the field, and the field has the focus.
      await field.fill('sem-arroba');
      await ask.click();
      await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator('#painel-email-erro').innerText()).toBe(painelMessages.email);
      expect(await field.getAttribute('aria-describedby')).toContain('painel-email-erro');

      // A request held on its way: the button says so, is busy and disabled; Enter again sends nothing.
      let requests = 0;
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**${painelPaths.code}`, async (route) => {
        requests += 1;
        await held;
        // The connection drops: the form answers with its network sentence.
        await route.abort('connectionreset');
      });
      await field.fill(`busy.${Date.now()}@consultores.example.com`);
      await field.press('Enter');
      const busy = page.getByRole('button', { name: 'Enviando…' });
      await busy.waitFor();
      expect(await busy.getAttribute('aria-busy')).toBe('true');
      expect(await busy.isDisabled()).toBe(true);
      await field.press('Enter');
      await expect.poll(() => requests).toBe(1);
      // The error of before went with the valid address.
      expect(await field.getAttribute('aria-invalid')).toBeNull();
      release();

      const alert = page.getByRole('alert').filter({ hasText: networkError });
      await alert.waitFor();
      await expect.poll(() => alert.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await ask.isEnabled()).toBe(true);
      expect(await ask.getAttribute('aria-busy')).toBeNull();
      expect(requests).toBe(1);
      expect(await axeViolations(page), 'network failure').toEqual([]);
    } finally {
      await context.close();
    }
  });
});
