// "Qual campanha paga" in Números: per campaign, spend, leads, CPL, cost per booked / held / qualified
// meeting, proposals, wins, revenue and ROAS, with "Sem campanha", the unmapped spend and the total
// (src/domain/painel/campaign-money.ts: the same cells the CSV writes), then each consultant's proposals.
// Its own request, after Números' tables: the first screen does not wait for the money.
import {
  campaignMoneyCopy, campaignMoneyHeader, campaignMoneyPath, campaignMoneyRows, consultantMoneyCells, consultantMoneyHeader,
  dealsCsvPath, type CampaignMoneyView,
} from '../../../domain/painel/campaign-money';
import { RetryAlert } from '../ui';
import { useResource } from '../useResource';
import { ui } from '../styles';
import { NumbersTableView } from './NumbersTableView';

interface Props {
  /** Números' query string (period and touch), "?…". */
  query: string;
}

export function CampaignMoney({ query }: Props) {
  const { state, reload } = useResource<CampaignMoneyView>(`${campaignMoneyPath}${query}`);
  if (state.phase === 'loading') return <p role="status" className="text-slate-600">Carregando {campaignMoneyCopy.title.toLowerCase()}…</p>;
  if (state.phase === 'error') return <RetryAlert error={state.error} onRetry={() => void reload()} />;
  const view = state.data;
  const rows = campaignMoneyRows(view);
  return (
    <div className="grid gap-4 lg:col-span-2">
      <NumbersTableView
        id="numeros-campanhas"
        title={campaignMoneyCopy.title}
        header={[...campaignMoneyHeader]}
        rows={rows.length > 1 ? rows.map((r) => r.cells) : []}
        csvHref={`/api/painel/exportar/campanhas${query}`}
      >
        <p className={ui.hint}>{campaignMoneyCopy.note}</p>
      </NumbersTableView>
      <NumbersTableView
        id="numeros-propostas"
        title={campaignMoneyCopy.consultantsTitle}
        header={[...consultantMoneyHeader]}
        rows={view.consultants.map(consultantMoneyCells)}
      >
        <a href={dealsCsvPath} download className={ui.small}>
          {campaignMoneyCopy.dealsCsv}
        </a>
      </NumbersTableView>
    </div>
  );
}
