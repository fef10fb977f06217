// Each integration state, told truthfully, against a local receiver answering 500, then 410, then 200 in
// turn: the facts integration_health keeps as the drain delivers, named by the one module
// (src/domain/painel/integration-status.ts) that the card, Hoje, the morning mail and the lead's page share,
// and "Reenviar todos com falha" saying what it did. On PGlite and PostgreSQL.
import { describe, expect, inject, it } from 'vitest';
import { OUTBOX_MAX_ATTEMPTS } from '../../functions/lib/store/port';
import type { LeadView } from '../../src/domain/painel/api';
import { describeIntegration, resendAnswer, type IntegrationHealth, type ResendAllResult } from '../../src/domain/painel/integration-status';
import type { IntegrationSummary } from '../../src/domain/painel/integrations';
import { wallClock } from '../../src/lib/meeting-time';
import { useIntegrations } from './integrations-harness';
import { MENTOR, painelClient } from './painel-helpers';
import { storeCases, type Opened } from './stores';

const wall = (iso: string) => wallClock(new Date(iso));
/** Today's "02:57", or another day's "01/12 00:06" (a run across midnight in Brasília). */
const CLOCK = /(\d\d\/\d\d )?\d\d:\d\d/.source;

describe.each(storeCases(inject('postgresUrl')))('integration states on $name', (store) => {
  const h = useIntegrations(store);
  let opened: Opened | null = null;
  const { call, signIn } = painelClient(() => opened!);

  async function stateOf(o: Opened, target: 'rd' | 'webhook') {
    const all = await o.app.store.call<IntegrationHealth[]>('integration_health', { max_attempts: OUTBOX_MAX_ATTEMPTS });
    const health = all.find((t) => t.target === target)!;
    return { health, view: describeIntegration(health, h.now(), wall) };
  }
  /** The card's line for the target, from GET /api/painel/integracoes: the same words as integration_health's. */
  async function cardLine(cookie: string, target: 'rd' | 'webhook') {
    const res = await call('GET', '/api/painel/integracoes', { cookie });
    expect(res.status).toBe(200);
    const card = ((await res.json()) as IntegrationSummary[]).find((t) => t.target === target)!;
    return describeIntegration(card, h.now(), wall).line;
  }
  async function resendAll(cookie: string, target: 'rd' | 'webhook') {
    const res = await call('POST', '/api/painel/integracoes/reenviar', { cookie, body: { target } });
    expect(res.status).toBe(200);
    return resendAnswer(target, (await res.json()) as ResendAllResult);
  }

  it('webhook: "Ligado" before any success; 500 → "Tentando de novo (1) · HTTP 500 há 25 min"; 410 → paused with what is queued; the button resumes it and says so; 200 → "Funcionando"', async () => {
    const o = await h.withHook();
    opened = o;
    const mentor = await signIn(MENTOR);
    const lead = await h.insertLead(o, 'estado-1@example.com');
    expect((await stateOf(o, 'webhook')).view).toMatchObject({ state: 'idle', label: 'Ligado', line: 'Ligado · nenhum envio aceito ainda · 1 envio na fila' });

    h.hook.script({ status: 500 });
    await h.drain(o);
    let now = await stateOf(o, 'webhook');
    // A retried delivery is a failure: never "Funcionando", never "Nenhuma falha".
    expect(now.health).toMatchObject({ retrying: 1, queued: 1, lastFailureStatus: 500, lastSentAt: null });
    expect(now.view.state).toBe('failing');
    expect(now.view.line).toMatch(new RegExp(`^Tentando de novo \\(1\\) · HTTP 500 agora há pouco · próxima tentativa ${CLOCK}$`));
    expect(now.view.line).toContain(`próxima tentativa ${wall(now.health.nextAttemptAt!).time}`);
    h.advance(25 * 60_000);
    expect((await stateOf(o, 'webhook')).view.line).toMatch(/^Tentando de novo \(1\) · HTTP 500 há 25 min · /);
    expect(await cardLine(mentor, 'webhook')).toBe((await stateOf(o, 'webhook')).view.line);

    h.hook.script({ status: 410 });
    await h.drain(o);
    for (const n of [2, 3, 4]) await h.insertLead(o, `estado-${n}@example.com`);
    await h.drain(o);
    now = await stateOf(o, 'webhook');
    expect(now.view.state).toBe('paused');
    expect(now.view.line).toMatch(new RegExp(`^Pausado desde ${CLOCK} · HTTP 410 · 4 envios na fila$`));
    // Paused: nothing more went to the receiver (one 500, one 410).
    expect(h.hook.received).toHaveLength(2);
    // The lead's page says the same of its target as the card.
    const page = (await (await call('GET', `/api/painel/leads/${lead}`, { cookie: mentor })).json()) as LeadView;
    expect(page.integrationHealth?.map((t) => describeIntegration(t, h.now(), wall).line)).toEqual([now.view.line]);

    // Nothing had failed for good: the button's answer is the resumption, not "nothing to resend".
    expect(await resendAll(mentor, 'webhook')).toBe('Webhook retomado: 4 envios na fila.');
    await h.drain(o);
    now = await stateOf(o, 'webhook');
    expect(now.health).toMatchObject({ queued: 0, retrying: 0, failingSince: null, pausedAt: null });
    expect(now.view).toMatchObject({ state: 'working', label: 'Funcionando', line: 'Funcionando · último envio aceito agora há pouco' });
    expect(h.hook.received).toHaveLength(6);
    // Every delivery went: the lead's page no longer carries a target state.
    expect(((await (await call('GET', `/api/painel/leads/${lead}`, { cookie: mentor })).json()) as LeadView).integrationHealth).toBeUndefined();
    expect(await resendAll(mentor, 'webhook')).toBe('Nada a reenviar: Webhook sem pausa e sem envios com falha.');
  });

  it('RD: 500 → "Tentando de novo"; 410 (refused for good) → "Com falha (1) · HTTP 410"; 200 → "Funcionando" naming the failure; the button puts it back and says so', async () => {
    const o = await h.withRd();
    opened = o;
    const mentor = await signIn(MENTOR);
    await h.insertLead(o, 'rd-estado-1@example.com');
    h.rd.script({ status: 500 });
    await h.drain(o);
    expect((await stateOf(o, 'rd')).view.line).toMatch(new RegExp(`^Tentando de novo \\(1\\) · HTTP 500 agora há pouco · próxima tentativa ${CLOCK}$`));
    // The card counts it among the failures.
    const card = ((await (await call('GET', '/api/painel/integracoes', { cookie: mentor })).json()) as IntegrationSummary[]).find((t) => t.target === 'rd')!;
    expect(card).toMatchObject({ retrying: 1, gaveUp: 0 });
    expect(card.failures).toMatchObject([{ lastStatus: 500, retrying: true }]);

    h.advance(2 * 60_000);
    h.rd.script({ status: 410, body: '{"errors":[{"error_type":"GONE","error_message":"gone"}]}' });
    await h.drain(o);
    let now = await stateOf(o, 'rd');
    expect(now.health).toMatchObject({ retrying: 0, gaveUp: 1, lastFailureStatus: 410 });
    expect(now.view).toMatchObject({ state: 'failing', label: 'Com falha', line: 'Com falha (1) · HTTP 410 há 2 min' });

    await h.insertLead(o, 'rd-estado-2@example.com');
    await h.drain(o);
    now = await stateOf(o, 'rd');
    expect(now.view).toMatchObject({ state: 'working', line: 'Funcionando · último envio aceito agora há pouco · 1 envio com falha' });
    expect(await cardLine(mentor, 'rd')).toBe(now.view.line);

    expect(await resendAll(mentor, 'rd')).toBe('1 envio com falha voltou para a fila.');
    await h.drain(o);
    expect((await stateOf(o, 'rd')).health).toMatchObject({ gaveUp: 0, queued: 0 });
    await h.closeOpened();
    opened = null;
  });
});
