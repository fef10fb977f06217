// GET /api/google-ads/conversoes/:token/{cliques,contatos}.csv → the offline-conversion file Google Ads
// imports (functions/lib/conversions/google-file.ts); a token no link has (never made, or rotated) → 404,
// the same answer as a malformed one.
import type { App } from '../app';
import { allowMethods, guard, HttpError } from '../http';
import {
  googleClickFile, googleContactFile, GOOGLE_FILE_STAGES, GOOGLE_FILE_WINDOW_DAYS, type GoogleConversion, type GoogleConversionNames,
} from '../conversions/google-file';
import { GOOGLE_FILES, googleFileTokenHash, isGoogleFileName, isGoogleFileToken } from '../conversions/google-link';

export const googleFileCopy = { notFound: 'Arquivo não encontrado.' } as const;

type Context = { params?: Record<string, string> };
type Stored = { names: GoogleConversionNames; rows: GoogleConversion[] };

export function createGoogleFileHandler(getApp: () => Promise<App>) {
  return (req: Request, context?: Context) =>
    guard('google-file', async () => {
      allowMethods(req, ['GET', 'HEAD']);
      const [fromPath = '', fileFromPath = ''] = new URL(req.url).pathname.split('/').slice(-2);
      const token = context?.params?.token ?? fromPath;
      const file = context?.params?.file ?? fileFromPath;
      if (!isGoogleFileToken(token) || !isGoogleFileName(file)) throw new HttpError(404, googleFileCopy.notFound);
      const app = await getApp();
      const stored = await app.store.call<Stored | null>('google_file_rows', {
        token_hash: googleFileTokenHash(token), now: app.now().toISOString(), window_days: GOOGLE_FILE_WINDOW_DAYS,
      });
      if (!stored) throw new HttpError(404, googleFileCopy.notFound);
      const rows = stored.rows.filter((r) => (GOOGLE_FILE_STAGES as readonly string[]).includes(r.stage))
        .map((r) => ({ ...r, valueCents: r.valueCents === null ? null : Number(r.valueCents) }));
      const text = GOOGLE_FILES[file] === 'click' ? googleClickFile(rows, stored.names) : googleContactFile(rows, stored.names);
      return new Response(req.method === 'HEAD' ? null : text, {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="conversoes-${file}"`,
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
          'x-robots-tag': 'noindex',
          'referrer-policy': 'no-referrer',
        },
      });
    });
}
