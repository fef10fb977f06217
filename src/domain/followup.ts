// "Preencheu mas não agendou" (issue 19, item 9): the personal link mailed to a lead still without a
// meeting 15 minutes after the form. Shared by the wizard (src/islands/quote/followup/) and the functions
// (functions/lib/followup/). The token rides in the fragment (`/orcamento#agendar=<token>`), so it never
// reaches a server log; the wizard posts it in a JSON body.
import type { Service } from './options';

/** POST { token } → 200 FollowupLinkOpened; 404 { error } for an unknown, expired or already used link. */
export const followupLinkPath = '/api/agendar-link';
/** The fragment's name: `${SITE_URL}/orcamento#agendar=<token>`. */
export const FOLLOWUP_FRAGMENT = 'agendar';

export type FollowupLinkRequest = { token: string };
export type FollowupLinkOpened = { success: true; leadId: string; service: Service; firstName: string };
export type FollowupLinkResponse = FollowupLinkOpened | { success: false; error: string };

export const followupMessages = {
  /** 404: unknown, expired (7 days), or the lead (or the same person) already booked. */
  invalidLink: 'Este link de agendamento expirou ou já foi usado. Se você já agendou, os detalhes estão no seu e-mail; se não, preencha o formulário de novo para escolher um horário.',
  invalid: 'Link de agendamento inválido.',
  /** The wizard's button under that message. */
  fillAgain: 'Preencher o formulário',
  /** Any other failure (network, 5xx): the link may still work. */
  failed: 'Não foi possível abrir o agendamento agora. Tente o link do e-mail novamente em instantes.',
} as const;
