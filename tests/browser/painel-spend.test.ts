// "Gastos com anúncios" in Números at 390 px, keyboard only, on the real server: the mentor imports the Meta and
// the Google fixture exports through the file input (the answer line takes the focus), maps the suggested
// campaign, and undoes the Google import behind its confirmation; the list and the unmapped count follow.
// axe clean in each state; nothing widens the page.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { spendCopy, SPEND_UPLOAD_MAX_BYTES } from '../../src/domain/painel/spend';
import { axeViolations } from './support';
import { MENTOR, painelHarness } from './painel.fixtures';
import { keepSpendAsFound, spendFixture as fixture } from './spend.fixtures';

const { h, mentor } = painelHarness();
keepSpendAsFound(() => h.db, MENTOR);

// Intl writes R$ with a no-break space: read the page's text as a person reads it.
const text = async (locator: Locator) => (await locator.innerText()).replace(/\u00A0/g, ' ');
const fitsPhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.replace(/\u00A0/g, ' ') ?? '');

async function press(page: Page, locator: Locator, key = 'Enter') {
  await locator.focus();
  await page.keyboard.press(key);
}

/** A lead whose first touch carries the Google campaign's name written as a utm value ("sem acentos/maiúsculas"). */
async function leadWithCampaign(stamp: number) {
  const touch = JSON.stringify({ utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'pesquisa_energia_solar_sp', landing_path: '/' });
  await h.db.query(
    `insert into leads (created_at, idempotency_key, nome, email, telefone, empresa, cnpj, cargo, faturamento, vendedores,
       segmento, modelo_negocio, origem, consent_at, privacy_policy_version, first_touch, last_touch, servico, routing_kind)
     values (now(), $1, 'Lead Gastos', $2, '11987654321', 'Empresa Gastos', '11222333000181', 'ceo-proprietario', '100-500', '1-2',
       'energia-solar', 'b2b', 'site', now(), 'v1', $3::text::jsonb, $3::text::jsonb, 'trafego', 'team')`,
    [`gastos-${stamp}`, `gastos.${stamp}@exemplo.com.br`, touch]);
}

describe('/painel Gastos com anúncios', () => {
  it('imports two exports from the file input, maps the suggested campaign and undoes one import', async () => {
    await leadWithCampaign(Date.now());
    const page = await mentor.page();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.evaluate(() => void (location.hash = 'numeros'));
    const spend = page.getByRole('region', { name: spendCopy.title });
    await spend.getByText(spendCopy.noImports).waitFor({ timeout: 30_000 });
    expect(await axeViolations(page), 'empty').toEqual([]);

    // Nothing chosen: the field's own message, and the focus on it.
    const importButton = spend.getByRole('button', { name: 'Importar', exact: true });
    await press(page, importButton);
    await spend.getByText(spendCopy.emptyFile).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('gastos-arquivo');

    const input = spend.getByLabel(spendCopy.fileLabel);
    expect(await input.getAttribute('accept')).toBe('.csv,text/csv');
    // Past what Netlify carries: refused here, in the console's words, and nothing sent.
    await input.setInputFiles({ name: 'grande.csv', mimeType: 'text/csv', buffer: Buffer.alloc(SPEND_UPLOAD_MAX_BYTES + 1, 0x41) });
    await press(page, importButton);
    await spend.getByText(spendCopy.uploadTooLarge).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('gastos-arquivo');
    const importFile = async (name: string, line: string) => {
      await input.setInputFiles(fixture(name));
      await press(page, importButton);
      const status = spend.getByRole('status').filter({ hasText: line });
      await status.waitFor({ timeout: 20_000 });
      expect(await focusedText(page)).toBe(line);
    };
    await importFile('meta-pt-BR.csv', 'Importado: 5 linhas, 03/11/2026 a 05/11/2026, R$ 3.324,91');
    await importFile('google-pt-BR.csv', 'Importado: 4 linhas, 03/11/2026 a 04/11/2026, R$ 2.267,31');
    const imports = spend.getByRole('region', { name: spendCopy.importsTitle }).getByRole('listitem');
    await expect.poll(() => imports.count()).toBe(2);
    const google = imports.filter({ hasText: 'google-pt-BR.csv' });
    for (const fact of ['Google Ads', 'Linhas4', 'Período03/11/2026 a 04/11/2026', 'TotalR$ 2.267,31', 'Quemcontato@mentorsolar.com.br']) {
      expect((await text(google)).replace(/\n/g, '')).toContain(fact);
    }
    const campaigns = spend.getByRole('region', { name: spendCopy.campaignsTitle });
    await campaigns.getByText('6 campanhas sem correspondência: R$ 5.592,22 não entram no custo por campanha').waitFor();
    expect(await axeViolations(page), 'two imports').toEqual([]);
    expect(await fitsPhone(page)).toBe(true);

    // The same file again: nothing changes, and the line says when and by whom.
    await input.setInputFiles(fixture('meta-pt-BR.csv'));
    await press(page, importButton);
    await spend.getByRole('status').filter({ hasText: /^Este arquivo já foi importado em \d\d\/\d\d\/\d{4} por contato@mentorsolar\.com\.br\. Nada mudou\.$/ }).waitFor();
    expect(await imports.count()).toBe(2);

    // The suggested value is filled in and marked; "Salvar" maps it.
    const row = campaigns.getByRole('group', { name: 'Pesquisa - Energia Solar SP' });
    const field = row.getByLabel(spendCopy.utmLabel);
    expect(await field.inputValue()).toBe('pesquisa_energia_solar_sp');
    await row.getByText(spendCopy.suggestedFolded).waitFor();
    await press(page, row.getByRole('button', { name: spendCopy.save }));
    const saved = '"Pesquisa - Energia Solar SP" agora conta para "pesquisa_energia_solar_sp". 1 lead tem esse valor.';
    await row.getByRole('status').filter({ hasText: saved }).waitFor({ timeout: 20_000 });
    expect(await focusedText(page)).toBe(saved);
    await row.getByText('Conta para: pesquisa_energia_solar_sp').waitFor();
    await campaigns.getByText('5 campanhas sem correspondência: R$ 3.370,01 não entram no custo por campanha').waitFor();
    expect(await axeViolations(page), 'mapped').toEqual([]);

    // "Desfazer" asks first; the focus moves to the confirmation, then to the answer.
    await press(page, google.getByRole('button', { name: 'Desfazer a importação google-pt-BR.csv' }));
    await google.getByText(/^Desfazer esta importação\?/).waitFor();
    expect(await focusedText(page)).toBe(spendCopy.undoConfirm);
    expect(await axeViolations(page), 'confirm undo').toEqual([]);
    await page.keyboard.press('Enter');
    const undone = 'Importação desfeita: google-pt-BR.csv. Os dias dela voltaram ao que a importação anterior dizia.';
    await google.getByRole('status').filter({ hasText: undone }).waitFor({ timeout: 20_000 });
    expect(await focusedText(page)).toBe(undone);
    await google.getByText(/^Desfeita em \d\d\/\d\d\/\d{4} às \d\d:\d\d por contato@mentorsolar\.com\.br$/).waitFor();
    // The Google campaigns have no spend in force any more: only Meta's three are left, all unmapped.
    await campaigns.getByText('3 campanhas sem correspondência: R$ 3.324,91 não entram no custo por campanha').waitFor();
    expect(await campaigns.getByRole('group').count()).toBe(3);
    expect(await axeViolations(page), 'undone').toEqual([]);
    expect(await fitsPhone(page)).toBe(true);
    expect(problems).toEqual([]);
  });
});
