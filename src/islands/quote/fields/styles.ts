// Shared Tailwind classes for the wizard's controls; invalid fields get a red border as well as the message.
export const controlClass = (invalid: boolean) =>
  [
    'block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm',
    'placeholder:text-slate-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:ring-offset-1',
    invalid ? 'border-red-600' : 'border-slate-300',
  ].join(' ');

export const labelClass = 'mb-1.5 block text-sm font-semibold text-slate-800';
