import { z } from 'astro/zod';
import { withPlaceholders } from './placeholders';
import { label } from './shared';

// Copy of /orcamento: page heading, service choices, wizard, scheduling dialog and toasts.
// Every user-facing string of the quote flow lives in content/orcamento.yaml and is typed here,
// so a missing text fails `astro build` instead of rendering an empty label. Texts quoted from the
// product spec ('Finalizar e Agendar', 'Confirmar Agendamento'…) must stay exactly as written.

// The editor at /admin/ trims every text it saves, so the build reads them trimmed too: a space a page needs
// around a link is the page's, never the content's.
const base = z.string().trim().min(1);
const text = withPlaceholders(base, []);
/** A text filled in by the page: it takes exactly these placeholders. */
const template = (...names: string[]) => withPlaceholders(base, names);
const t = (title: string, hint?: string) => label(text, title, hint);
/** A title with its text: a toast, a wizard step, a service choice. */
const titled = z.object({ title: t('Título'), description: t('Texto') });
const toast = (title: string, hint?: string) => label(titled, title, hint);

const field = (title: string) =>
  label(
    z.object({
      label: t('Rótulo'),
      placeholder: label(withPlaceholders(z.string().trim(), []).optional(), 'Exemplo dentro do campo'),
      hint: label(withPlaceholders(z.string().trim(), []).optional(), 'Dica'),
    }),
    title,
  );
const step = (n: number) => label(titled, `Etapa ${n}`);

