// The WhatsApp experiment in Números: the contract of GET /api/painel/numeros/whatsapp, its table (show rate by
// channel) and the sentence on whether WhatsApp's difference from the control group is larger than chance.
// What each count counts is decided once in SQL painel_whatsapp_show_rate; this module only divides and words.
import { comparisonSentence } from '../two-proportion';
import { formatRate, rate, type Period } from './numbers';

/** The lead's group as drawn at opt-in: WhatsApp, held out (e-mail only), or no opt-in at all. */
export type ShowRateChannel = 'whatsapp' | 'holdout' | 'none';
export type ChannelShowRate = { channel: ShowRateChannel; attended: number; noShow: number };
/** `configured`: the WHATSAPP_* settings are there (without them, and without past opt-ins, the section is not shown). */
export type WhatsAppShowRateView = { period: Period; configured: boolean; channels: ChannelShowRate[] };

export const whatsappShowRatePath = '/api/painel/numeros/whatsapp';

export const whatsappExperimentCopy = {
  title: 'Comparecimento por canal (WhatsApp)',
  channels: { whatsapp: 'WhatsApp', holdout: 'Grupo de controle', none: 'Sem opt-in' } satisfies Record<ShowRateChannel, string>,
  header: ['Canal', 'Reuniões com resultado', 'Compareceu', 'Faltou', 'Comparecimento'],
  note:
    'Reuniões com início no período e desfecho registrado (compareceu ou faltou; quando o consultor faltou, a reunião não entra na conta). ' +
    'O grupo de controle são leads que aceitaram o WhatsApp e foram sorteados para receber só e-mail: o teste compara WhatsApp com esse grupo. ' +
    '"Sem opt-in" aparece só como referência, porque quem não aceitou pode ser diferente de quem aceitou.',
  empty: 'Nenhuma reunião com resultado no período.',
} as const;

type Cell = string | number;

/** "Reuniões com resultado" of a channel: attended + lead no-shows. */
export const withOutcome = (c: ChannelShowRate) => c.attended + c.noShow;

/** One row per channel, as the screen shows it. */
export const showRateRows = (view: WhatsAppShowRateView): Cell[][] =>
  view.channels.map((c) => [
    whatsappExperimentCopy.channels[c.channel], withOutcome(c), c.attended, c.noShow, formatRate(rate(c.attended, withOutcome(c))),
  ]);

/** Whether Números shows the section: WhatsApp is configured, or the period has meetings of opted-in leads. */
export const showExperiment = (view: WhatsAppShowRateView) =>
  view.configured || view.channels.some((c) => c.channel !== 'none' && withOutcome(c) > 0);

const zero = (channel: ShowRateChannel): ChannelShowRate => ({ channel, attended: 0, noShow: 0 });

/** The two-proportion test's sentence: WhatsApp against the control group (the randomised pair). */
export function experimentSentence(view: WhatsAppShowRateView): string {
  const of = (channel: ShowRateChannel) => view.channels.find((c) => c.channel === channel) ?? zero(channel);
  const group = (channel: ShowRateChannel, name: string) => ({ name, successes: of(channel).attended, trials: withOutcome(of(channel)) });
  return comparisonSentence(group('whatsapp', 'WhatsApp'), group('holdout', 'grupo de controle'), 'Comparecimento');
}
