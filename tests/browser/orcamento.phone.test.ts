// Issue 22, item 8, in the wizard on the real server and database: a phone typed with '+' and a country
// code other than 55 stays international (shown '+351 912 345 678', stored '+351912345678'), an invalid
// one gets its own pt-BR message, '+55 …' is stored as the Brazilian digits. Needs the Telefone field to
// accept PHONE_INPUT_MAX_LENGTH characters (src/islands/quote/steps/fieldTable.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { leadMessages } from '../../src/domain/lead';
import { DESKTOP, PHONE, dialog, field, fillStep1, fillWholeForm, next, sampleLead, startHarness, type Harness } from './orcamento.fixtures';
import { axeViolations } from './support';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function storedPhone(email: string): Promise<string | undefined> {
  const { rows } = await h.db.query<{ telefone: string }>('select telefone from leads where email = $1', [email]);
  return rows[0]?.telefone;
}

/** Fills the four steps of /orcamento?servico=consultoria in a fresh tab and submits; returns the stored phone. */
async function submitWith(page: Page, telefone: string, shown?: string): Promise<string | undefined> {
  const lead = sampleLead({ telefone });
  await fillWholeForm(page, h.url, 'Consultoria', lead, async () => {
    if (shown) expect(await field(page, 'telefone').inputValue()).toBe(shown);
  });
  await page.getByRole('button', { name: 'Finalizar e Agendar' }).click();
  await dialog(page).waitFor();
  return storedPhone(lead.email);
}

const newPhone = (viewport: { width: number; height: number }, timezoneId = 'America/Sao_Paulo') =>
  h.browser.newContext({ viewport, locale: 'pt-BR', timezoneId, reducedMotion: 'reduce' });

describe.each([
  ['390 px', PHONE],
  ['1280 px', DESKTOP],
])('phones from abroad in the wizard, at %s', (_, viewport) => {
  it('keeps +351 912 345 678 international, from the mask to the database', async () => {
    const context = await newPhone(viewport, 'Europe/Lisbon');
    try {
      expect(await submitWith(await context.newPage(), '+351912345678', '+351 912 345 678')).toBe('+351912345678');
    } finally {
      await context.close();
    }
  });
});

describe('phone messages in the wizard', () => {
  it('an invalid international number gets its own message; a short Brazilian one keeps the spec message', async () => {
    const context = await newPhone(PHONE);
    const page = await context.newPage();
    try {
      await page.goto(`${h.url}/orcamento?servico=consultoria`);
      await fillStep1(page, sampleLead({ telefone: '+35191' }));
      expect(await field(page, 'telefone').inputValue()).toBe('+351 91');
      await next(page);
      await page.getByText(leadMessages.telefoneInternacional).waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('campo-telefone');
      expect(await axeViolations(page)).toEqual([]);
      await field(page, 'telefone').fill('');
      await page.getByLabel('Telefone').pressSequentially('439999');
      await next(page);
      await page.getByText('Telefone deve ter pelo menos 10 dígitos').waitFor();
    } finally {
      await context.close();
    }
  });

  it('+55 is Brazilian: shown with the usual mask after +55, stored as the 11 digits', async () => {
    const context = await newPhone(PHONE);
    try {
      expect(await submitWith(await context.newPage(), '+5543999998888', '+55 (43) 99999-8888')).toBe('43999998888');
    } finally {
      await context.close();
    }
  });
});
