// Números' "Período": the presets (src/domain/painel/numbers.ts) and "Personalizado" with two dates,
// checked here with the endpoint's own rules so a wrong period is said at its field, with the focus on it.
import { useRef, useState } from 'react';
import { FIRST_DAY, LAST_DAY, presetLabels, presets, resolvePeriod, type Period, type Preset } from '../../../domain/painel/numbers';
import { useFocusLater } from '../focus';
import { RadioGroup } from '../RadioGroup';
import { ui } from '../styles';
import { TextField } from '../ui';

interface Props {
  preset: Preset;
  period: Period | null;
  today: string;
  onPeriod: (preset: Preset, period?: Period) => void;
}

const options = presets.map((value) => ({ value, label: presetLabels[value] }));

export function PeriodPicker({ preset, period, today, onPeriod }: Props) {
  // "Personalizado" picked but not applied yet; an applied one is the preset itself.
  const [picked, setPicked] = useState(false);
  const [de, setDe] = useState(period?.de ?? '');
  const [ate, setAte] = useState(period?.ate ?? '');
  const [error, setError] = useState<string | null>(null);
  // Another period from outside (Back, an edited address): a "Personalizado" picked and not applied is dropped,
  // so the choice shown is the period the figures are of.
  const [shown, setShown] = useState(preset);
  if (shown !== preset) {
    setShown(preset);
    setPicked(false);
    setError(null);
  }
  const custom = picked || preset === 'personalizado';
  const first = useRef<HTMLInputElement>(null);
  const focusLater = useFocusLater();

  function choose(value: Preset) {
    setError(null);
    if (value === 'personalizado') {
      setPicked(true);
      if (!de && period) setDe(period.de);
      if (!ate && period) setAte(period.ate);
      return;
    }
    setPicked(false);
    onPeriod(value);
  }

  function apply() {
    const asked = resolvePeriod({ periodo: 'personalizado', de, ate }, today);
    if (!asked.ok) {
      setError(asked.error);
      focusLater(first);
      return;
    }
    setError(null);
    onPeriod('personalizado', asked.period);
  }

  return (
    <div className="grid gap-3">
      <RadioGroup id="numeros-periodo" legend="Período" options={options} value={custom ? 'personalizado' : preset} onValue={choose} inline />
      {custom && (
        <form
          noValidate
          aria-label="Período personalizado"
          className="grid gap-3 sm:flex sm:items-start"
          onSubmit={(e) => {
            e.preventDefault();
            apply();
          }}
        >
          <TextField id="numeros-de" label="De" type="date" min={FIRST_DAY} max={LAST_DAY} value={de} onValue={setDe} error={error} inputRef={first} className="sm:w-48" />
          <TextField id="numeros-ate" label="Até" type="date" min={FIRST_DAY} max={LAST_DAY} value={ate} onValue={setAte} aria-invalid={error ? true : undefined} className="sm:w-48" />
          <button type="submit" className={`${ui.secondary} sm:mt-7`}>
            Aplicar
          </button>
        </form>
      )}
    </div>
  );
}
