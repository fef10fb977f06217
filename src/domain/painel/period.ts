// The one rule both period pickers share (the lists' "Período", src/islands/painel/DateRange.tsx, and
// Números', src/domain/painel/numbers.ts): its own tiny module, so the console's chunk (DateRange is in
// Reuniões, which loads with the console) carries these words and not the rest of Números.

/** A period whose first day is after its last. */
export const periodOrderMessage = 'A data inicial é depois da final.';
