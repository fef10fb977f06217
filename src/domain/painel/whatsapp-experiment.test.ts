// The experiment's rows and sentence from the endpoint's counts, when Números shows the section, and Meta's
// reasons in pt-BR (a known code, an unknown one with Meta's title, nothing at all).
import { describe, expect, it } from 'vitest';
import { explainWhatsAppError, whatsappErrorWords } from '../whatsapp-errors';
import { experimentSentence, showExperiment, showRateRows, type WhatsAppShowRateView } from './whatsapp-experiment';

const view = (configured: boolean, counts: [number, number][]): WhatsAppShowRateView => ({
  period: { de: '2026-10-01', ate: '2026-10-31' },
  configured,
  channels: (['whatsapp', 'holdout', 'none'] as const).map((channel, i) => ({ channel, attended: counts[i][0], noShow: counts[i][1] })),
});

describe('WhatsApp experiment', () => {
  it('rows: meetings with an outcome, shows, no-shows and the rate, "—" without meetings', () => {
    expect(showRateRows(view(true, [[45, 5], [35, 15], [0, 0]]))).toEqual([
      ['WhatsApp', 50, 45, 5, '90,0 %'],
      ['Grupo de controle', 50, 35, 15, '70,0 %'],
      ['Sem opt-in', 0, 0, 0, '—'],
    ]);
  });

  it('tests WhatsApp against the control group only (sem opt-in is not in the sentence)', () => {
    const s = experimentSentence(view(true, [[45, 5], [35, 15], [1000, 1]]));
    expect(s).toBe('Comparecimento — WhatsApp: 90,0 %; grupo de controle: 70,0 %. A diferença é maior que o acaso (p = 0,012; teste de duas proporções, nível de 5 %).');
    expect(experimentSentence(view(true, [[0, 0], [0, 0], [0, 0]]))).toMatch(/^Ainda poucos dados .*\(agora: 0 e 0\)\.$/);
  });

  it('is shown once WhatsApp is configured, or while the period has opted-in leads’ meetings', () => {
    expect(showExperiment(view(false, [[0, 0], [0, 0], [40, 10]]))).toBe(false);
    expect(showExperiment(view(true, [[0, 0], [0, 0], [0, 0]]))).toBe(true);
    expect(showExperiment(view(false, [[0, 1], [0, 0], [0, 0]]))).toBe(true);
  });
});

describe("Meta's reasons in pt-BR", () => {
  it('explains known codes, falls back to Meta’s title, and says something without either', () => {
    expect(explainWhatsAppError(131026, 'Message undeliverable')).toBe(whatsappErrorWords[131026]);
    expect(explainWhatsAppError(132001, null)).toMatch(/^Modelo não aprovado/);
    expect(explainWhatsAppError(131047, null)).toMatch(/janela de 24 h/);
    expect(explainWhatsAppError(130429, null)).toMatch(/^Limite de envio/);
    expect(explainWhatsAppError(999999, 'Something new')).toBe('Motivo informado pela Meta (código 999999): Something new');
    expect(explainWhatsAppError(999999, null)).toBe('A Meta recusou a mensagem (código 999999).');
    expect(explainWhatsAppError(null, null)).toBe('A mensagem não foi entregue.');
  });
});
