// Which consultant gets a booking (pure). Order of preference:
// 1. the consultant the lead chose, if still free;
// 2. for a returning lead (same email or CNPJ), the consultant of their earlier meeting, if free;
// 3. the free consultant with the fewest meetings that week, then by name.
import type { PresellerRef } from './slots';

export type AssignmentInput<P extends PresellerRef> = {
  /** Consultants free at the requested time. */
  free: P[];
  chosenId?: string | null;
  previousId?: string | null;
  /** Scheduled meetings per consultant id in the week of the requested date. */
  weekCounts: Record<string, number>;
};

/** Free consultants in the order they should be tried (the next one is used if a booking races). */
export function assignmentOrder<P extends PresellerRef>({ free, chosenId, previousId, weekCounts }: AssignmentInput<P>): P[] {
  const rest = [...free].sort(
    (a, b) => (weekCounts[a.id] ?? 0) - (weekCounts[b.id] ?? 0) || a.name.localeCompare(b.name, 'pt-BR'),
  );
  const first = [chosenId, previousId].flatMap((id) => rest.filter((p) => id && p.id === id));
  return [...new Set([...first, ...rest])];
}
