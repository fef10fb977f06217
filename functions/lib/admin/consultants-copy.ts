// The words of `npm run consultants` and of Equipe / Minha agenda, which run the same commands
// (functions/lib/admin/consultants.ts). Plain pt-BR: the console shows these messages as they are, so none
// names a command ("hours", "sync") or an error code; the usage text is for the terminal only.
import { textLimits } from '../../../src/domain/text';
import { feedRefusalMessage } from '../../../src/domain/scheduling/calendar-copy';
import { ROOM_URL_MAX } from '../../../src/domain/meeting-location';
import { routingUsage } from './routing';

/** A time-off reason is a note for the team ("Férias", "Congresso em SP"), not a document. */
export const TIME_OFF_REASON_MAX = 200;

export const cliCopy = {
  usage: [
    'Uso: npm run consultants -- <comando>',
    '  list',
    '  add "<nome>" <email>',
    '  deactivate <email>   |   reactivate <email>',
    '  rename <email> "<nome>"',
    '  email <email> <novo-email>',
    '  hours <email> "seg-sex 09:00-12:00 13:00-18:00; sab 09:00-12:00"',
    '  off <email> <de> <até> [motivo]      (datas AAAA-MM-DD ou AAAA-MM-DDTHH:MM, horário de Brasília)',
    '  off-remove <email> <id-da-folga>     (os ids aparecem em "list")',
    '  feed <email> <url>   |   feed <email> none',
    '  sala <email> <https-url>   |   sala <email> telefone      (onde as reuniões acontecem; padrão: telefone)',
    '  sync',
    '  agenda-link <email> [--rotate]',
    ...routingUsage,
  ].join('\n'),
  unknownCommand: (c: string) => `Comando desconhecido: "${c}".`,
  arguments: (c: string) => `Argumentos inválidos para "${c}".`,
  email: (e: string) => `E-mail inválido: "${e}".`,
  name: `Informe o nome do consultor (de 2 a ${textLimits.nomeCompleto} caracteres, sem caracteres de controle).`,
  reason: `O motivo da folga pode ter até ${TIME_OFF_REASON_MAX} caracteres, sem caracteres de controle.`,
  unknownConsultant: (e: string) => `Nenhum consultor com o e-mail ${e}.`,
  exists: (e: string) => `Já existe um consultor com o e-mail ${e}. Se ele estiver inativo, use “Reativar” no cartão dele.`,
  emailTaken: (e: string) => `Já existe um consultor com o e-mail ${e}.`,
  dateTime: (s: string) => `Data inválida: "${s}". Use AAAA-MM-DD ou AAAA-MM-DDTHH:MM (horário de Brasília).`,
  order: 'O fim da folga deve ser depois do início.',
  past: 'Esta folga já terminou: escolha um fim no futuro.',
  unknownTimeOff: 'Esta folga não existe mais (talvez já tenha sido removida).',
  timeOffId: 'Folga inválida: use o id mostrado na lista.',
  feedRefused: feedRefusalMessage,
  feedUrl: feedRefusalMessage('invalid'),
  feedInternal: feedRefusalMessage('internal'),
  linkExists: (e: string) =>
    `${e} já tem um link de agenda. Por segurança ele não pode ser exibido de novo; gere um novo (o anterior deixa de funcionar).`,
  added: (n: string, hours: string) => `Consultor ${n} cadastrado, com o horário padrão (${hours}). Enviamos a ele um e-mail de boas-vindas com o endereço do painel.`,
  deactivated: (e: string) => `Consultor ${e} desativado: não recebe novos agendamentos.`,
  reactivated: (e: string) => `Consultor ${e} reativado: volta a receber agendamentos.`,
  renamed: (e: string, n: string) => `Nome de ${e}: ${n}.`,
  emailChanged: (from: string, to: string) => `E-mail alterado de ${from} para ${to}.`,
  hoursSet: (e: string, h: string) => `Horários de ${e}: ${h}.`,
  offSet: (e: string, from: string, to: string) => `Folga de ${e} registrada: ${from} até ${to}.`,
  offRemoved: (e: string) => `Folga de ${e} removida.`,
  feedSet: (e: string, count: number) => `Agenda de ${e} conectada e lida agora (${count === 1 ? '1 compromisso' : `${count} compromissos`} nos próximos dias).`,
  feedRemoved: (e: string) => `Agenda de ${e} desconectada.`,
  roomUrl: `Endereço da sala inválido: use o link https:// da sala de vídeo (Meet, Zoom, Teams…), com até ${ROOM_URL_MAX} caracteres, ou "telefone" para o consultor ligar para o lead.`,
  roomSet: (e: string, url: string) => `Reuniões de ${e}: videochamada na sala ${url}`,
  phoneSet: (e: string) => `Reuniões de ${e}: ligação telefônica (o consultor liga para o lead).`,
  link: (url: string) => `Link de assinatura (trate como senha; quem tiver o link vê as reuniões):\n${url}`,
  none: 'Nenhum consultor cadastrado.',
} as const;
