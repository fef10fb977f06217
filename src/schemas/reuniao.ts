import { z } from 'astro/zod';
import { withPlaceholders } from './placeholders';
import { label } from './shared';

// Copy of /reuniao (manage a booked meeting), the page the manage link in the meeting e-mails opens. Every
// user-facing string of the page lives in content/reuniao.yaml and is typed here; the scheduling dialog
// and its toasts keep orcamento.yaml's. Texts quoted from the product ('Reagendar', 'Cancelar reunião'…)
// must stay exactly as written.

// Trimmed like every text the editor saves.
const base = z.string().trim().min(1);
const t = (title: string, hint?: string) => label(withPlaceholders(base, []), title, hint);

export const reuniaoSchema = z.object({
  title: t('Título na aba'),
  description: t('Descrição'),
  heading: t('Título da página'),
  intro: t('Primeira linha', 'Vale para qualquer situação da reunião: aparece antes de a página ler a reunião.'),
  introState: label(
    z.object({
      changeable: t('Pode mudar'),
      consultantChangeable: t('Consultor pode cancelar'),
      locked: t('Não pode mais mudar'),
      cancelled: t('Cancelada'),
      past: t('Já aconteceu'),
    }),
    'Linha conforme a situação',
    'Só uma reunião que ainda pode mudar oferece mudar; o link do consultor só cancela.',
  ),
  loading: t('Carregando'),
  invalidLinkHint: t('Dica para link inválido', 'Aparece sob "Link inválido ou expirado."'),
  loadError: t('Erro ao carregar'),
  retry: t('Tentar de novo'),
  summary: label(
    z.object({
      service: t('Serviço'),
      date: t('Data'),
      time: t('Horário', 'O horário é mostrado no horário de Brasília.'),
      consultant: t('Consultor'),
      location: t('Como será'),
      status: t('Situação'),
    }),
    'Resumo',
  ),
  status: label(z.object({ scheduled: t('Agendada'), cancelled: t('Cancelada'), past: t('Encerrada') }), 'Situações'),
  consultantNote: t('Aviso ao consultor'),
  actions: label(
    z.object({
      reschedule: t('Reagendar'),
      cancel: t('Cancelar reunião'),
      rescheduleTitle: t('Título do reagendamento'),
      rescheduleDescription: t('Texto do reagendamento'),
    }),
    'Ações',
  ),
  cancelConfirm: label(
    z.object({
      heading: t('Título'),
      text: t('Texto'),
      reasonLabel: t('Rótulo do motivo'),
      reasonHint: t('Dica do motivo'),
      confirm: t('Botão confirmar'),
      confirming: t('Cancelando'),
      back: t('Botão manter'),
    }),
    'Confirmar cancelamento',
  ),
  rescheduled: label(withPlaceholders(base, ['date', 'time'], ['date', 'time']), 'Reagendada', '{date} é dd/mm/aaaa e {time} hh:mm (Brasília).'),
  cancelled: t('Cancelada'),
  bookAgain: t('Agendar nova reunião'),
  locked: label(withPlaceholders(base, ['email'], ['email']), 'Mudanças encerradas', '2 h antes do início. {email} vira um link para o e-mail do site.'),
  toasts: label(
    z.object({ cancelError: label(z.object({ title: t('Título'), description: t('Texto') }), 'Erro ao cancelar') }),
    'Avisos',
  ),
});

export type ReuniaoContent = z.infer<typeof reuniaoSchema>;
