// The one definition of an integration's state (RD Station, the webhook), read from the facts
// integration_health answers: the Integrações card, Hoje's "Precisa de você", the morning mail and the
// lead's own deliveries all name it through this module. It never reassures falsely: "Funcionando" only
// when the target's last answer was a success; a retried delivery is a failure, counted and dated.
import type { IntegrationHealth, IntegrationTarget } from './api';
import { integrationCopy } from './copy';

// The facts it reads are the HTTP contract's (api.ts): the server sends them, this module names them.
export type { IntegrationHealth };

export const integrationStates = ['off', 'paused', 'failing', 'stalled', 'working', 'idle'] as const;
export type IntegrationState = (typeof integrationStates)[number];

/** A delivery due this long ago and still not tried: no process with the target's settings is sending it. */
export const STALLED_AFTER_MS = 15 * 60_000;

export function integrationState(h: IntegrationHealth, now: Date): IntegrationState {
  if (h.pausedAt) return 'paused';
  if (!h.enabled) return 'off';
  // Failing while a failure still waits (retrying or given up); after a resume or a resend, the target
  // reads as waiting for its next answer, not as failing on nothing.
  if (h.failingSince && h.retrying + h.gaveUp > 0) return 'failing';
  if (h.oldestDueAt && now.getTime() - Date.parse(h.oldestDueAt) > STALLED_AFTER_MS) return 'stalled';
  return h.lastSentAt ? 'working' : 'idle';
}

/** The states that need someone: paused, failing, or stuck. */
export const needsAttention = (state: IntegrationState) => state === 'paused' || state === 'failing' || state === 'stalled';

/** A Brasília wall clock of an instant (the screen's and the mail's own formatter, passed in). */
export type WallClockOf = (iso: string) => { date: string; time: string };

export type IntegrationStatusView = {
  state: IntegrationState;
  /** The badge: "Funcionando", "Tentando de novo", "Pausado"… */
  label: string;
  /** The one line that says it all: "Tentando de novo (6) · HTTP 500 há 25 min · próxima tentativa 02:57". */
  line: string;
  tone: 'ok' | 'warn' | 'bad' | 'off';
};

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);
/** "10 envios na fila", "1 envio na fila", "nada na fila". */
export const queuedText = (n: number) => (n === 0 ? 'nada na fila' : `${plural(n, 'envio', 'envios')} na fila`);

/** "há 25 min", "há 3 h", "há 2 dias" (a moment ago: "agora há pouco"). */
export function agoText(iso: string, now: Date): string {
  const minutes = Math.floor((now.getTime() - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'agora há pouco';
  if (minutes < 60) return `há ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `há ${hours} h`;
  return `há ${Math.floor(hours / 24)} dias`;
}

/** "02:57" today, "28/11 02:57" on another day (Brasília). */
function clockText(iso: string, now: Date, wall: WallClockOf): string {
  const at = wall(iso);
  return at.date === wall(now.toISOString()).date ? at.time : `${at.date.slice(0, 5)} ${at.time}`;
}

/** What the receiver answered last: "HTTP 500", or why there was no answer. */
export function failureReason(status: number | null, error: string | null): string {
  if (status !== null) return `HTTP ${status}`;
  if (error === 'timeout') return 'sem resposta (tempo esgotado)';
  if (error === 'address_not_allowed' || error === 'https_required' || error === 'invalid_url') return 'endereço não permitido';
  return 'sem resposta (rede)';
}

export function describeIntegration(h: IntegrationHealth, now: Date, wall: WallClockOf): IntegrationStatusView {
  const state = integrationState(h, now);
  const clock = (iso: string) => clockText(iso, now, wall);
  switch (state) {
    case 'paused':
      return {
        state, label: 'Pausado', tone: 'bad',
        line: `Pausado desde ${clock(h.pausedAt!)} · HTTP ${h.pausedStatus ?? '—'} · ${queuedText(h.queued)}`,
      };
    case 'off':
      return { state, label: 'Não configurado', tone: 'off', line: integrationOff[h.target] };
    case 'failing': {
      const reason = `${failureReason(h.lastFailureStatus, h.lastFailureError)} ${agoText(h.failingSince!, now)}`;
      if (h.retrying > 0) {
        const next = h.nextAttemptAt ? ` · próxima tentativa ${clock(h.nextAttemptAt)}` : '';
        return { state, label: 'Tentando de novo', tone: 'bad', line: `Tentando de novo (${h.retrying}) · ${reason}${next}` };
      }
      return { state, label: 'Com falha', tone: 'bad', line: `Com falha (${h.gaveUp}) · ${reason}` };
    }
    case 'stalled':
      return { state, label: 'Parado', tone: 'warn', line: `Parado · ${queuedText(h.queued)} desde ${clock(h.oldestDueAt!)}, sem nenhuma tentativa` };
    case 'working': {
      const gaveUp = h.gaveUp > 0 ? ` · ${plural(h.gaveUp, 'envio com falha', 'envios com falha')}` : '';
      return { state, label: 'Funcionando', tone: 'ok', line: `Funcionando · último envio aceito ${agoText(h.lastSentAt!, now)}${gaveUp}` };
    }
    case 'idle':
      return { state, label: 'Ligado', tone: 'warn', line: `Ligado · nenhum envio aceito ainda${h.queued ? ` · ${queuedText(h.queued)}` : ''}` };
  }
}

/** A target without its settings where the site runs (here, not in integrations.ts: Hoje's chunk stays small). */
export const integrationOff: Record<IntegrationTarget, string> = {
  rd: 'O site não tem a chave de API do RD Station: nenhum lead vai para o RD.',
  webhook: 'O site não tem o endereço e o segredo do webhook: nenhum evento é enviado.',
};

/** What "Reenviar todos com falha" did, as integration_resend_failed counts it. */
export type ResendAllResult = { resent: number; retried: number; resumed: boolean; queued: number };

/**
 * The button's answer names each thing it did: "Webhook retomado: 10 envios na fila." when it lifted the
 * pause, the deliveries put back, the retries brought forward; and says so when there was nothing to do.
 */
export function resendAnswer(target: IntegrationTarget, r: ResendAllResult): string {
  const name = integrationCopy.targets[target];
  const parts: string[] = [];
  if (r.resumed) parts.push(`${name} retomado: ${queuedText(r.queued)}.`);
  if (r.resent > 0) parts.push(r.resent === 1 ? '1 envio com falha voltou para a fila.' : `${r.resent} envios com falha voltaram para a fila.`);
  if (r.retried > 0) parts.push(r.retried === 1 ? '1 envio que esperava nova tentativa vai agora.' : `${r.retried} envios que esperavam nova tentativa vão agora.`);
  if (parts.length === 0) return `Nada a reenviar: ${name} sem pausa e sem envios com falha.`;
  return parts.join(' ');
}
