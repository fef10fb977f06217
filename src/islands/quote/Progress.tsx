import { fill } from './format';

/** 'Etapa N de 4' as text and as a bar; the bar is named by the text. */
export function Progress({ step, total, template }: { step: number; total: number; template: string }) {
  const label = fill(template, { step, total });
  return (
    <div>
      <p id="etapa-atual" className="text-sm font-medium text-slate-600">
        {label}
      </p>
      <div
        role="progressbar"
        aria-labelledby="etapa-atual"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={step}
        aria-valuetext={label}
        className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-amber-500 transition-[width]" style={{ width: `${(step / total) * 100}%` }} />
      </div>
    </div>
  );
}
