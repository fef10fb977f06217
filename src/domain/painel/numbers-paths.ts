// Números' and Hoje's endpoints (re-exported by numbers.ts, their home): a module with no imports, so the
// painel's island can ask for Hoje's figures beside the session check without loading the date code first.
export const numbersPaths = {
  /** GET ?periodo&de&ate&toque → NumbersView; 400 { error } (pt-BR) for a period that cannot be one. */
  numbers: '/api/painel/numeros',
  /** GET the same query and &tabela=<NumbersTable> → text/csv (Excel-safe, as the lists' exports). */
  exportNumbers: '/api/painel/exportar/numeros',
  /** GET → TodayView. */
  today: '/api/painel/hoje',
} as const;
