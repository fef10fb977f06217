// Gastos com anúncios' SQL calls, typed (supabase/schemas/functions/spend_*.sql, campaign_map_*.sql):
// painelStore spreads them in. Mentor only: the router refuses everyone else before any of these runs.
import type { CampaignMapView, CampaignSave, SpendImportView, SpendPlatformId } from '../../../src/domain/painel/spend';
import type { Store } from '../store/port';

/** One row per (campaign, day): the import's rows as stored. */
export type StoredSpendRow = { campaign: string; day: string; spendCents: number };
export type NewSpendImport = { platform: SpendPlatformId; fileName: string; fileSha256: string; rows: StoredSpendRow[] };

type Actor = { email: string };

export function spendCalls(store: Store) {
  return {
    /** The import and its rows, ad_spend recomputed for its keys; 'duplicate': the same file is in force, nothing written. */
    importSpend(actor: Actor, file: NewSpendImport, now: Date) {
      return store.call<{ status: 'imported' | 'duplicate'; import: SpendImportView }>('spend_import', {
        platform: file.platform, file_name: file.fileName, file_sha256: file.fileSha256,
        rows: file.rows.map((r) => ({ campaign: r.campaign, day: r.day, spend_cents: r.spendCents })),
        actor: actor.email, now: now.toISOString(),
      });
    },
    undoSpend(actor: Actor, id: string, now: Date) {
      return store.call<{ status: 'missing' } | { status: 'undone' | 'already_undone'; import: SpendImportView }>('spend_undo', {
        id, actor: actor.email, now: now.toISOString(),
      });
    },
    spendImports(): Promise<{ imports: SpendImportView[] }> {
      return store.call('spend_imports_list', {});
    },
    async campaignMap(): Promise<CampaignMapView> {
      // Imported here, not with the module: painelStore (every painel request) spreads these calls in, and
      // src/domain/painel/spend.ts imports zod/mini, whose load is most of a cold painel's import once the
      // handlers load on first use (docs/operations.md "Cold start"). The spend screen has loaded it already.
      const { UTM_LIST_LIMIT } = await import('../../../src/domain/painel/spend');
      return store.call('campaign_map_list', { utm_limit: UTM_LIST_LIMIT });
    },
    saveCampaignMap(actor: Actor, save: CampaignSave, now: Date) {
      return store.call<{ status: 'missing' } | { status: 'saved' | 'cleared' | 'unchanged'; utmCampaign: string | null; leads: number | null }>(
        'campaign_map_save', {
          platform: save.platform, campaign: save.campaign, utm_campaign: save.utmCampaign, actor: actor.email, now: now.toISOString(),
        });
    },
  };
}