export const orcamentoSchema = z.object({
  title: t('Título na aba e no Google'),
  description: t('Descrição no Google'),
  heading: t('Título da página'),
  intro: t('Introdução'),
  breadcrumb: t('Nome na trilha de navegação'),
  services: label(
    z.object({
      heading: t('Pergunta'),
      palestras: label(z.object({ title: t('Título'), description: t('Texto'), newTabHint: t('Aviso de nova aba') }), 'Palestras', 'Abre a conversa de Identidade do site → Conversa para contratar palestras.'),
      consultoria: label(titled, 'Consultoria'),
      trafego: label(titled, 'Tráfego pago'),
    }),
    'Escolha do serviço',
  ),
  wizard: label(
    z.object({
      progress: label(template('step', 'total'), 'Progresso', '{step} é a etapa atual e {total} o número de etapas.'),
      backToServices: t('Voltar à escolha do serviço'),
      serviceLabel: t('Rótulo do serviço escolhido'),
      steps: label(z.tuple([step(1), step(2), step(3), step(4)]), 'Etapas (4)'),
      fields: label(
        z.object({
          nomeCompleto: field('Nome completo'),
          cargo: field('Cargo'),
          email: field('E-mail'),
          telefone: field('Telefone'),
          nomeEmpresa: field('Nome da empresa'),
          cnpj: field('CNPJ'),
          faturamento: field('Faturamento'),
          numeroVendedores: field('Número de vendedores'),
          segmento: field('Segmento'),
          outroSegmento: field('Outro segmento'),
          modeloNegocio: field('Modelo de negócio'),
        }),
        'Campos',
      ),
      requiredNote: t('Aviso de campos obrigatórios'),
      back: t('Botão voltar'),
      next: t('Botão próximo'),
      submit: t('Botão enviar', 'O botão da última etapa do formulário, que envia o pedido (hoje: "Finalizar e Agendar").'),
      saving: t('Enviando'),
      honeypotLabel: t('Campo anti-spam', 'Escondido: pessoas não o veem; robôs que o preenchem são ignorados.'),
      consent: label(
        z.object({
          before: t('Antes do link'),
          link: t('Nome da política (link)'),
          after: label(withPlaceholders(z.string().trim(), []), 'Depois do link'),
        }),
        'Consentimento (LGPD)',
        'Sob "Finalizar e Agendar": antes + nome da política com link + depois.',
      ),
    }),
    'Formulário',
  ),
  dialog: label(
    z.object({
      title: t('Título'),
      description: t('Texto'),
      calendarLabel: t('Rótulo do calendário'),
      loadingDays: t('Carregando dias'),
      slotsHeading: t('Título dos horários'),
      selectDateFirst: t('Antes de escolher a data'),
      noSlots: t('Sem horários'),
      loadingSlots: t('Carregando horários'),
      timeZoneLabel: t('Fuso dos horários', 'Mostrado junto aos horários: todos estão no horário de Brasília.'),
      localTime: label(template('time'), 'Horário local', '{time} é o horário de quem agenda; aparece só quando o fuso é outro.'),
      summaryHeading: t('Título do resumo'),
      summaryDate: t('Resumo: data'),
      summaryTime: t('Resumo: horário'),
      summaryConsultant: t('Resumo: consultor'),
      summaryLocation: t('Resumo: como será'),
      summaryEmpty: t('Resumo: vazio'),
      cancel: t('Botão cancelar'),
      close: t('Botão fechar'),
      confirm: t('Botão confirmar', 'O botão que confirma o horário escolhido no calendário (hoje: "Confirmar Agendamento").'),
      confirming: t('Agendando'),
    }),
    'Agendamento',
  ),
  toasts: label(
    z.object({
      saveError: toast('Erro ao salvar'),
      policyChanged: toast('Política atualizada', 'Aparece quando a Política de Privacidade mudou depois que a pessoa abriu a página: ela precisa recarregar a página.'),
      unexpectedError: toast('Erro inesperado'),
      saved: toast('Dados salvos'),
      availabilityError: toast('Erro de disponibilidade'),
      noSlots: toast('Sem horários'),
      schedulingError: toast('Erro ao agendar', 'Aparece quando o agendamento falha: o título vem com a explicação do erro, ou com este texto quando não há explicação.'),
      schedulingUnknown: toast('Erro desconhecido', 'Aparece quando o agendamento falha sem nenhuma explicação (por exemplo, uma instabilidade).'),
      schedulingUnconfirmed: toast('Agendamento não confirmado', 'Aparece quando o site demorou a responder e não se sabe se o horário foi reservado. Quando o site manda a explicação (confira seu e-mail…), ela aparece no lugar deste texto.'),
      slotTaken: toast('Horário tomado', 'Outra pessoa reservou o horário entre a lista e a confirmação.'),
      success: label(
        z.object({
          title: t('Título'),
          description: label(template('consultant', 'date', 'time'), 'Texto', '{consultant}, {date} (dd/mm/aaaa) e {time} são preenchidos.'),
        }),
        'Agendamento feito',
      ),
      offline: toast('Sem conexão', 'O agendamento não pôde ser enviado: nada foi reservado.'),
      regionLabel: t('Nome da área de avisos'),
      closeLabel: t('Fechar aviso'),
    }),
    'Avisos',
  ),
  confirmation: label(
    z.object({
      heading: t('Título'),
      when: t('Quando'),
      localTime: label(template('time', 'zone'), 'Horário local', '{time} e {zone} são o horário e o fuso de quem agendou.'),
      duration: t('Duração'),
      consultant: t('Consultor'),
      location: t('Como será'),
      addToCalendar: t('Adicionar à agenda'),
      googleCalendar: t('Google Agenda'),
      outlook: t('Outlook'),
      icsFile: t('Arquivo .ics'),
      manage: t('Reagendar ou cancelar'),
      manageByEmail: t('Link por e-mail'),
      nextHeading: t('Título dos próximos passos'),
      next: label(z.array(t('Passo')).min(1), 'Próximos passos'),
    }),
    'Confirmação',
    'Fica acima da escolha do serviço depois de agendar, até começar outro orçamento.',
  ),
  upcoming: label(
    z.object({
      heading: t('Título'),
      description: t('Texto'),
      resend: t('Botão reenviar'),
      sending: t('Enviando'),
      sent: t('Enviado'),
      recentlySent: t('Enviado há pouco'),
      failed: t('Falha'),
    }),
    'Reunião já agendada',
    'No lugar do calendário, para um e-mail que já tem reunião (nunca mostra data, horário ou consultor).',
  ),
  noMeeting: label(
    z.object({ heading: t('Título') }),
    'Sem reunião',
    'Aparece no lugar do calendário quando as regras de encaminhamento não oferecem reunião a esse contato; a mensagem e o link são os da regra.',
  ),
  noscript: label(
    z.object({ before: t('Antes do e-mail'), email: t('Entre o e-mail e o chat'), chat: t('Link do chat') }),
    'Sem JavaScript',
    'O e-mail e o chat vêm de Identidade do site.',
  ),
  skeletonLoading: t('Carregando o formulário'),
});

export type OrcamentoContent = z.infer<typeof orcamentoSchema>;
export type WizardCopy = OrcamentoContent['wizard'];
export type DialogCopy = OrcamentoContent['dialog'];
export type ToastCopy = OrcamentoContent['toasts'];
export type ServicesCopy = OrcamentoContent['services'];
export type ConfirmationCopy = OrcamentoContent['confirmation'];
export type UpcomingCopy = OrcamentoContent['upcoming'];
export type NoMeetingCopy = OrcamentoContent['noMeeting'];
