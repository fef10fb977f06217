// /orcamento end to end: service choice → four steps → saved lead → booked meeting, checked in the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage } from './support';
import { POLICY_VERSION } from '../support/fixtures';
import {
  DESKTOP,
  PHONE,
  brDate,
  dialog,
  events,
  fillWholeForm,
  pickFirstAvailableDay,
  sampleLead,
  slotButtons,
  startHarness,
  toast,
  type Harness,
  type Lead,
} from './orcamento.fixtures';

/** The policy version the page shows (stored with each lead, LGPD). */
const policyVersion = POLICY_VERSION;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

type LeadRow = {
  id: string;
  nome: string;
  cargo: string;
  email: string;
  telefone: string;
  empresa: string;
  cnpj: string;
  faturamento: string;
  vendedores: string;
  segmento: string;
  outro_segmento: string | null;
  modelo_negocio: string;
  origem: string;
  privacy_policy_version: string;
  consent_at: Date | null;
};
type MeetingRow = { lead_id: string; service: string; diagnostic_score: number; local_start: string; preseller: string };

async function rowsFor(email: string) {
  const leads = (await h.db.query<LeadRow>('select * from leads where email = $1', [email])).rows;
  const meetings = (
    await h.db.query<MeetingRow>(
      `select m.lead_id, m.service, m.diagnostic_score, p.name as preseller,
              to_char(m.starts_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD HH24:MI') as local_start
         from meetings m join presellers p on p.id = m.preseller_id join leads l on l.id = m.lead_id
        where l.email = $1`,
      [email],
    )
  ).rows;
  return { leads, meetings };
}

const cases: { service: 'Consultoria' | 'Tráfego Pago'; value: 'consultoria' | 'trafego'; viewport: { width: number; height: number }; lead: Lead }[] = [
  { service: 'Consultoria', value: 'consultoria', viewport: PHONE, lead: sampleLead() },
  {
    service: 'Tráfego Pago',
    value: 'trafego',
    viewport: DESKTOP,
    // Alphanumeric CNPJ typed in lower case, a landline and a free-text segment.
    lead: sampleLead({ nomeCompleto: 'João Pereira', cnpj: '12abc34501de35', telefone: '4333221100', segmento: 'outro', outroSegmento: 'Distribuidora de inversores', modeloNegocio: 'hibrido', cargo: 'outro', faturamento: '0-50', numeroVendedores: 'nenhum' }),
  },
];

describe.each(cases)('happy path: $service at $viewport.width px', ({ service, value, viewport, lead }) => {
  it('saves exactly what was typed and books the chosen slot', async () => {
    const { context, page } = await newPage(h.browser, viewport);
    // Hydration mismatches, CSP violations and uncaught errors all surface here.
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    await page.addInitScript(() => document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP: ${e.violatedDirective} ${e.blockedURI}`)));
    try {
      await fillWholeForm(page, h.url, service, lead);
      expect(new URL(page.url()).searchParams.get('servico')).toBe(value);
      // LGPD notice under the submit button, linking the policy.
      const consent = page.locator('#aviso-privacidade');
      expect(await consent.innerText()).toBe('Ao continuar, você concorda com a Política de Privacidade.');
      expect(await consent.getByRole('link', { name: 'Política de Privacidade' }).getAttribute('href')).toBe('/politica-de-privacidade');
      await page.getByRole('button', { name: 'Finalizar e Agendar' }).click();

      await toast(page, 'Dados salvos com sucesso!', 'Agora selecione um horário para a reunião.');
      await dialog(page).waitFor();

      const day = await pickFirstAvailableDay(page);
      const slot = slotButtons(page).first();
      const time = (await slot.locator('span').first().innerText()).trim();
      await slot.click();
      await expect.poll(() => dialog(page).getByTestId('resumo-data').innerText()).toBe(brDate(day));
      await expect.poll(() => dialog(page).getByTestId('resumo-horario').innerText()).toContain(time);
      const shownConsultant = (await dialog(page).getByTestId('resumo-consultor').innerText()).trim();

      await dialog(page).getByRole('button', { name: 'Confirmar Agendamento' }).click();
      const done = await toast(
        page,
        'Agendamento realizado com sucesso!',
        new RegExp(`Reunião agendada com (.+) para ${brDate(day)} às ${time}\\. Você receberá a confirmação por email\\.`),
      );
      const consultant = /agendada com (.+) para/.exec(await done.innerText())?.[1] ?? '';
      // The slot showed the consultant's first name; the confirmation names them in full.
      expect(consultant.split(' ')[0]).toBe(shownConsultant.split(' ')[0]);

      // Everything resets to the service choice, and the draft is gone.
      await page.getByRole('heading', { name: 'Qual serviço você procura?' }).waitFor();
      await expect.poll(() => dialog(page).count()).toBe(0);
      expect(await page.evaluate(() => sessionStorage.getItem('orcamento:rascunho:v1'))).toBeNull();

      const { leads, meetings } = await rowsFor(lead.email);
      expect(leads).toHaveLength(1);
      expect(leads[0]).toMatchObject({
        nome: lead.nomeCompleto,
        cargo: lead.cargo,
        email: lead.email,
        telefone: lead.telefone,
        empresa: lead.nomeEmpresa,
        cnpj: lead.cnpj.toUpperCase(),
        faturamento: lead.faturamento,
        vendedores: lead.numeroVendedores,
        segmento: lead.segmento,
        outro_segmento: lead.segmento === 'outro' ? lead.outroSegmento : null,
        modelo_negocio: lead.modeloNegocio,
      });
      expect(leads[0].origem).toBeTruthy();
      expect(policyVersion).toBeTruthy();
      expect(leads[0].privacy_policy_version).toBe(policyVersion);
      expect(leads[0].consent_at).toBeInstanceOf(Date);
      expect(meetings).toEqual([{ lead_id: leads[0].id, service: value, diagnostic_score: 75, preseller: consultant, local_start: `${day} ${time}` }]);

      const names = (await events(page)).map((e) => e.event);
      expect(names).toEqual(expect.arrayContaining(['lead_submitted', 'scheduling_started', 'scheduling_completed']));
      const completed = (await events(page)).find((e) => e.event === 'scheduling_completed');
      expect(completed).toMatchObject({ service: value, preseller: consultant });
      // Order matters: saved, then the dialog opened, then booked.
      expect(names.indexOf('lead_submitted')).toBeLessThan(names.indexOf('scheduling_started'));
      expect(names.indexOf('scheduling_started')).toBeLessThan(names.indexOf('scheduling_completed'));
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
