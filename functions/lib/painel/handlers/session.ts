// Entrar, Sair and Sair de todos os aparelhos: a code by mail, traded once for a session cookie.
import * as z from 'zod/mini';
import { painelMessages, codeMail } from '../../../../src/domain/painel/copy';
import type { Viewer as ViewerAnswer } from '../../../../src/domain/painel/api';
import { flushOutboxLater } from '../../app';
import { HttpError, readJson } from '../../http';
import { composeMail } from '../../mail/layout';
import { sealMessage } from '../../mail/secrets';
import { wallClock } from '../../../../src/lib/meeting-time';
import {
  clearedSessionCookie, CODE_MAX_ATTEMPTS, CODE_RESEND_SECONDS, KNOWN_NETWORK_DAYS, CODE_MAX_WRONG_TOTAL, CODE_TTL_SECONDS, codeHash, CODES_PER_ADDRESS_AND_IP_PER_HOUR,
  CODES_PER_ADDRESS_PER_HOUR, CODES_PER_IP_PER_HOUR, FAILED_SIGN_INS_PER_IP_PER_HOUR, keyedHash, newCode, newSessionToken, normalizeCode,
  SESSION_ABSOLUTE_SECONDS, sessionCookie, sha256Hex,
} from '../auth';
import { painelJson, type PainelContext, type SignedIn } from '../context';
import type { Viewer } from '../store';

const emailSchema = z.email().check(z.maxLength(254));

async function emailOf(ctx: PainelContext): Promise<{ email: string; body: Record<string, unknown> }> {
  const body = await readJson(ctx.req);
  const raw = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const email = typeof raw.email === 'string' ? raw.email.trim() : '';
  if (!emailSchema.safeParse(email).success) throw new HttpError(400, painelMessages.email);
  return { email, body: raw };
}

/**
 * A 429 that says when to try again: the minute (Brasília) the quota frees a place, rounded up so the
 * time named is never early, and Retry-After in seconds to the same instant.
 */
export function limited(words: (time: string) => string, retryAt: string, now: Date): HttpError {
  const at = new Date(Math.ceil(new Date(retryAt).getTime() / 60_000) * 60_000);
  const seconds = Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));
  return new HttpError(429, words(wallClock(at).time), { 'retry-after': String(seconds) });
}

/** POST codigo: the same 202 whether or not the address may enter; a mail only when it may. */
export async function requestCode(ctx: PainelContext): Promise<Response> {
  const { email } = await emailOf(ctx);
  const { app } = ctx;
  const code = newCode();
  const mail = composeMail({ to: email, subject: codeMail.subject }, {
    greeting: 'Olá!',
    blocks: [{ type: 'text', text: codeMail.text(code) }],
    footer: { siteUrl: app.env.siteUrl, note: 'Este e-mail foi enviado porque alguém pediu para entrar no painel com este endereço.' },
  });
  const result = await ctx.painel.requestCode({
    email, emailHash: keyedHash(app.env.painel.hashKey, email.toLowerCase()), ipHash: ctx.ipHash, codeHash: codeHash(email, code),
    message: sealMessage(mail, [code]), mentors: app.env.painel.mentors, ttlSeconds: CODE_TTL_SECONDS,
    perAddressAndIp: CODES_PER_ADDRESS_AND_IP_PER_HOUR, perAddress: CODES_PER_ADDRESS_PER_HOUR, perIp: CODES_PER_IP_PER_HOUR,
    resendSeconds: CODE_RESEND_SECONDS, knownDays: KNOWN_NETWORK_DAYS, now: app.now(),
  });
  if (result.status === 'limited') throw limited(painelMessages.tooManyCodes, result.retry_at, app.now());
  if (result.status === 'sent') flushOutboxLater(app, { waitUntil: ctx.waitUntil });
  return painelJson({ message: painelMessages.codeSent }, 202);
}

/** POST entrar: the code of this address, once, within 10 minutes and 5 tries. */
export async function signIn(ctx: PainelContext): Promise<Response> {
  const { email, body } = await emailOf(ctx);
  const code = normalizeCode(body.code);
  if (!code) throw new HttpError(400, painelMessages.badCode);
  const token = newSessionToken();
  const result = await ctx.painel.signIn({
    email, codeHash: codeHash(email, code), sessionHash: sha256Hex(token), ipHash: ctx.ipHash, mentors: ctx.app.env.painel.mentors,
    maxAttempts: CODE_MAX_ATTEMPTS, maxWrongTotal: CODE_MAX_WRONG_TOTAL, ttlSeconds: CODE_TTL_SECONDS, ipFailures: FAILED_SIGN_INS_PER_IP_PER_HOUR,
    absoluteSeconds: SESSION_ABSOLUTE_SECONDS, now: ctx.app.now(),
  });
  if (result.status === 'limited') throw limited(painelMessages.tooManyTries, result.retry_at, ctx.app.now());
  if (result.status !== 'ok') throw new HttpError(400, painelMessages.badCode);
  const viewer: Viewer = { role: result.role, email: result.email, name: result.name, preseller: result.preseller };
  return painelJson(await viewerAnswer(ctx, viewer), 200, { 'set-cookie': sessionCookie(token) });
}

async function viewerAnswer(ctx: PainelContext, viewer: Viewer): Promise<ViewerAnswer> {
  return { email: viewer.email, role: viewer.role, name: viewer.name, consultants: await ctx.painel.consultants(viewer) };
}

/**
 * GET sessao: who is signed in, or null (the island's first call). Signed out is an answer here, not an
 * error: the sign-in screen is where a signed-out person belongs, and a 401 would be logged as a failure.
 */
export async function session(ctx: PainelContext): Promise<Response> {
  if (!ctx.viewer) return painelJson(null, 200, ctx.sessionHash ? { 'set-cookie': clearedSessionCookie } : {});
  return painelJson(await viewerAnswer(ctx, ctx.viewer));
}

export function signOut(all: boolean) {
  return async (ctx: SignedIn): Promise<Response> => {
    if (ctx.sessionHash) await ctx.painel.signOut(ctx.sessionHash, all, ctx.ipHash, ctx.app.now());
    return painelJson(null, 204, { 'set-cookie': clearedSessionCookie });
  };
}
