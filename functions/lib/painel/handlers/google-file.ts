// Integrações → Google Ads (mentor): the offline-conversion files' link state and names (GET, POST names),
// and "Gerar novo link" (POST novo-link), whose answer is the only place the link is ever shown: only its
// SHA-256 is stored, so a leaked backup or log cannot open it. Atividade records who made or renamed it.
import {
  googleNamesSchema, googleFileCopy, type GoogleFileLink, type GoogleFileStatus,
} from '../../../../src/domain/painel/google-file';
import { DEFAULT_GOOGLE_CONVERSION_NAMES } from '../../conversions/google-file';
import { googleFileTokenHash, googleFileUrl, newGoogleFileToken } from '../../conversions/google-link';
import { HttpError, readJson } from '../../http';
import { painelJson, type SignedIn } from '../context';

type Stored = Omit<GoogleFileStatus, 'names'> & { names: GoogleFileStatus['names'] | null };

async function settings(ctx: SignedIn, change: { token_hash?: string; names?: GoogleFileStatus['names'] } = {}): Promise<GoogleFileStatus> {
  const s = await ctx.app.store.call<Stored>('google_file_settings', { ...change, now: ctx.app.now().toISOString(), actor: ctx.viewer.email });
  return {
    linked: s.linked === true,
    linkedAt: s.linkedAt,
    names: s.names ?? { ...DEFAULT_GOOGLE_CONVERSION_NAMES },
    lastFetchAt: s.lastFetchAt,
    lastFetchRows: s.lastFetchRows === null ? null : Number(s.lastFetchRows),
  };
}

export async function showGoogleFile(ctx: SignedIn): Promise<Response> {
  return painelJson(await settings(ctx));
}

export async function saveGoogleNames(ctx: SignedIn): Promise<Response> {
  const body = googleNamesSchema.safeParse(await readJson(ctx.req));
  if (!body.success) throw new HttpError(400, googleFileCopy.badName);
  const status = await settings(ctx, { names: body.data.names });
  await ctx.painel.log({ actor: ctx.viewer.email, action: 'google-file:names', subject: null, ipHash: ctx.ipHash }, ctx.app.now());
  return painelJson(status);
}

export async function rotateGoogleLink(ctx: SignedIn): Promise<Response> {
  const token = newGoogleFileToken();
  const status = await settings(ctx, { token_hash: googleFileTokenHash(token) });
  await ctx.painel.log({ actor: ctx.viewer.email, action: 'google-file:link', subject: null, ipHash: ctx.ipHash }, ctx.app.now());
  const site = ctx.app.env.siteUrl;
  const answer: GoogleFileLink = { ...status, links: { clicks: googleFileUrl(site, token, 'cliques.csv'), contacts: googleFileUrl(site, token, 'contatos.csv') } };
  return painelJson(answer);
}
