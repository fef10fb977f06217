// /orcamento: the validation messages under their fields, masks, the service choice with and without JavaScript.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage } from './support';
import { DESKTOP, PHONE, expectStep, field, fillStep1, fillStep2, fillStep3, next, sampleLead, startHarness, type Harness } from './orcamento.fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** The message shown for a field, read through its aria-describedby (so the link is checked too). */
async function messageOf(page: Page, name: string): Promise<string | null> {
  const control = field(page, name);
  if ((await control.getAttribute('type')) === 'radio') {
    const group = page.locator('fieldset[role="radiogroup"]').filter({ has: control });
    expect(await group.getAttribute('aria-invalid')).toBe('true');
    const id = await group.getAttribute('aria-describedby');
    return id ? page.locator(`[id="${id}"]`).innerText() : null;
  }
  expect(await control.getAttribute('aria-invalid')).toBe('true');
  const id = await control.getAttribute('aria-describedby');
  return id ? page.locator(`[id="${id}"]`).innerText() : null;
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? null);

async function startForm(page: Page) {
  await page.goto(`${h.url}/orcamento?servico=consultoria`);
  await expectStep(page, 1, 'Informações Pessoais');
}

describe('validation messages', () => {
  it('shows each message under its field, marks it invalid and focuses the first one', async () => {
    const { context, page } = await newPage(h.browser, PHONE);
    try {
      await startForm(page);
      await next(page);
      await expect.poll(() => messageOf(page, 'nomeCompleto')).toBe('Nome completo deve ter pelo menos 2 caracteres');
      expect(await messageOf(page, 'cargo')).toBe('Selecione seu cargo');
      expect(await messageOf(page, 'email')).toBe('Email inválido');
      expect(await messageOf(page, 'telefone')).toBe('Telefone deve ter pelo menos 10 dígitos');
      await expect.poll(() => focusedId(page)).toBe('campo-nomeCompleto');

      // Short but present values still fail with the same messages; the phone is masked while typing.
      const lead = sampleLead();
      await page.getByLabel('Nome completo').fill('M');
      await page.getByLabel('Cargo').selectOption(lead.cargo);
      await page.getByLabel('Email').fill('maria@');
      await page.getByLabel('Telefone').pressSequentially('439912');
      expect(await field(page, 'telefone').inputValue()).toBe('(43) 9912');
      await next(page);
      await expect.poll(() => messageOf(page, 'nomeCompleto')).toBe('Nome completo deve ter pelo menos 2 caracteres');
      expect(await messageOf(page, 'email')).toBe('Email inválido');
      expect(await messageOf(page, 'telefone')).toBe('Telefone deve ter pelo menos 10 dígitos');
      expect(await field(page, 'cargo').getAttribute('aria-invalid')).toBeNull();

      await page.getByLabel('Nome completo').fill(lead.nomeCompleto);
      await page.getByLabel('Email').fill(lead.email);
      await page.getByLabel('Telefone').fill('');
      await page.getByLabel('Telefone').pressSequentially('43991234567890');
      expect(await field(page, 'telefone').inputValue()).toBe('(43) 99123-4567');
      await next(page);
      await expectStep(page, 2, 'Informações da Empresa');

      await next(page);
      await expect.poll(() => messageOf(page, 'nomeEmpresa')).toBe('Nome da empresa deve ter pelo menos 2 caracteres');
      expect(await messageOf(page, 'cnpj')).toBe('CNPJ deve ter 14 dígitos');
      expect(await messageOf(page, 'faturamento')).toBe('Selecione o faturamento');
      expect(await messageOf(page, 'numeroVendedores')).toBe('Selecione o número de vendedores');
      await expect.poll(() => focusedId(page)).toBe('campo-nomeEmpresa');

      await fillStep2(page, { ...lead, cnpj: '11222333000182' }); // last check digit wrong
      expect(await field(page, 'cnpj').inputValue()).toBe('11.222.333/0001-82');
      await next(page);
      await expect.poll(() => messageOf(page, 'cnpj')).toBe('CNPJ inválido');
      await expect.poll(() => focusedId(page)).toBe('campo-cnpj');

      // An alphanumeric CNPJ typed in lower case is masked in upper case and accepted.
      await page.getByLabel('CNPJ').fill('');
      await page.getByLabel('CNPJ').pressSequentially('12abc34501de35');
      expect(await field(page, 'cnpj').inputValue()).toBe('12.ABC.345/01DE-35');
      await next(page);
      await expectStep(page, 3, 'Segmento de Atuação');

      await next(page);
      await expect.poll(() => messageOf(page, 'segmento')).toBe('Selecione seu segmento de atuação');
      await expect.poll(() => focusedId(page)).toBe('campo-segmento');
      await page.locator('input[name="segmento"][value="outro"]').check();
      await next(page);
      await expect.poll(() => messageOf(page, 'outroSegmento')).toBe('Especifique o segmento quando selecionar "Outro"');
      await expect.poll(() => focusedId(page)).toBe('campo-outroSegmento');
      await page.getByLabel('Qual é o seu segmento?').fill('Distribuidora');
      await next(page);
      await expectStep(page, 4, 'Modelo de Negócio');

      await page.getByRole('button', { name: 'Finalizar e Agendar' }).click();
      await expect.poll(() => messageOf(page, 'modeloNegocio')).toBe('Selecione seu modelo de negócio');
      await expect.poll(() => focusedId(page)).toBe('campo-modeloNegocio');
      expect(await page.getByRole('dialog').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('"Finalizar e Agendar" validates every step and returns to the first invalid one', async () => {
    const { context, page } = await newPage(h.browser, DESKTOP);
    try {
      await startForm(page);
      const lead = sampleLead();
      await fillStep1(page, lead);
      await next(page);
      await fillStep2(page, lead);
      await next(page);
      await fillStep3(page, lead);
      await next(page);
      await expectStep(page, 4, 'Modelo de Negócio');
      // An earlier value that went bad outside the wizard's checks (e.g. an old saved draft).
      await page.evaluate(() => {
        const key = 'orcamento:rascunho:v1';
        const draft = JSON.parse(sessionStorage.getItem(key) ?? '{}');
        draft.values.email = 'sem-arroba';
        sessionStorage.setItem(key, JSON.stringify(draft));
      });
      await page.reload();
      await expectStep(page, 4, 'Modelo de Negócio');
      await page.locator('input[name="modeloNegocio"][value="b2c"]').check();
      await page.getByRole('button', { name: 'Finalizar e Agendar' }).click();
      await expectStep(page, 1, 'Informações Pessoais');
      await expect.poll(() => messageOf(page, 'email')).toBe('Email inválido');
      await expect.poll(() => focusedId(page)).toBe('campo-email');
      expect(await page.getByRole('dialog').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('service choice', () => {
  it('Palestras opens the talks chat in a new tab and starts no form', async () => {
    const { context, page } = await newPage(h.browser, PHONE);
    try {
      await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>chat</title>' }));
      await page.goto(`${h.url}/orcamento`);
      const link = page.locator('main').getByRole('link', { name: /^Palestras/ });
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toContain('noopener');
      const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
      expect(popup.url()).toMatch(/^https:\/\/wa\.me\//);
      expect(page.url()).toBe(`${h.url}/orcamento`);
      expect(await page.getByText(/Etapa \d de 4/).count()).toBe(0);
      await page.getByRole('heading', { name: 'Qual serviço você procura?' }).waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('orcamento:rascunho:v1'))).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('without JavaScript shows the heading and the three choices as plain links', async () => {
    const context = await h.browser.newContext({ javaScriptEnabled: false, viewport: PHONE, locale: 'pt-BR' });
    try {
      const page = await context.newPage();
      await page.goto(`${h.url}/orcamento`);
      await page.getByRole('heading', { level: 1, name: 'Solicite seu Orçamento' }).waitFor();
      const main = page.locator('main');
      expect(await main.getByRole('link', { name: /^Consultoria/ }).getAttribute('href')).toBe('/orcamento?servico=consultoria');
      expect(await main.getByRole('link', { name: /^Tráfego Pago/ }).getAttribute('href')).toBe('/orcamento?servico=trafego');
      const talks = main.getByRole('link', { name: /^Palestras/ });
      expect(await talks.getAttribute('href')).toMatch(/^https:\/\//);
      expect(await talks.getAttribute('target')).toBe('_blank');
      expect(await talks.getAttribute('rel')).toContain('noopener');
    } finally {
      await context.close();
    }
  });

  it('?servico=trafego starts on step 1 and the back link resets everything', async () => {
    const { context, page } = await newPage(h.browser, DESKTOP);
    try {
      await page.goto(`${h.url}/orcamento?servico=trafego`);
      await expectStep(page, 1, 'Informações Pessoais');
      await page.locator('main strong', { hasText: 'Tráfego Pago' }).waitFor();
      await page.getByLabel('Nome completo').fill('Alguém');
      await page.getByRole('link', { name: /Voltar à escolha do serviço/ }).click();
      await page.getByRole('heading', { name: 'Qual serviço você procura?' }).waitFor();
      expect(new URL(page.url()).search).toBe('');
      expect(await page.evaluate(() => sessionStorage.getItem('orcamento:rascunho:v1'))).toBeNull();
      await page.locator('main').getByRole('link', { name: /^Consultoria/ }).click();
      await expectStep(page, 1, 'Informações Pessoais');
      expect(await page.getByLabel('Nome completo').inputValue()).toBe('');
    } finally {
      await context.close();
    }
  });
});
