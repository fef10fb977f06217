// The painel's words that more than one place says: the console, its endpoints, its CSV and its mails.
// (The meeting screens' newer words are in meeting-copy.ts: this module rides in the sign-in screen's chunk.)
import type { Attendance, DeliveryFilter, DeliveryStatus, IntegrationTarget, MeetingTab, TouchKey } from './api';

export const attendanceLabels: Record<Attendance, string> = {
  attended: 'Compareceu',
  lead_no_show: 'Lead não compareceu',
  consultant_no_show: 'Consultor não compareceu',
};

/** A meeting's stored status. */
export const meetingStatusLabels = { scheduled: 'Agendada', cancelled: 'Cancelada' } as const;

export const tabLabels: Record<MeetingTab, string> = {
  proximas: 'Próximas',
  'sem-desfecho': 'Sem desfecho',
  canceladas: 'Canceladas',
  passadas: 'Passadas',
};

export const roleLabels = { mentor: 'Mentor', consultor: 'Consultor' } as const;

/** 'Excluir dados': what the erasure takes and what it leaves elsewhere (#32 item 7). */
export const eraseCopy = {
  loading: 'Verificando o que será excluído…',
  teamAddress:
    'Atenção: este e-mail é de alguém da equipe (consultor ou mentor). Só os dados deste lead serão excluídos; os e-mails da equipe sobre outros leads ficam.',
  leadsTitle: (n: number) => (n === 1 ? 'Será excluído o envio desta pessoa:' : `Serão excluídos os ${n} envios desta pessoa (mesmo e-mail, com ou sem pontos ou +etiqueta):`),
  upcomingTitle: (n: number) =>
    n === 1 ? 'Esta reunião futura será cancelada antes; o consultor recebe o cancelamento na agenda:' : `Estas ${n} reuniões futuras serão canceladas antes; cada consultor recebe o cancelamento na agenda:`,
  noUpcoming: 'Nenhuma reunião futura a cancelar.',
  mailsGo: 'Também são apagados os e-mails guardados sobre esta pessoa e os envios ao RD Station ou ao webhook que ainda não saíram.',
  rdStays: 'O contato continua no RD Station Marketing, que recebeu os dados: exclua-o lá também.',
  rdLink: 'Abrir a base de contatos do RD Station (nova aba)',
  rdUrl: 'https://app.rdstation.com.br/leads',
} as const;

/** Errors and answers of the console's endpoints, word for word. */
export const painelMessages = {
  codeSent: 'Se este e-mail tiver acesso ao painel, enviamos um código para ele. O código vale por 10 minutos.',
  badCode: 'Código inválido ou expirado. Confira o código ou peça um novo.',
  /** A refused code request or sign-in names the time (Brasília) its quota frees a place. */
  tooManyCodes: (time: string) => `Muitos pedidos de código. Tente de novo às ${time}.`,
  tooManyTries: (time: string) => `Muitas tentativas. Tente de novo às ${time}.`,
  email: 'Informe um e-mail válido.',
  code: 'Informe o código recebido por e-mail.',
  signedOut: 'Sua sessão terminou. Entre de novo.',
  signedOutEverywhere: 'Você saiu do painel em todos os aparelhos.',
  forbidden: 'Você não tem acesso a esta função do painel.',
  notFound: 'Não encontrado.',
  crossOrigin: 'Pedido recusado: envie pelo próprio painel.',
  badQuery: 'Filtro inválido. Revise os filtros e tente de novo.',
  notStarted: 'O desfecho só pode ser registrado depois do início da reunião.',
  cancelled: 'Esta reunião foi cancelada; não há desfecho a registrar.',
  outcome: 'Escolha se houve comparecimento e se o lead é qualificado.',
  note: 'A observação pode ter até 1.000 caracteres, sem caracteres de controle.',
  confirmErase: 'Para excluir, digite o e-mail do lead exatamente como aparece.',
  badCommand: 'Comando inválido.',
  alreadySent: 'Esta entrega já foi enviada; não há o que reenviar.',
  notResendable: 'Só uma entrega que falhou ou está pausada pode ser reenviada.',
  cancelReason: 'Informe o motivo em uma linha, com até 200 caracteres, sem caracteres de controle.',
  alreadyCancelled: 'Esta reunião já foi cancelada.',
  rescheduleInput: 'Escolha um dia e um horário da lista.',
} as const;


/** A lead's first and last touch: each field's label (the CSV's headers add the touch's name). */
export const touchLabels: Record<TouchKey, string> = {
  utm_source: 'Origem',
  utm_medium: 'Mídia',
  utm_campaign: 'Campanha',
  utm_term: 'Termo',
  utm_content: 'Conteúdo',
  gclid: 'gclid (Google Ads)',
  gbraid: 'gbraid (Google Ads)',
  wbraid: 'wbraid (Google Ads)',
  fbclid: 'fbclid (Meta)',
  referrer_host: 'Site de origem',
  landing_path: 'Página de entrada',
};

