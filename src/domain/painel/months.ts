// A month to pick on a phone: a list of the recent months by name ("novembro de 2026"), newest first,
// instead of a typed "AAAA-MM" (<input type="month"> is a plain text box in some browsers): nothing to
// mistype, nothing to validate, one tap on any phone.

const monthName = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2026-11" → "novembro de 2026". */
export const monthLabel = (month: string) => monthName.format(new Date(`${month}-15T12:00:00Z`));

/** `count` months ending with `current` ("AAAA-MM"), newest first, each as the value and its name. */
export function recentMonths(current: string, count: number): { value: string; label: string }[] {
  const year = Number(current.slice(0, 4));
  const month = Number(current.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, i) => {
    const at = new Date(Date.UTC(year, month - i, 15));
    const value = at.toISOString().slice(0, 7);
    return { value, label: monthLabel(value) };
  });
}
