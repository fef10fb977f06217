// Looks of the console: the buttons of /reuniao (src/islands/manage/styles.ts, same palette as the quote
// wizard) plus fields and cards. Written again rather than imported: a module shared with /reuniao becomes
// a chunk of its own there, and /reuniao's 80 KB budget has no room for the extra request.
const focusRing = 'focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:ring-offset-2';
const base = `inline-flex min-h-11 items-center justify-center rounded-lg px-5 py-2.5 text-base font-semibold ${focusRing} disabled:cursor-not-allowed disabled:opacity-60`;

const buttonStyles = {
  primary: `${base} bg-amber-500 text-slate-950 hover:bg-amber-400`,
  secondary: `${base} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`,
  danger: `${base} bg-red-700 text-white hover:bg-red-800`,
  dangerOutline: `${base} border border-red-300 bg-white text-red-800 hover:bg-red-50`,
};

export const ui = {
  ...buttonStyles,
  /** A link that reads as a secondary button (downloads). */
  linkButton: `${buttonStyles.secondary} no-underline`,
  small: `inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 ${focusRing} disabled:cursor-not-allowed disabled:opacity-60`,
  label: 'text-sm font-medium text-slate-800',
  input:
    'block min-h-11 w-full min-w-0 rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-500 aria-[invalid=true]:border-red-700',
  hint: 'text-sm text-slate-600',
  /** A consequence to read before confirming (not an error). */
  warning: 'rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950',
  error: 'text-sm font-medium text-red-700',
  card: 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5',
  heading: 'text-2xl font-bold tracking-tight text-slate-900 focus:outline-none',
  subheading: 'text-lg font-bold text-slate-900 focus:outline-none',
  /** A whole list row that opens a detail. */
  row: `block w-full min-h-11 rounded-xl border border-slate-200 bg-white px-4 py-3 text-left hover:border-amber-400 hover:bg-amber-50 ${focusRing}`,
  focusRing,
  /** A text link (mailto:, tel:) that is still a 44 px target. */
  link: `inline-flex min-h-11 items-center font-semibold text-slate-900 underline ${focusRing} [overflow-wrap:anywhere]`,
  /** Long addresses and names wrap instead of widening the page at 390 px. */
  wrap: '[overflow-wrap:anywhere]',
} as const;
