// The painel's words that more than one place says: the console, its endpoints, its CSV and its mails.
import type { Attendance, MeetingTab } from './api';

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

/** Errors and answers of the console's endpoints, word for word. */
export const painelMessages = {
  codeSent: 'Se este e-mail tiver acesso ao painel, enviamos um código para ele. O código vale por 10 minutos.',
  badCode: 'Código inválido ou expirado. Confira o código ou peça um novo.',
  email: 'Informe um e-mail válido.',
  code: 'Informe o código recebido por e-mail.',
  signedOut: 'Sua sessão terminou. Entre de novo.',
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
} as const;

/** The mentor's morning mail of meetings still without an outcome. */
export const pendingOutcomesMail = {
  subject: (count: number) => `${count} ${count === 1 ? 'reunião' : 'reuniões'} sem desfecho`,
  intro: 'Estas reuniões já aconteceram e ainda não têm desfecho registrado no painel:',
  action: 'Registrar no painel',
} as const;

/** The sign-in code's mail. */
export const codeMail = {
  subject: 'Seu código de acesso ao painel',
  text: (code: string) => `Seu código de acesso ao painel é: ${code}\n\nEle vale por 10 minutos e só pode ser usado uma vez. Se você não pediu este código, ignore este e-mail.`,
} as const;
