// Gastos com anúncios (mentor only; the router has already refused anyone else with 403, a POST from
// another origin with 403 and a request without a live session with 401): a platform's CSV export
// imported whole or not at all, the imports listed and undone, and the map from platform campaigns to
// the leads' utm_campaign values. Each write is one SQL function call (spend-store.ts).
import {
  alreadyUndoneLine, cleanFileName, duplicateLine, FILE_NAME_HEADER, importedLine, parseCampaignSave, savedLine, spendCopy,
  SPEND_CONTENT_TYPES, undoneLine, type CampaignSaved, type SpendImported, type SpendRefused, type SpendUndone, type SpendView,
} from '../../../../src/domain/painel/spend';
import { zonedParts } from '../../../../src/domain/scheduling/time';
import { MAX_SPEND_CENTS_PER_DAY, MAX_SPEND_FILE_BYTES, parseSpendFile, type SpendRow } from '../../../../src/domain/spend/import';
import { HttpError, readCappedBody, readJson } from '../../http';
import { painelJson, type SignedIn } from '../context';
import { pathId } from '../query';
import type { StoredSpendRow } from '../spend-store';

const dayIn = (ctx: SignedIn, instant: Date | string) => zonedParts(new Date(instant), ctx.app.env.scheduling.timeZone).date;
const refused = (body: SpendRefused, status = 400) => painelJson(body, status);

/**
 * One row per (campaign, day), as ad_spend keys them. Two campaigns of one name (different IDs, which the
 * reader keeps apart) are one name to the map and to the cost per campaign, so their spend is added.
 */
export function rowsByDay(rows: SpendRow[]): { rows: StoredSpendRow[] } | SpendRefused {
  const byKey = new Map<string, StoredSpendRow>();
  for (const r of rows) {
    const key = JSON.stringify([r.campaign, r.day]);
    const row = byKey.get(key);
    if (row) row.spendCents += r.spendCents;
    else byKey.set(key, { campaign: r.campaign, day: r.day, spendCents: r.spendCents });
  }
  const merged = [...byKey.values()];
  const over = merged.find((r) => r.spendCents > MAX_SPEND_CENTS_PER_DAY);
  return over ? { error: spendCopy.mergedTooLarge(over.campaign, over.day) } : { rows: merged };
}

/** GET gastos: every import, newest first, and the campaign map with the leads' utm values. */
export async function showSpend(ctx: SignedIn): Promise<Response> {
  const { imports } = await ctx.painel.spendImports();
  const map = await ctx.painel.campaignMap();
  return painelJson({ imports, ...map } satisfies SpendView);
}

/** POST gastos: the file's raw bytes as the body → 201 imported, 200 duplicate, 400 the reader's refusal, 413, 415. */
export async function importSpend(ctx: SignedIn): Promise<Response> {
  const type = (ctx.req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (!(SPEND_CONTENT_TYPES as readonly string[]).includes(type)) {
    await ctx.req.body?.cancel().catch(() => {});
    throw new HttpError(415, spendCopy.wrongType);
  }
  // Refused by its declared length before a byte is read, or at the cap while it streams in.
  const bytes = await readCappedBody(ctx.req, MAX_SPEND_FILE_BYTES);
  if (!bytes) throw new HttpError(413, spendCopy.tooLarge);
  const declared = ctx.req.headers.get('content-length');
  // A body shorter than it said (a host that cut it): a partial file would read as a smaller month.
  if (declared !== null && Number(declared) !== bytes.length) throw new HttpError(400, spendCopy.incomplete);
  if (bytes.length === 0) throw new HttpError(400, spendCopy.emptyFile);

  let parsed: Awaited<ReturnType<typeof parseSpendFile>>;
  try {
    parsed = await parseSpendFile(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), { today: dayIn(ctx, ctx.app.now()) });
  } catch (error) {
    // The reader answers every file it understands in pt-BR; a throw is its bug, never the mentor's 500.
    console.error(`[painel] spend file unreadable: ${error instanceof Error ? error.name : 'unknown'}`);
    return refused({ error: 'O arquivo não pôde ser lido. Exporte de novo direto da plataforma, como CSV.' });
  }
  if ('error' in parsed) return refused(parsed.line === undefined ? { error: parsed.error } : { error: parsed.error, line: parsed.line });
  const merged = rowsByDay(parsed.rows);
  if ('error' in merged) return refused(merged);

  const saved = await ctx.painel.importSpend(ctx.viewer, {
    platform: parsed.platform, fileName: cleanFileName(ctx.req.headers.get(FILE_NAME_HEADER)), fileSha256: parsed.fileSha256, rows: merged.rows,
  }, ctx.app.now());
  const message = saved.status === 'duplicate' ? duplicateLine(saved.import, dayIn(ctx, saved.import.importedAt)) : importedLine(saved.import);
  return painelJson({ status: saved.status, import: saved.import, message } satisfies SpendImported, saved.status === 'imported' ? 201 : 200);
}

/** POST gastos/<id>/desfazer: 200 undone, 200 already undone (nothing changed), 404 unknown. */
export async function undoSpend(ctx: SignedIn): Promise<Response> {
  const done = await ctx.painel.undoSpend(ctx.viewer, pathId(ctx), ctx.app.now());
  if (done.status === 'missing') throw new HttpError(404, spendCopy.importGone);
  const message = done.status === 'undone' ? undoneLine(done.import) : alreadyUndoneLine(done.import, dayIn(ctx, done.import.undoneAt ?? done.import.importedAt));
  return painelJson({ status: done.status, import: done.import, message } satisfies SpendUndone);
}

/** POST campanhas { platform, campaign, utmCampaign | null }: set or clear one mapping. */
export async function saveCampaignMap(ctx: SignedIn): Promise<Response> {
  const parsed = parseCampaignSave(await readJson(ctx.req));
  if (!parsed.ok) return painelJson(parsed.field ? { error: parsed.error, fieldErrors: { [parsed.field]: parsed.error } } : { error: parsed.error }, 400);
  const saved = await ctx.painel.saveCampaignMap(ctx.viewer, parsed.save, ctx.app.now());
  if (saved.status === 'missing') throw new HttpError(404, spendCopy.campaignGone);
  return painelJson({ ...saved, message: savedLine(saved, parsed.save.campaign) } satisfies CampaignSaved);
}
