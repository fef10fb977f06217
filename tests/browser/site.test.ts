// The content site in real Chromium: texts, navigation, mobile menu, 404, accessibility, JSON-LD, JS budget.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, BASE_URL, launchBrowser, newPage, VIEWPORTS } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(path: string, viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  const { context, page } = await newPage(browser, viewport);
  const response = await page.goto(`${BASE_URL}${path}`, { waitUntil: 'load' });
  return { context, page, status: response?.status() };
}

// textContent, not innerText: answers inside closed <details> count as on the page.
const texts = async (page: Page) => ((await page.locator('main').textContent()) ?? '').replace(/\s+/g, ' ');

// A representative text per section, as the spec writes it.
const routes: Record<string, string[]> = {
  '/': ['Conectar no LinkedIn', 'Ver Trajetória', 'Trajetória', 'Como posso ajudar sua empresa', 'Resultados que falam por si', 'Londrina, Paraná, Brasil', 'Agende uma consultoria'],
  '/trafego-pago': ['Solicitar Proposta', 'R$ 600M+', '15:1', '300%', '85%', 'O que está incluído', 'R$ 5.000', '48h', 'entre 30 e 60 dias'],
  '/consultoria-empresarial': ['Consultoria Empresarial', 'Consultoria para PMEs Solares', 'Agendar Consultoria', 'Impacto Comprovado', 'Metodologia Exclusiva', 'Perguntas Frequentes', 'R$ 500K a R$ 50M'],
  '/politica-de-privacidade': ['Política de Privacidade', 'Quais dados coletamos', 'Base legal', 'Por quanto tempo guardamos', 'Com quem compartilhamos', 'Seus direitos', 'Netlify', 'Supabase'],
  // The manage page without a link: its static shell (the island then says the link is invalid).
  '/reuniao': ['Sua reunião', 'Confira os detalhes da reunião.'],
  '/palestras': ['Palestra de Alto Resultado para Empresas', 'Contratar Palestra', 'Experiência Comprovada', '30K+', '100+', '+15', '4.000+', 'Temas Disponíveis', 'Liderança e gestão de equipes de alta performance', 'Mentalidade de crescimento empresarial', '45 minutos a 2 horas', 'presenciais, online e híbridos'],
};
const contentRoutes = Object.keys(routes);

describe.each(Object.entries(VIEWPORTS))('at %s width', (_name, viewport) => {
  it.each(contentRoutes)('%s answers 200 with its texts and has no axe violations', async (path) => {
    const { context, page, status } = await open(path, viewport);
    expect(status).toBe(200);
    const main = await texts(page);
    for (const text of routes[path]) expect(main).toContain(text);
    expect(await page.locator('html').getAttribute('lang')).toBe('pt-BR');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('an unknown path answers 404 with the not-found page', async () => {
    const { context, page, status } = await open('/pagina-que-nao-existe', viewport);
    expect(status).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Oops! Page not found');
    expect(await page.locator('main a[href="/"]').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('home page structure', () => {
  it('has every anchor section with its number of cards', async () => {
    const { context, page } = await open('/');
    for (const id of ['inicio', 'sobre', 'servicos', 'portfolio', 'contato']) expect(await page.locator(`section#${id}`).count()).toBe(1);
    expect(await page.locator('#inicio ul.grid > li').count()).toBe(4);
    expect(await page.locator('#sobre ul.grid > li').count()).toBe(4);
    expect(await page.locator('#sobre ol > li').count()).toBe(4);
    const serviceCards = page.locator('#servicos ul.grid > li');
    expect(await serviceCards.count()).toBe(6);
    for (let i = 0; i < 6; i++) expect(await serviceCards.nth(i).locator('ul > li').count()).toBe(4);
    expect(await page.locator('#servicos a[href="/orcamento"]').count()).toBe(1);
    expect(await page.locator('#portfolio ul > li').count()).toBe(4);
    expect(await page.locator('#contato a[href="/orcamento"]').count()).toBe(1);
    expect(await page.locator('#contato a[href^="mailto:"]').count()).toBe(1);
    for (const where of ['header', '#inicio', '#contato', 'footer']) {
      expect(await page.locator(`${where} a[href*="linkedin.com"]`).count()).toBeGreaterThan(0);
      expect(await page.locator(`${where} a[href*="instagram.com"]`).count()).toBeGreaterThan(0);
    }
    await context.close();
  });

  it('footer has the five scroll links, location, social links and mailto', async () => {
    const { context, page } = await open('/palestras');
    const footer = page.locator('footer');
    const names = await footer.locator('nav a').allInnerTexts();
    expect(names).toEqual(['Início', 'Sobre', 'Serviços', 'Portfolio', 'Contato']);
    expect(await footer.locator('nav a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(['/#inicio', '/#sobre', '/#servicos', '/#portfolio', '/#contato']);
    expect(await footer.innerText()).toContain('Londrina, Paraná, Brasil');
    expect(await footer.locator('a[href^="mailto:"]').count()).toBe(1);
    await context.close();
  });
});

describe('header navigation', () => {
  it('desktop links point where the spec says; Blog opens in a new tab', async () => {
    const { context, page } = await open('/palestras');
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    const links = await nav.locator('a').evaluateAll((as) => as.map((a) => [a.textContent?.trim(), a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')]));
    expect(links.map(([name, href]) => [name?.replace(/\s*\(abre em nova aba\)/, ''), href])).toEqual([
      ['Início', '/#inicio'],
      ['Sobre', '/#sobre'],
      ['Tráfego Pago', '/trafego-pago'],
      ['Consultoria', '/consultoria-empresarial'],
      ['Palestras', '/palestras'],
      ['Blog', expect.stringMatching(/^https:\/\//)],
    ]);
    expect(links[5].slice(2)).toEqual(['_blank', 'noopener']);
    expect(await page.locator('header a[href="/orcamento"]').first().innerText()).toBe('Orçamento');
    await context.close();
  });

  it('Sobre scrolls on the home page and navigates home from other routes', async () => {
    const { context, page } = await open('/');
    await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Sobre' }).click();
    await page.waitForFunction(() => Math.abs(document.getElementById('sobre')!.getBoundingClientRect().top - 80) < 4);
    expect(new URL(page.url()).hash).toBe('#sobre');

    await page.goto(`${BASE_URL}/trafego-pago`);
    await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Início' }).click();
    await page.waitForURL(`${BASE_URL}/#inicio`);
    expect(await page.locator('#inicio').isVisible()).toBe(true);
    await context.close();
  });

  it('service links and the Orçamento button reach their pages', async () => {
    const { context, page } = await open('/');
    for (const [name, path] of [['Tráfego Pago', '/trafego-pago'], ['Consultoria', '/consultoria-empresarial'], ['Palestras', '/palestras']]) {
      await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name }).click();
      await page.waitForURL(`${BASE_URL}${path}`);
    }
    await page.locator('header').getByRole('link', { name: 'Orçamento' }).click();
    await page.waitForURL(`${BASE_URL}/orcamento`);
    await context.close();
  });
});
