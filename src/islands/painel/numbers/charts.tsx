// Números' two charts, drawn here as SVG (no chart library: Recharts would add ~100 KB gzip for one
// chart, these are ~1 KB). Each is an image with a one-line summary; its numbers are the table under it.
import { figureLabels as f, formatCount, formatDay, formatRate, rate, type Funnel, type GroupRow } from '../../../domain/painel/numbers';

const BAR = 'fill-amber-500';
const TRACK = 'fill-slate-100';

/** Leads → agendaram → compareceram → qualificados, each bar as wide as its share of the leads. */
export function FunnelChart({ funnel, id }: { funnel: Funnel; id: string }) {
  const steps: [string, number][] = [
    [f.leads, funnel.leads], [f.booked, funnel.booked], [f.attended, funnel.attended], [f.qualified, funnel.qualified],
  ];
  const rowHeight = 34;
  const summary = steps.map(([label, n]) => `${label} ${formatCount(n)}`).join(', ');
  return (
    <svg viewBox={`0 0 320 ${steps.length * rowHeight}`} role="img" aria-labelledby={`${id}-resumo`} className="h-auto w-full max-w-xl">
      <title id={`${id}-resumo`}>{`Funil: ${summary}.`}</title>
      {steps.map(([label, n], i) => {
        const width = funnel.leads > 0 ? Math.max(2, (n / funnel.leads) * 320) : 0;
        const y = i * rowHeight;
        return (
          <g key={label}>
            <rect x={0} y={y + 2} width={320} height={rowHeight - 6} rx={4} className={TRACK} />
            <rect x={0} y={y + 2} width={width} height={rowHeight - 6} rx={4} className={BAR} />
            <text x={8} y={y + rowHeight / 2 + 4} className="fill-slate-950 text-[13px] font-semibold">
              {`${label}: ${formatCount(n)}${i ? ` (${formatRate(rate(n, funnel.leads))})` : ''}`}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** Leads (light) and qualified (dark, in front) per week of the period. */
export function WeeksChart({ weeks, id }: { weeks: GroupRow[]; id: string }) {
  if (weeks.length === 0) return null;
  const width = 600;
  const height = 180;
  const top = Math.max(1, ...weeks.map((w) => w.leads));
  const slot = width / weeks.length;
  const bar = Math.max(2, slot * 0.7);
  const y = (n: number) => height - (n / top) * (height - 20);
  const first = weeks[0].value ?? '';
  const last = weeks[weeks.length - 1].value ?? '';
  const summary = `Semanas de ${formatDay(first)} a ${formatDay(last)}: até ${formatCount(top)} leads por semana, ${formatCount(weeks.reduce((n, w) => n + w.qualified, 0))} qualificados no total.`;
  return (
    <figure className="grid gap-1">
      <svg viewBox={`0 0 ${width} ${height + 18}`} role="img" aria-labelledby={`${id}-resumo`} className="h-auto w-full">
        <title id={`${id}-resumo`}>{summary}</title>
        <line x1={0} x2={width} y1={height} y2={height} className="stroke-slate-400" />
        <text x={0} y={12} className="fill-slate-700 text-[12px]">{formatCount(top)}</text>
        {weeks.map((w, i) => (
          <g key={w.value ?? i}>
            <rect x={i * slot + (slot - bar) / 2} y={y(w.leads)} width={bar} height={height - y(w.leads)} className="fill-slate-300" />
            <rect x={i * slot + (slot - bar) / 2} y={y(w.qualified)} width={bar} height={height - y(w.qualified)} className="fill-amber-600" />
          </g>
        ))}
        <text x={0} y={height + 15} className="fill-slate-700 text-[12px]">{formatDay(first)}</text>
        <text x={width} y={height + 15} textAnchor="end" className="fill-slate-700 text-[12px]">{formatDay(last)}</text>
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-sm text-slate-700">
        <span><span aria-hidden="true" className="mr-1 inline-block size-3 rounded-sm bg-slate-300" />Leads</span>
        <span><span aria-hidden="true" className="mr-1 inline-block size-3 rounded-sm bg-amber-600" />Qualificados</span>
      </figcaption>
    </figure>
  );
}
