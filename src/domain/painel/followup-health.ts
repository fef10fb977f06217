// The follow-up ("Falta só escolher o horário") on the mentor's Integrações screen: what
// GET /api/painel/integracoes/lembrete answers and the words of its card. The mail goes to an address nobody
// verified, so it has hourly budgets by how real a lead looks (functions/lib/followup/rules.ts); this card
// shows the mentor how many leads those budgets held back, how many still wait for a slot and how many
// never got the mail, so a flood of junk forms is visible and a real lead's delay is explained.

export type FollowupTierName = 'known' | 'plausible' | 'other';

export type FollowupHealth = {
  /** Follow-ups queued today (Brasília). */
  sentToday: number;
  /** Leads a cap held back today for the first time, by the cap (whatever came next). */
  capSkippedToday: { sourceCap: number; hourlyCap: number };
  /** Of the leads held back today, those that got the mail later. */
  sentAfterWaitToday: number;
  /** Held back and inside their window: retried when a slot opens. */
  waiting: number;
  /** Held back until their window closed today: never sent. */
  expiredToday: number;
  /** Forms that looked sent by a script today: no mail, for good. */
  automatedToday: number;
  /** The last hour's follow-ups by tier, beside each tier's budget. */
  hour: Record<FollowupTierName, number>;
  budgets: Record<FollowupTierName, number>;
  perSource: number;
  /** Hours a held-back lead is retried for (its window). */
  windowHours: number;
};

export const followupHealthCopy = {
  title: 'Lembrete "Falta só escolher o horário"',
  intro: (windowHours: number) =>
    `O e-mail vai para quem preencheu o formulário e não agendou. Ele tem limites por hora para que formulários falsos não gastem os envios dos leads reais; um lead que passou do limite espera uma vaga e é tentado de novo por até ${windowHours} horas após o formulário.`,
  counts: {
    sentToday: 'Enviados hoje',
    heldToday: 'Adiados pelo limite hoje',
    waiting: 'Esperando vaga agora',
    expiredToday: 'Não enviados (prazo acabou) hoje',
  },
  heldDetail: (h: FollowupHealth) =>
    `Hoje: ${h.capSkippedToday.sourceCap} pelo limite por origem (${h.perSource} por hora de uma mesma rede), ${h.capSkippedToday.hourlyCap} pelo limite da hora; ${h.sentAfterWaitToday} receberam depois de esperar. ${h.automatedToday} formulários pareciam automáticos e não recebem o e-mail.`,
  hourTitle: 'Envios na última hora, por tipo de lead',
  tiers: {
    known: 'Já agendou antes (a pessoa ou a rede)',
    plausible: 'Dados próprios, rede sem rajada',
    other: 'Demais (dados repetidos ou rajada)',
  } satisfies Record<FollowupTierName, string>,
  ofBudget: (used: number, budget: number) => `${used} de ${budget}`,
} as const;
