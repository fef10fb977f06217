// Integrações → conversions sent back to the ad platforms (issue's "close the loop"): what the painel's
// endpoints answer, and the screen's words — the mentor's measurement basis explained, each platform's
// card, its setup steps, and a lead's events. States, stages and reasons are worded once, in
// src/domain/conversions.ts; this module only arranges them.
import { MEASUREMENT_CONSENT, measurementBasisLabel, type MeasurementBasis } from '../conversions';

export const conversionPaths = {
  /** GET → ConversionSummary[] (Meta first, then Google). Mentor only. */
  summary: '/api/painel/integracoes/conversoes',
  /** GET → ConversionEvent[] of the lead (domain/conversions.ts). Mentor only. */
  lead: (leadId: string) => `/api/painel/leads/${leadId}/conversoes`,
  /** POST ConversionResendInput → ConversionEvent[]: "Reenviar" a refused one; 409 { error } otherwise. Mentor only. */
  resend: (leadId: string) => `/api/painel/leads/${leadId}/conversoes/reenviar`,
  /** GET → MeasurementSettings; POST MeasurementSettingsInput → MeasurementSettings, 400 { error }. Mentor only. */
  basis: '/api/painel/medicao',
} as const;

export type ConversionResendInput = { event: string };

export const basisCopy = {
  title: 'Base legal para medir os anúncios',
  intro: 'Para que o Google Ads e a Meta aprendam com quem vira reunião e cliente, o site envia o e-mail e o telefone do lead criptografados (SHA-256). Pela LGPD, isso precisa de uma base legal. Escolha uma:',
  legend: 'Base legal',
  explain: {
    consentimento: `O formulário mostra uma caixa, desmarcada: “${MEASUREMENT_CONSENT.text}”. Só os leads que marcarem a caixa são enviados. É a opção mais segura.`,
    interesse_legitimo: 'Não há caixa no formulário: todos os leads são enviados. Exige que a política de privacidade explique o envio ao Google e à Meta, e que você tenha documentado o teste de balanceamento (guia da ANPD sobre legítimo interesse). Confirme com seu advogado antes de escolher.',
  } satisfies Record<MeasurementBasis, string>,
  note: 'A escolha vale para os leads que chegarem daqui em diante: cada lead guarda a base com que chegou. Um lead sem base nunca é enviado.',
  save: 'Salvar base legal',
  saving: 'Salvando…',
  saved: (basis: MeasurementBasis) => `Base legal salva: ${measurementBasisLabel[basis].toLowerCase()}. Vale para os próximos leads.`,
  required: 'Escolha uma base legal.',
};

export const platformCopy = {
  title: 'Conversões para os anúncios',
  intro: 'Cada lead, reunião agendada, reunião qualificada e negócio ganho vai para a Meta e para o Google Ads, uma vez só por lead e etapa. Os números das plataformas não vão bater com os daqui: elas contam só o que conseguem ligar a um anúncio, na data do clique, e um clique novo leva horas para ser aceito.',
  configured: 'Configurado',
  notConfigured: 'Não configurado',
  googleApi: { on: 'API Data Manager: configurada', off: 'API Data Manager: não configurada (opcional; o arquivo abaixo basta)' },
  lastSent: 'Último envio',
  neverSent: 'Nenhum envio ainda.',
  countsCaption: 'Conversões por situação',
  columns: { state: 'Situação', today: 'Hoje', last7Days: '7 dias' },
  refusalsTitle: 'Últimas recusas',
  noRefusals: 'Nenhuma recusa.',
  erasedLead: 'Lead excluído',
  setupTitle: 'Como configurar',
};

/** Setup steps per platform: which conversion actions to create, and when the qualified meeting becomes the goal. */
export const conversionSetup = {
  meta: [
    'No Gerenciador de Eventos da Meta, abra o conjunto de dados (pixel) do site e copie o ID dele.',
    'Ainda no conjunto de dados: Configurações → API de Conversões → Gerar token de acesso. Copie o token.',
    'Na Netlify (Site configuration → Environment variables), crie META_PIXEL_ID e META_CAPI_TOKEN com esses valores e publique o site de novo. O token nunca aparece aqui nem no navegador.',
    'Para testar: em Eventos de teste, copie o código (ex.: TEST12345), crie META_TEST_EVENT_CODE com ele, envie um lead de teste e veja o evento chegar. Depois apague a variável e publique de novo.',
    'Eventos enviados: Lead (formulário), Schedule (reunião agendada), ReuniaoQualificada e NegocioGanho. No Gerenciador de Eventos, crie conversões personalizadas para ReuniaoQualificada e NegocioGanho.',
    'A Meta só aceita eventos dos últimos 7 dias: registre o desfecho e o negócio ganho em até 7 dias, ou o evento fica como pulado.',
    'Deixe a campanha otimizando por Lead no começo. Troque para ReuniaoQualificada só quando ela tiver volume (por volta de 50 por semana na campanha, o que a Meta pede para sair do aprendizado).',
  ],
  google: [
    'No Google Ads: Metas → Conversões → Nova ação de conversão → Importar → “CRMs, arquivos ou outras fontes de dados” → “Acompanhar conversões de cliques”. Crie duas ações, com os nomes exatamente iguais aos salvos abaixo (padrão: “Reunião qualificada” e “Negócio ganho”).',
    'Crie as duas como metas secundárias. Torne “Reunião qualificada” a meta principal só depois que ela tiver volume (cerca de 30 por mês); até lá, os lances seguem pelo formulário, e a troca cedo demais faz a campanha parar de aprender.',
    'Para os leads sem clique do Google (o arquivo por contato), ative as conversões otimizadas para leads em Metas → Configurações e aceite os termos de dados do cliente.',
    'Gere o link abaixo. No Google Ads, em Ferramentas → Gerenciador de dados (Uploads de conversões), adicione uma fonte por HTTPS com o link de cliques e programe a importação diária; repita com o link de contatos.',
    'Um clique novo só pode ser importado depois de algumas horas: o arquivo traz os últimos 90 dias a cada busca, e o Google ignora o que já importou.',
    'Opcional: envio direto pela API Data Manager, com as variáveis GOOGLE_DATAMANAGER_* na Netlify (docs/mentor/integracoes.md). O arquivo continua valendo.',
  ],
} as const;

export const leadConversionsCopy = {
  title: 'Conversões para os anúncios',
  none: 'Nenhuma conversão registrada para este lead.',
  attempts: (n: number) => (n === 1 ? '1 tentativa' : `${n} tentativas`),
  resend: 'Reenviar',
  resending: 'Reenviando…',
  resent: 'Conversão de volta para a fila: ela vai de novo em instantes.',
};
