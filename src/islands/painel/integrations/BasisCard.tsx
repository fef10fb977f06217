// The mentor's measurement basis (LGPD) for sending hashed contacts to Google and Meta: consent (the form
// shows the unticked box) or legitimate interest, each explained; saved through POST /api/painel/medicao.
// The answer is announced in a status line that takes the focus; a refusal in an alert.
import { useState } from 'react';
import { MEASUREMENT_BASES, measurementBasisLabel, type MeasurementBasis, type MeasurementSettings, type MeasurementSettingsInput } from '../../../domain/conversions';
import { basisCopy as copy, conversionPaths } from '../../../domain/painel/conversions-screen';
import { request } from '../api';
import { BusyButton, PainelForm } from '../form/PainelForm';
import { useFormSubmit } from '../form/useFormSubmit';
import { RadioGroup } from '../RadioGroup';
import { ui } from '../styles';
import { Notice } from '../ui';

const options = MEASUREMENT_BASES.map((value) => ({ value, label: measurementBasisLabel[value] }));

export function BasisCard({ settings, onSaved }: { settings: MeasurementSettings; onSaved: (s: MeasurementSettings) => void }) {
  const [basis, setBasis] = useState<MeasurementBasis | ''>(settings.basis);
  const form = useFormSubmit<'basis'>();
  const id = 'conversoes-base';

  async function save() {
    if (form.refuse({ basis: basis ? null : copy.required }) || !basis) return;
    const result = await form.send(() => request<MeasurementSettings>(conversionPaths.basis, { method: 'POST', body: { basis } satisfies MeasurementSettingsInput }));
    if (!result) return;
    if (!result.ok) return form.setMessage({ kind: 'alert', text: result.error });
    onSaved(result.data);
    form.setMessage({ kind: 'status', text: copy.saved(result.data.basis) });
  }

  return (
    <section aria-labelledby={id} className={`${ui.card} grid gap-4`}>
      <h3 id={id} className={`${ui.subheading} ${ui.wrap}`}>{copy.title}</h3>
      <p className={`text-slate-700 ${ui.wrap}`}>{copy.intro}</p>
      <dl className="grid gap-3">
        {MEASUREMENT_BASES.map((b) => (
          <div key={b}>
            <dt className="font-semibold text-slate-900">{measurementBasisLabel[b]}</dt>
            <dd className={`text-slate-700 ${ui.wrap}`}>{copy.explain[b]}</dd>
          </div>
        ))}
      </dl>
      <PainelForm form={form} onSubmit={() => void save()} className="grid gap-3">
        <RadioGroup id={`${id}-escolha`} legend={copy.legend} hint={copy.note} options={options} value={basis} onValue={setBasis} error={form.errors.basis} />
        <div>
          <BusyButton busy={form.busy} label={copy.save} busyLabel={copy.saving} className={ui.primary} />
        </div>
      </PainelForm>
      <Notice message={form.message} focus />
    </section>
  );
}
