// Each state's words from its facts, at the edges the receiver tests do not reach: not configured, stuck
// (queued, never tried), "Funcionando" only after a success, the clock of another day, and every answer of
// "Reenviar todos com falha". (Against a live receiver: tests/integration/integrations-status.test.ts.)
import { describe, expect, it } from 'vitest';
import { agoText, describeIntegration, integrationState, resendAnswer, STALLED_AFTER_MS, type IntegrationHealth } from './integration-status';

const now = new Date('2026-11-30T05:00:00Z'); // 02:00 in Brasília
const wall = (iso: string) => {
  const d = new Date(new Date(iso).getTime() - 3 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return { date: `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`, time: `${p(d.getUTCHours())}:${p(d.getUTCMinutes())}` };
};
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const base: IntegrationHealth = {
  target: 'rd', enabled: true, pausedAt: null, pausedStatus: null, lastSentAt: null, failingSince: null, lastFailureAt: null,
  lastFailureStatus: null, lastFailureError: null, retrying: 0, queued: 0, gaveUp: 0, nextAttemptAt: null, oldestDueAt: null,
};

describe('integration states', () => {
  it('names each state, never "Funcionando" without a success', () => {
    expect(describeIntegration({ ...base, enabled: false }, now, wall)).toMatchObject({ state: 'off', label: 'Não configurado' });
    expect(describeIntegration(base, now, wall)).toMatchObject({ state: 'idle', line: 'Ligado · nenhum envio aceito ainda' });
    expect(describeIntegration({ ...base, lastSentAt: ago(3 * 3600_000) }, now, wall).line).toBe('Funcionando · último envio aceito há 3 h');
    // Queued and never tried for longer than the drain's minute allows: nothing is sending.
    const stuck = { ...base, queued: 3, oldestDueAt: ago(STALLED_AFTER_MS + 60_000) };
    expect(describeIntegration(stuck, now, wall)).toMatchObject({ state: 'stalled', line: 'Parado · 3 envios na fila desde 01:44, sem nenhuma tentativa' });
    expect(integrationState({ ...stuck, oldestDueAt: ago(60_000) }, now)).toBe('idle');
    // A failure with nothing left failing (resumed, resent) is not "failing".
    expect(integrationState({ ...base, failingSince: ago(60_000), lastSentAt: ago(3600_000) }, now)).toBe('working');
    const failing = { ...base, failingSince: ago(25 * 60_000), lastFailureStatus: null, lastFailureError: 'timeout', retrying: 2, queued: 2, nextAttemptAt: new Date(now.getTime() + 26 * 3600_000).toISOString() };
    expect(describeIntegration(failing, now, wall).line).toBe('Tentando de novo (2) · sem resposta (tempo esgotado) há 25 min · próxima tentativa 01/12 04:00');
    expect(describeIntegration({ ...base, enabled: false, pausedAt: ago(3 * 86_400_000), pausedStatus: 401, queued: 1 }, now, wall).line)
      .toBe('Pausado desde 27/11 02:00 · HTTP 401 · 1 envio na fila');
  });

  it('says how long ago in words', () => {
    expect(agoText(ago(10_000), now)).toBe('agora há pouco');
    expect(agoText(ago(59 * 60_000), now)).toBe('há 59 min');
    expect(agoText(ago(47 * 3600_000), now)).toBe('há 47 h');
    expect(agoText(ago(72 * 3600_000), now)).toBe('há 3 dias');
  });

  it('answers what the button did', () => {
    expect(resendAnswer('webhook', { resent: 0, retried: 0, resumed: true, queued: 10 })).toBe('Webhook retomado: 10 envios na fila.');
    expect(resendAnswer('rd', { resent: 2, retried: 1, resumed: false, queued: 3 })).toBe('2 envios com falha voltaram para a fila. 1 envio que esperava nova tentativa vai agora.');
    expect(resendAnswer('rd', { resent: 0, retried: 0, resumed: false, queued: 0 })).toBe('Nada a reenviar: RD Station sem pausa e sem envios com falha.');
  });
});
