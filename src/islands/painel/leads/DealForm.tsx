// "Nova proposta" and a deal's change: stage, billing (one-off or monthly, with months), the value as typed
// in reais, the expected close date and, for Perdido, why. The same rules as the endpoint (domain/painel/
// deals.ts) run before sending; a refusal shows beside its field and the first one takes the focus. A
// change is made on the version shown: someone else's save since answers "Recarregue" (409), nothing saved.
import { useEffect, useRef, useState } from 'react';
import { centsToInput, formatBrl, parseBrlCents } from '../../../domain/money';
import {
  cleanDealNote, DEAL_MAX_CENTS, dealBillingLabels, dealBillings, dealCopy, dealPaths, dealRuleErrors, dealStageLabels, dealStages, dealTotalCents,
  LOST_NOTE_MAX, lostReasonLabels, lostReasons, type DealBilling, type DealErrors, type DealField, type DealInput, type DealList, type DealStage,
  type DealView, type LostReason,
} from '../../../domain/painel/deals';
import { request } from '../api';
import { SelectField, TextAreaField, TextField } from '../form/Field';
import { BusyButton, PainelForm } from '../form/PainelForm';
import { useFormSubmit } from '../form/useFormSubmit';
import { RadioGroup } from '../RadioGroup';
import { ui } from '../styles';
import { Notice } from '../ui';

const stageOptions = dealStages.map((value) => ({ value, label: dealStageLabels[value] }));
const billingOptions = dealBillings.map((value) => ({ value, label: dealBillingLabels[value] }));
const reasonOptions = lostReasons.map((value) => ({ value, label: lostReasonLabels[value] }));

interface Props {
  idPrefix: string;
  leadId: string;
  /** The deal changed; none: a new proposal. */
  deal?: DealView;
  onSaved: (list: DealList, status: number) => void;
  onCancel: () => void;
  /** Someone else saved this deal since: read the list again. */
  onReload: () => void;
}

export function DealForm({ idPrefix, leadId, deal, onSaved, onCancel, onReload }: Props) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const [stage, setStage] = useState<DealStage>(deal?.stage ?? 'proposta_enviada');
  const [billing, setBilling] = useState<DealBilling>(deal?.billing ?? 'avulso');
  const [value, setValue] = useState(deal ? centsToInput(deal.valueCents) : '');
  const [months, setMonths] = useState(deal?.months ? String(deal.months) : '');
  const [closeOn, setCloseOn] = useState(deal?.expectedCloseOn ?? '');
  const [reason, setReason] = useState<LostReason | ''>(deal?.lostReason ?? '');
  const [note, setNote] = useState(deal?.lostNote ?? '');
  const [stale, setStale] = useState(false);
  // The button that opened the form is gone: the form's heading takes the focus, so the keyboard starts here.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const form = useFormSubmit<DealField>();
  const { errors } = form;
  const lost = stage === 'perdido';
  const mensal = billing === 'mensal';
  const reading = parseBrlCents(value, DEAL_MAX_CENTS);
  const monthCount = /^\d{1,2}$/.test(months.trim()) ? Number(months.trim()) : null;

  async function submit() {
    const input: DealInput = {
      stage, billing, valueCents: 'cents' in reading ? reading.cents : 0, months: mensal ? monthCount : null, expectedCloseOn: closeOn || null,
      lostReason: lost && reason ? reason : null, lostNote: lost ? cleanDealNote(note) : null,
    };
    const found: DealErrors = { ...dealRuleErrors(input), ...('problem' in reading ? { value: dealCopy.value[reading.problem] } : {}) };
    if (mensal && monthCount === null) found.months = dealCopy.months;
    if (form.refuse(found)) return;
    setStale(false);
    const body = deal ? { ...input, updatedAt: deal.updatedAt } : input;
    const result = await form.send(() => request<DealList>(deal ? dealPaths.one(deal.id) : dealPaths.ofLead(leadId), { method: 'POST', body }));
    if (!result) return;
    if (result.ok) return onSaved(result.data, result.status);
    const refused = result.body as { fieldErrors?: DealErrors } | undefined;
    if (result.status === 400 && refused?.fieldErrors && form.refuse(refused.fieldErrors)) return;
    setStale(result.status === 409);
    form.setMessage({ kind: 'alert', text: result.error });
  }

  const total = mensal && 'cents' in reading && monthCount ? formatBrl(dealTotalCents({ valueCents: reading.cents, billing, months: monthCount })) : null;
  return (
    <PainelForm form={form} onSubmit={() => void submit()} aria-labelledby={id('titulo')} className="grid gap-4 rounded-xl border border-amber-300 bg-amber-50/40 p-4">
      <h4 id={id('titulo')} ref={heading} tabIndex={-1} className="text-base font-bold text-slate-900 focus:outline-none">
        {deal ? 'Alterar negociação' : dealCopy.create}
      </h4>
      <SelectField id={id('etapa')} label="Etapa" options={stageOptions} value={stage} onValue={(v) => setStage(v as DealStage)} error={errors.stage} />
      <RadioGroup id={id('cobranca')} legend="Cobrança" options={billingOptions} value={billing} onValue={setBilling} error={errors.billing} inline />
      <TextField
        id={id('valor')}
        label={mensal ? 'Valor mensal (R$)' : 'Valor (R$)'}
        inputMode="decimal"
        maxLength={40}
        value={value}
        onValue={setValue}
        hint="Por exemplo 12.345,67"
        error={errors.value}
      />
      {mensal && (
        <TextField
          id={id('meses')}
          label="Meses"
          inputMode="numeric"
          maxLength={2}
          value={months}
          onValue={setMonths}
          hint={total ? `Total: ${total}` : `De 1 a 60 meses; o total é o valor mensal × meses.`}
          error={errors.months}
        />
      )}
      <TextField id={id('fechamento')} label="Previsão de fechamento (opcional)" type="date" value={closeOn} onValue={setCloseOn} error={errors.expectedCloseOn} />
      {lost && (
        <>
          <SelectField id={id('motivo')} label="Motivo da perda" options={reasonOptions} empty="Escolha" value={reason} onValue={(v) => setReason(v as LostReason | '')} error={errors.lostReason} />
          <TextAreaField
            id={id('observacao')}
            label={reason === 'outro' ? 'Descreva o motivo' : 'Observação (opcional)'}
            rows={3}
            maxLength={LOST_NOTE_MAX}
            value={note}
            onValue={setNote}
            hint={<span className="tabular-nums">{note.length} de {LOST_NOTE_MAX} caracteres</span>}
            error={errors.lostNote}
          />
        </>
      )}
      <Notice message={form.message} focus />
      {stale && (
        <button type="button" onClick={onReload} className={ui.secondary}>
          Recarregar
        </button>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        <BusyButton busy={form.busy} label={deal ? 'Salvar alterações' : 'Salvar proposta'} busyLabel="Salvando…" className={ui.primary} />
        <button type="button" onClick={onCancel} className={ui.secondary}>
          Cancelar
        </button>
      </div>
    </PainelForm>
  );
}
