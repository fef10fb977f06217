// The activity log's action codes in pt-BR, in one place. 'team:<command>' is a consultants command run
// from Equipe; a code not listed here (a newer backend) is shown as it is.
const actionLabels: Record<string, string> = {
  login: 'Entrou no painel',
  login_failed: 'Tentativa de entrada recusada',
  code_requested: 'Pediu código de acesso',
  logout: 'Saiu',
  logout_all: 'Saiu de todos os aparelhos',
  outcome: 'Registrou desfecho',
  meeting_cancelled: 'Cancelou uma reunião',
  meeting_rescheduled: 'Reagendou uma reunião',
  meeting_rebook_link: 'Enviou link para reagendar',
  export_csv: 'Exportou CSV',
  export_data: 'Exportou dados de um lead',
  erase: 'Excluiu dados de um lead',
  'resend:rd': 'Reenviou conversão ao RD Station',
  'resend:webhook': 'Reenviou evento de webhook',
  'team:add': 'Equipe: cadastrou consultor',
  'team:deactivate': 'Equipe: desativou consultor',
  'team:hours': 'Equipe: alterou horários',
  'team:off': 'Equipe: registrou folga',
  'team:feed': 'Equipe: alterou agenda (iCal)',
  'team:sala': 'Equipe: alterou sala de vídeo',
  'team:sync': 'Equipe: sincronizou agendas',
  'team:agenda-link': 'Equipe: gerou link de agenda',
  'team:weight': 'Equipe: alterou peso na distribuição',
  'team:limit': 'Equipe: alterou limites de reuniões',
  'team:mode': 'Equipe: alterou modo de distribuição',
  'team:janela': 'Equipe: alterou período de contagem',
};

export const actionLabel = (code: string) => actionLabels[code] ?? code;