export const attributionCopy = {
  title: 'Origem do tráfego',
  firstTouch: '1º toque',
  lastTouch: 'Último toque',
  none: 'Sem dados de campanha.',
  /** Before the first touch's summary in the leads list: 'Origem: google / cpc · solar-pr'. */
  listPrefix: 'Origem:',
  /** The CSV's header of one field of one touch: "1º toque: origem". */
  csvHeader: (touch: string, key: TouchKey) => `${touch}: ${touchLabels[key].charAt(0).toLowerCase()}${touchLabels[key].slice(1)}`,
  optIn: 'Quero receber conteúdos por e-mail',
  optInCsv: 'Aceita e-mail marketing',
  optInAtCsv: 'Aceite de e-mail marketing em',
  yes: 'Sim',
  no: 'Não',
} as const;

/** The lead's RD Station and webhook deliveries ("Integrações"). */
export const integrationCopy = {
  title: 'Integrações',
  none: 'Nenhuma entrega para RD Station ou webhook.',
  targets: { rd: 'RD Station', webhook: 'Webhook' } satisfies Record<IntegrationTarget, string>,
  statuses: {
    sent: 'Enviado',
    pending: 'Pendente',
    retrying: 'Tentando de novo',
    failed: 'Falhou',
    paused: 'Pausado',
  } satisfies Record<DeliveryStatus, string>,
  events: {
    'orcamento-site': 'Orçamento pelo site',
    'reuniao-agendada': 'Reunião agendada',
    'reuniao-realizada': 'Reunião realizada',
    'lead.created': 'Lead criado',
    'meeting.booked': 'Reunião agendada',
    'meeting.rescheduled': 'Reunião remarcada',
    'meeting.cancelled': 'Reunião cancelada',
    'meeting.outcome_recorded': 'Desfecho registrado',
    'lead.erased': 'Dados do lead excluídos',
  } as Record<string, string>,
  attempts: 'Tentativas',
  lastStatus: 'Última resposta HTTP',
  lastError: 'Último erro',
  /** A pt-BR explanation of the last error (src/domain/painel/integrations.ts explainError). */
  meaning: 'O que significa',
  sentAt: 'Enviado em',
  nextAttempt: 'Próxima tentativa',
  failedAt: 'Falhou em',
  eventUuid: 'event_uuid (RD)',
  resend: 'Reenviar',
  resending: 'Reenviando…',
  resent: (target: string, event: string) => `Reenvio agendado: ${target} · ${event}.`,
  /** The leads list's filter (its label is `title`): every lead, or those with a delivery to fix. */
  filterAll: 'Todas',
  filters: { falha: 'Com falha ou pausadas' } satisfies Record<DeliveryFilter, string>,
} as const;

/** The mentor's morning mail of meetings still without an outcome. */
export const pendingOutcomesMail = {
  subject: (count: number) => `${count} ${count === 1 ? 'reunião' : 'reuniões'} sem desfecho`,
  intro: 'Estas reuniões já aconteceram e ainda não têm desfecho registrado no painel:',
  action: 'Registrar no painel',
  /** The leads' own cancellations and moves of the last 24 hours, under the pending outcomes. */
  changesTitle: 'Mudanças feitas pelos leads nas últimas 24 horas:',
  changesSubject: (count: number) => `${count} ${count === 1 ? 'mudança feita por lead' : 'mudanças feitas por leads'}`,
  /** Yesterday's figures (those of Hoje's "Ontem", from painel_numbers) and today's meetings, above the rest. */
  summarySubject: (leads: number, meetings: number) =>
    `Ontem: ${leads} ${leads === 1 ? 'lead' : 'leads'} · hoje: ${meetings} ${meetings === 1 ? 'reunião' : 'reuniões'}`,
  yesterdayLeads: (day: string) => `Leads de ontem (${day})`,
  yesterdayMeetings: 'Reuniões de ontem',
  yesterdayDeals: 'Negociações de ontem',
  today: (day: string, count: number) => (count === 0 ? `Nenhuma reunião marcada para hoje (${day}).` : `Reuniões de hoje (${day}):`),
  openToday: 'Abrir Hoje no painel',
} as const;

/** The sign-in code's mail. */
export const codeMail = {
  subject: 'Seu código de acesso ao painel',
  text: (code: string) => `Seu código de acesso ao painel é: ${code}\n\nEle vale por 10 minutos e só pode ser usado uma vez. Se você não pediu este código, ignore este e-mail.`,
} as const;

/** Leads as persons (#32 items 4–6): one row per e-mail identity, its submissions, its routing outcome. */
export const personCopy = {
  submissions: (n: number) => (n === 1 ? '1 envio' : `${n} envios`),
  routing: (rule: string) => `Encaminhamento: ${rule}`,
  ruleFilter: 'Encaminhamento',
  ruleAll: 'Todas',
  /** The list's real total, every page (not the page's size). */
  total: (n: number) => (n === 1 ? '1 lead encontrado' : `${n.toLocaleString('pt-BR')} leads encontrados`),
  submissionsTitle: 'Envios do formulário',
  thisSubmission: 'este envio',
  receivedAt: 'Recebido em',
} as const;
