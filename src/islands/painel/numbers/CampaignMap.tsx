// "Campanhas": which utm_campaign value (what the leads carry) each platform campaign with spend counts for.
// Unmapped ones come first and are counted with the spend they leave out of the cost per campaign; a row
// without a mapping opens with the suggestion (src/domain/spend/campaign-map.ts) filled in and marked,
// saved only when the mentor presses "Salvar". A save changes its row in place: the list keeps its order
// until the next load, so the row (and the focus on it) does not jump away.
import { useMemo, useState } from 'react';
import { formatBrl } from '../../../domain/money';
import { platformLabels, spendCopy, unmappedLine, type MappedCampaign, type SpendView } from '../../../domain/painel/spend';
import { brDate } from '../../../domain/scheduling/time';
import { suggestCampaignMap, type CampaignSuggestion } from '../../../domain/spend/campaign-map';
import { TextField } from '../form/Field';
import { BusyButton, PainelForm } from '../form/PainelForm';
import { useFormSubmit } from '../form/useFormSubmit';
import { ui } from '../styles';
import { Notice } from '../ui';
import { saveCampaign } from './useSpend';

const DATALIST = 'gastos-utm-valores';

export function CampaignMap({ view, onSaved }: { view: SpendView; onSaved: (campaigns: MappedCampaign[]) => void }) {
  const suggestions = useMemo(
    () => new Map(suggestCampaignMap(view.campaigns.map((c) => c.campaign), view.utmCampaigns.map((u) => u.value)).map((s) => [s.campaign, s])),
    [view.campaigns, view.utmCampaigns],
  );
  const unmapped = unmappedLine(view.campaigns);
  const saved = (next: MappedCampaign) =>
    onSaved(view.campaigns.map((c) => (c.platform === next.platform && c.campaign === next.campaign ? next : c)));
  return (
    <section aria-labelledby="gastos-campanhas" className="grid min-w-0 content-start gap-3">
      <h4 id="gastos-campanhas" className="text-base font-bold text-slate-900">
        {spendCopy.campaignsTitle}
      </h4>
      {view.campaigns.length === 0 ? (
        <p className={ui.hint}>{spendCopy.noCampaigns}</p>
      ) : (
        <p className={unmapped ? ui.warning : ui.hint}>{unmapped ?? 'Todas as campanhas com gasto contam para um utm_campaign.'}</p>
      )}
      <datalist id={DATALIST}>
        {view.utmCampaigns.map((u) => (
          <option key={u.value} value={u.value} label={`${u.leads.toLocaleString('pt-BR')} ${u.leads === 1 ? 'lead' : 'leads'}`} />
        ))}
      </datalist>
      <ul className="grid gap-3">
        {view.campaigns.map((c, i) => (
          <CampaignRow key={`${c.platform}\u0000${c.campaign}`} id={`gastos-campanha-${i}`} item={c} suggestion={suggestions.get(c.campaign)} onSaved={saved} />
        ))}
      </ul>
    </section>
  );
}

type RowProps = { id: string; item: MappedCampaign; suggestion: CampaignSuggestion | undefined; onSaved: (next: MappedCampaign) => void };

function CampaignRow({ id, item, suggestion, onSaved }: RowProps) {
  const form = useFormSubmit<'utmCampaign'>();
  const suggested = item.utmCampaign === null && suggestion && suggestion.match !== 'none' ? suggestion.utmCampaigns[0] : null;
  const [value, setValue] = useState(item.utmCampaign ?? suggested ?? '');
  const mark = suggested !== null && value === suggested ? (suggestion?.match === 'exact' ? spendCopy.suggestedExact : spendCopy.suggestedFolded) : undefined;

  const save = (utmCampaign: string | null) =>
    void form.send(async () => {
      const result = await saveCampaign({ platform: item.platform, campaign: item.campaign, utmCampaign });
      if (!result.ok) {
        const fieldError = (result.body as { fieldErrors?: { utmCampaign?: string } } | undefined)?.fieldErrors?.utmCampaign;
        if (fieldError) form.refuse({ utmCampaign: fieldError });
        else form.setMessage({ kind: 'alert', text: result.error });
        return;
      }
      form.refuse({});
      if (result.data.utmCampaign === null) setValue('');
      else setValue(result.data.utmCampaign);
      form.setMessage({ kind: 'status', text: result.data.message });
      onSaved({ ...item, utmCampaign: result.data.utmCampaign });
    }, utmCampaign === null ? 'clear' : 'save');

  return (
    <li className={`rounded-xl border p-3 ${item.utmCampaign === null ? 'border-amber-300 bg-amber-50/40' : 'border-slate-200 bg-white'}`}>
      <PainelForm form={form} onSubmit={() => save(value)}>
        <fieldset className="grid min-w-0 gap-2">
          <legend className={`font-semibold text-slate-900 ${ui.wrap}`}>{item.campaign}</legend>
          <p className="text-sm text-slate-700">
            {`${platformLabels[item.platform]} · ${formatBrl(item.totalCents)} · ${brDate(item.firstDay)} a ${brDate(item.lastDay)}`}
          </p>
          <p className={`text-sm font-medium ${ui.wrap} ${item.utmCampaign === null ? 'text-amber-900' : 'text-slate-900'}`}>
            {item.utmCampaign === null ? 'Sem correspondência' : `Conta para: ${item.utmCampaign}`}
          </p>
          <TextField id={`${id}-utm`} label={spendCopy.utmLabel} list={DATALIST} value={value} onValue={setValue} hint={mark} error={form.errors.utmCampaign}
            spellCheck={false} autoCapitalize="none" enterKeyHint="done" />
          <div className="flex flex-wrap gap-2">
            <BusyButton busy={form.sending === 'save'} disabled={form.busy} label={spendCopy.save} busyLabel="Salvando…" className={ui.primary} />
            {item.utmCampaign !== null && (
              <BusyButton type="button" busy={form.sending === 'clear'} disabled={form.busy} label={spendCopy.clear} busyLabel="Removendo…"
                className={ui.secondary} onClick={() => save(null)} />
            )}
          </div>
          <Notice message={form.message} focus />
        </fieldset>
      </PainelForm>
    </li>
  );
}
