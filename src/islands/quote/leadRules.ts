// The lead schema (zod/mini) is only needed when the visitor presses Próximo or Finalizar, so it is
// loaded then (or prefetched when idle once the form is showing) instead of weighing on first paint.
type LeadRules = typeof import('../../domain/lead');

let pending: Promise<LeadRules> | null = null;
export function loadLeadRules(): Promise<LeadRules> {
  pending ??= import('../../domain/lead').catch((error: unknown) => {
    pending = null; // let the next press retry a failed download
    throw error;
  });
  return pending;
}
