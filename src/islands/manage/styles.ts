// Button looks of /reuniao, matching the quote wizard and the scheduling dialog.
const base =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-5 py-2.5 text-base font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60';

export const buttonStyles = {
  primary: `${base} bg-amber-500 text-slate-950 hover:bg-amber-400`,
  secondary: `${base} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`,
  danger: `${base} bg-red-700 text-white hover:bg-red-800`,
  dangerOutline: `${base} border border-red-300 bg-white text-red-800 hover:bg-red-50`,
} as const;
