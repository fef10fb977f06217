// The WhatsApp experiment in Números: show rate by channel (WhatsApp, grupo de controle, sem opt-in) for the
// period, and the two-proportion test's sentence (src/domain/painel/whatsapp-experiment.ts). Its own request,
// after Números' tables: the first screen does not wait for it. It asks for the period the tables show (so a
// period the screen refuses, said once above, is never asked here). Hidden while WhatsApp is off and never was.
import {
  experimentSentence, showExperiment, showRateRows, whatsappExperimentCopy as copy, whatsappShowRatePath, withOutcome, type WhatsAppShowRateView,
} from '../../../domain/painel/whatsapp-experiment';
import type { Period } from '../../../domain/painel/numbers';
import { queryString } from '../api';
import { ui } from '../styles';
import { RetryAlert } from '../ui';
import { useResource } from '../useResource';
import { NumbersTableView } from './NumbersTableView';

interface Props {
  /** The period of the figures on screen (Números' answer, already accepted). */
  period: Period;
}

export function WhatsAppShowRate({ period }: Props) {
  const query = queryString({ periodo: 'personalizado', de: period.de, ate: period.ate });
  const { state, reload } = useResource<WhatsAppShowRateView>(`${whatsappShowRatePath}${query}`);
  if (state.phase === 'loading') return <p role="status" className="text-slate-600">Carregando {copy.title.toLowerCase()}…</p>;
  if (state.phase === 'error') return <RetryAlert error={state.error} onRetry={() => void reload()} />;
  const view = state.data;
  // Without WhatsApp configured and no opted-in lead's meeting, Números stays as it was.
  if (!showExperiment(view)) return null;
  const any = view.channels.some((c) => withOutcome(c) > 0);
  return (
    <NumbersTableView id="numeros-whatsapp" title={copy.title} header={[...copy.header]} rows={any ? showRateRows(view) : []} empty={copy.empty}>
      <p className={`font-medium text-slate-900 ${ui.wrap}`}>{experimentSentence(view)}</p>
      <p className={`${ui.hint} ${ui.wrap}`}>{copy.note}</p>
    </NumbersTableView>
  );
}
