// What the team reads about a consultant's calendar (issue 33, item 4), in plain pt-BR and in one home:
// the CLI, Equipe, Minha agenda and the mails all take their words from here. No error code, "feed" or
// "sync" ever reaches a screen: a failure code (calendar/sync.ts) becomes a reason in words.
import { zonedParts } from './time';

/** Why a calendar link was refused when saved (functions/lib/calendar/check.ts decides which). */
export type FeedRefusal = 'invalid' | 'internal' | 'silent' | 'missing' | 'login' | 'notIcal' | 'tooLarge' | 'tooManyEvents';

/** What to copy instead, per calendar app: the same three everywhere a refusal is shown. */
export const feedHowTo =
  'Copie o Endereço secreto no formato iCal: no Google Agenda, em Configurações da agenda → Integrar agenda → “Endereço secreto no formato iCal”; no Outlook, em Configurações → Calendário → Calendários compartilhados → Publicar um calendário → link ICS; no iCloud (Apple), em Calendário → Compartilhar calendário → Calendário público → copiar o link (webcal://).';

export const feedRefusalCopy: Record<FeedRefusal, string> = {
  invalid: 'Este endereço não é um link de agenda: use um link que comece com https:// ou webcal://, com até 2.000 caracteres.',
  internal: 'Este endereço é de uma rede interna ou desta máquina: use o link público da agenda.',
  silent: 'A agenda não respondeu a este endereço (tentamos por alguns segundos).',
  missing: 'Este endereço não foi encontrado (a página não existe).',
  login: 'Este endereço pede login: o site só consegue ler uma agenda aberta por um link secreto, sem senha.',
  notIcal: 'Este endereço abre uma página, não uma agenda no formato iCal.',
  tooLarge: 'Esta agenda é grande demais para ser lida (mais de 5 MB).',
  tooManyEvents: 'Esta agenda é grande demais: N eventos, mais do que o site consegue ler a cada atualização. Use uma agenda com menos eventos (por exemplo, uma só com os compromissos de trabalho) ou apague os eventos antigos.',
};

/** The refusal's reason; 'tooManyEvents' says how many the agenda has ("grande demais: 30.000 eventos"). */
export function feedRefusalReason(why: FeedRefusal, events?: number): string {
  if (why !== 'tooManyEvents') return feedRefusalCopy[why];
  return feedRefusalCopy.tooManyEvents.replace('N eventos', events === undefined ? 'eventos demais' : `${events.toLocaleString('pt-BR')} eventos`);
}

/** The whole refusal: the reason, then what to copy. */
export const feedRefusalMessage = (why: FeedRefusal, events?: number) =>
  `${why === 'internal' || why === 'invalid' ? feedRefusalCopy[why] : `${feedRefusalReason(why, events)} Nada foi salvo.`} ${feedHowTo}`;

/** A stored failure code (calendar_http_404, calendar_parse…) as the reason the card shows. */
export function feedProblem(code: string | null): string {
  if (!code) return 'não foi possível ler a agenda';
  if (code === 'calendar_http_401' || code === 'calendar_http_403') return 'a agenda passou a pedir login';
  if (code === 'calendar_http_404' || code === 'calendar_http_410') return 'o endereço da agenda não existe mais';
  if (code.startsWith('calendar_http_')) return 'o servidor da agenda respondeu com erro';
  if (code === 'calendar_parse') return 'o endereço deixou de trazer uma agenda iCal';
  if (code === 'calendar_too_large') return 'a agenda ficou grande demais para ser lida';
  if (code === 'calendar_too_many_events') return 'a agenda ficou grande demais: tem eventos demais para ser lida a cada atualização';
  if (code === 'calendar_address_blocked' || code === 'calendar_redirect_blocked') return 'o endereço da agenda passou a levar a uma rede interna';
  if (code === 'calendar_timeout') return 'a agenda demorou demais para responder';
  return 'a agenda não respondeu';
}

/** Calendar links one person may have read (saved or refused) per hour: each read fetches what they typed. */
export const CALENDAR_CHECKS_PER_HOUR = 20;
export const calendarChecksLimited = 'Muitas tentativas de conectar uma agenda na última hora. Tente de novo mais tarde.';

/** Without a read for this long, a consultant with a calendar is not offered (README "Agendas que param de ser lidas"). */
export const STALE_CALENDAR_MS = 24 * 60 * 60_000;
/** Without a read for this long, the mentor and the consultant are mailed (then at most once a day). */
export const CALENDAR_ALERT_MS = 60 * 60_000;

export const calendarCopy = {
  syncedOk: (when: string) => `Agenda conectada · lida ${when}`,
  pending: 'Agenda conectada · aguardando a primeira leitura',
  failing: (since: string, problem: string) => `Agenda sem leitura ${since}: ${problem}`,
  stale: 'Não recebe agendamentos até a agenda voltar a ser lida.',
  none: 'Agenda não conectada',
  syncTitle: 'Leitura das agendas',
  syncOk: (name: string, when: string) => `${name}: agenda lida ${when}.`,
  syncFailed: (name: string, problem: string) => `${name}: ${problem}.`,
  syncNone: 'Nenhum consultor ativo tem agenda conectada.',
  alertSubject: (name: string) => `A agenda de ${name} não está sendo lida`,
  alertWhat: (name: string, since: string, problem: string) => `A agenda de ${name} não é lida ${since}: ${problem}.`,
  alertEffect: (when: string) =>
    `Enquanto ela não for lida, o site não sabe dos compromissos novos. A partir de ${when} (24 horas sem leitura), o consultor deixa de ser oferecido aos leads até a agenda voltar a ser lida.`,
  alertFix: 'No painel, em Equipe (ou em Minha agenda), cole de novo o endereço da agenda em “Agenda (iCal)”.',
  alertNote: 'Este aviso é enviado no máximo uma vez por dia enquanto a agenda não for lida.',
} as const;

/** "agora", "há 5 minutos", "há 3 horas", "desde 25/11 às 14:00" (a day or more): how long ago, in words. */
export function agoWords(at: Date, now: Date, timeZone: string, since = false): string {
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 1) return since ? 'há menos de um minuto' : 'agora';
  if (minutes < 60) return `há ${minutes === 1 ? '1 minuto' : `${minutes} minutos`}`;
  if (minutes < 24 * 60) return `há ${Math.floor(minutes / 60) === 1 ? '1 hora' : `${Math.floor(minutes / 60)} horas`}`;
  return `desde ${dateTimeWords(at, timeZone)}`;
}

/** "25/11 às 14:00" in the scheduling zone. */
export function dateTimeWords(at: Date, timeZone: string): string {
  const { date, time } = zonedParts(at, timeZone);
  return `${date.slice(8, 10)}/${date.slice(5, 7)} às ${time}`;
}
