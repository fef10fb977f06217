// Negociações' SQL calls, typed (supabase/migrations/20261201130000_deals.sql): painelStore spreads them in.
// A consultant's scope (`preseller`) is applied inside the SQL, as for every painel read and write.
import type { DealExportRow, DealInput, DealList } from '../../../src/domain/painel/deals';
import type { Store } from '../store/port';

type Scoped = { role: 'mentor' | 'consultor'; email: string; preseller: string | null };
const scope = (viewer: Scoped) => (viewer.role === 'consultor' ? viewer.preseller : null);

/** painel_deal_save's answer: 'missing' is a lead or deal that is gone (erased) or not the viewer's alike. */
export type DealSaved = { status: 'ok' | 'unchanged' | 'stale'; lead: string; id: string } | { status: 'missing' };

/** One change: create (lead: any submission's id) or update (id, with the version the screen showed). */
export type DealTarget = { lead: string } | { id: string; updatedAt: string };

export function dealCalls(store: Store) {
  return {
    /** The person's deals, newest first, each with its log; null when the lead is gone or not the viewer's. */
    deals(viewer: Scoped, leadId: string): Promise<DealList | null> {
      return store.call('painel_deals', { lead: leadId, preseller: scope(viewer) });
    },
    /** Every deal in the viewer's scope, newest first, for the deals CSV (painel_deals_export). */
    dealsForExport(viewer: Scoped): Promise<DealExportRow[]> {
      return store.call('painel_deals_export', { preseller: scope(viewer) });
    },
    saveDeal(viewer: Scoped, target: DealTarget, deal: DealInput, now: Date, ipHash: string): Promise<DealSaved> {
      return store.call('painel_deal_save', {
        ...('lead' in target ? { lead: target.lead } : { id: target.id, updated_at: target.updatedAt }),
        preseller: scope(viewer), actor: viewer.email, now: now.toISOString(), ip_hash: ipHash,
        stage: deal.stage, value_cents: deal.valueCents, billing: deal.billing, months: deal.months,
        expected_close_on: deal.expectedCloseOn, lost_reason: deal.lostReason, lost_note: deal.lostNote,
      });
    },
  };
}
