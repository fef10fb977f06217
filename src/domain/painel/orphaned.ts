// Meetings left without their consultant: booked with someone who is now inactive, or who has time off
// over the meeting. One shape and one set of words for everywhere that lists them (Equipe after a day off
// or a deactivation, Hoje's "Precisa de você", the morning mail); the query is
// functions/lib/painel/orphaned-meetings.ts.
export type OrphanReason = 'inactive' | 'off';

/** One meeting its consultant cannot hold, as painel_orphaned_meetings answers it. */
export type OrphanedMeeting = {
  id: string;
  startsAt: string;
  endsAt: string;
  leadId: string;
  leadName: string;
  leadCompany: string;
  consultantId: string;
  consultantName: string;
  consultantEmail: string;
  /** inactive: the consultant was deactivated; off: a time off of theirs covers the meeting. */
  reason: OrphanReason;
  /** The first time off over the meeting (reason 'off'), else null. */
  timeOffId: string | null;
};

/** After a day off or a deactivation (POST team's answer): whose meetings, and which. */
export type OrphanedAnswer = { consultant: string; kind: 'off' | 'deactivate'; meetings: OrphanedMeeting[] };

/** POST reunioes/:id/outro-consultor: what the screen saw, so a moved or cancelled meeting is refused, not moved again. */
export type ReassignInput = { consultantId: string; startsAt: string; idempotencyKey: string };
/** POST reunioes/:id/manter. */
export type KeepInput = { consultantId: string; startsAt: string };
/** Both answers: the sentence to show in place of the meeting's buttons. */
export type OrphanActionAnswer = { message: string };

/** The most meetings one answer lists (a consultant's; more are still in Reuniões and on Hoje). */
export const ORPHANED_LIMIT = 50;

const reunioes = (n: number) => (n === 1 ? '1 reunião' : `${n} reuniões`);

export const orphanedCopy = {
  /** "Mariana tem 1 reunião nesse período" (a day off) / "Mariana tem 2 reuniões marcadas" (a deactivation). */
  heading: (name: string, n: number, kind: OrphanedAnswer['kind']) =>
    kind === 'off' ? `${name} tem ${reunioes(n)} nesse período` : `${name} tem ${reunioes(n)} ${n === 1 ? 'marcada' : 'marcadas'}`,
  hint: 'Reagende cada uma com outro consultor (pelas regras de distribuição; o lead recebe o convite atualizado) ou mantenha com quem está.',
  reassign: 'Reagendar com outro consultor',
  keep: 'Manter',
  reason: { inactive: 'consultor inativo', off: 'consultor de folga' } satisfies Record<OrphanReason, string>,
  moved: (consultant: string, when: string) => `Reagendada com ${consultant} (${when}). O lead recebeu o convite atualizado.`,
  kept: (consultant: string) => `Mantida com ${consultant}.`,
  /** Nobody else free at that time (all off, busy, at their caps, or outside the lead's rule): nothing changed. */
  noneFree: (consultant: string, when: string) =>
    `Nenhum outro consultor está livre em ${when}. A reunião continua com ${consultant}; reagende para outro horário em Reuniões ou mantenha.`,
  cancelled: 'Esta reunião já foi cancelada. Nada foi alterado.',
  changed: (consultant: string, when: string) => `Esta reunião já foi alterada: agora é com ${consultant}, em ${when}. Nada foi alterado.`,
  closed: 'Esta reunião começa em breve ou já começou: não dá mais para reagendar.',
  input: 'Não foi possível ler o pedido. Atualize a página e tente de novo.',
} as const;
