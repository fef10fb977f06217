// "Período": two Brasília dates (AAAA-MM-DD, both inclusive), as the lists' `de`/`ate` take them.
import { ui } from './styles';

interface Props {
  id: string;
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
}

export function DateRange({ id, from, to, onChange }: Props) {
  return (
    <fieldset className="grid min-w-0 gap-1.5">
      <legend className={`${ui.label} mb-1.5`}>Período</legend>
      <div className="grid grid-cols-2 gap-3">
        <div className="grid min-w-0 gap-1">
          <label htmlFor={`${id}-de`} className={ui.hint}>
            De
          </label>
          <input id={`${id}-de`} type="date" value={from} max={to || undefined} onChange={(e) => onChange(e.target.value, to)} className={ui.input} />
        </div>
        <div className="grid min-w-0 gap-1">
          <label htmlFor={`${id}-ate`} className={ui.hint}>
            Até
          </label>
          <input id={`${id}-ate`} type="date" value={to} min={from || undefined} onChange={(e) => onChange(from, e.target.value)} className={ui.input} />
        </div>
      </div>
    </fieldset>
  );
}
