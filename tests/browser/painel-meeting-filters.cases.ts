// Reuniões' filters and totals in the browser (issue 32 item 5), as a case of painel-address.test.ts (its
// one mentor sign-in): "Desfecho" and "Período por" land in the address, each tab names its total under
// the filters, and recording an outcome takes one from "Sem desfecho (n)" and drops the row from a list
// filtered by "Desfecho" without reading the list again.
import { expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { axeViolations } from './support';
import type { Harness } from './orcamento.fixtures';
import { pastMeeting } from './painel.fixtures';

export function meetingFilterCases(harness: () => Harness, session: () => BrowserContext | null) {
  it('"Desfecho" and "Período por" are in the address; the tabs name their totals, and an outcome takes one from "Sem desfecho" at once', async () => {
    const h = harness();
    const context = session();
    if (!context) throw new Error('the first test signs in');
    const stamp = Date.now();
    const name = `Total Filtro ${stamp}`;
    const { consultor, day } = await pastMeeting(h, `total.${stamp}@solarbrasil.com.br`, name, 180);

    const page = await context.newPage();
    try {
      await page.goto(`${h.url}/painel#reunioes&aba=sem-desfecho&consultor=${consultor}&de=${day}&ate=${day}`);
      const pending = page.getByRole('tab', { name: /^Sem desfecho \(\d+\)$/ });
      await pending.waitFor();
      const total = async () => Number(/\((\d+)\)/.exec((await pending.textContent()) ?? '')?.[1]);
      const before = await total();
      expect(before).toBeGreaterThanOrEqual(1);
      // The filters are in the address (ids and values only).
      await page.locator('summary', { hasText: 'Filtros' }).first().click();
      await page.getByLabel('Desfecho', { exact: true }).selectOption('sem-desfecho');
      await expect.poll(() => page.evaluate(() => location.hash)).toContain('desfecho=sem-desfecho');
      await page.getByLabel('Período por', { exact: true }).selectOption('agendamento');
      await expect.poll(() => page.evaluate(() => location.hash)).toContain('data=agendamento');
      await page.getByLabel('Período por', { exact: true }).selectOption('');
      expect(await axeViolations(page), 'filters and totals').toEqual([]);

      // "Passadas" with "Desfecho: Sem desfecho": once an outcome is saved, the row leaves this list too.
      await page.getByRole('tab', { name: /^Passadas/ }).click();
      const row = page.locator('[data-row]:visible', { hasText: name });
      await row.click();
      await page.getByRole('radio', { name: 'Lead não compareceu' }).check();
      await page.getByRole('button', { name: 'Registrar desfecho' }).click();
      await page.getByText('Desfecho registrado.').waitFor();
      await page.goBack();
      await page.getByRole('tab', { name: /^Passadas/, selected: true }).waitFor();
      await expect.poll(() => row.count()).toBe(0);
      await expect.poll(total).toBe(before - 1);
    } finally {
      await page.close();
    }
  });
}
