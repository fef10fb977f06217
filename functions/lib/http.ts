// HTTP plumbing shared by the functions: JSON answers, body limits, method checks, error mapping.
import { apiMessages } from '../../src/domain/api';
import { StoreUnavailableError } from './store/errors';
import { isStorableJson } from '../../src/domain/text';

export const MAX_BODY_BYTES = 16 * 1024;

export const copy = {
  tooLarge: 'Dados enviados são grandes demais.',
  notJson: 'Envie os dados em formato JSON.',
  badJson: 'Não foi possível ler os dados enviados.',
  badText: 'O texto enviado tem caracteres inválidos. Apague-os e tente de novo.',
  method: 'Método não permitido.',
  unavailable: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
  unexpected: 'Erro inesperado. Tente novamente ou entre em contato conosco.',
} as const;

/**
 * Headers every function answer carries itself: Netlify applies netlify.toml [[headers]] to static
 * files only, never to function responses. Answers are personal or time-dependent: never cached.
 */
export const apiHeaders = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...apiHeaders, ...headers },
  });
}

/**
 * 429 of an endpoint's rate limit in its own error body (`shape`), with Retry-After in seconds. Function
 * modules export it as `rateLimited` for the local host (scripts/server/rate-limit.mjs); on Netlify the edge
 * enforces config.rateLimit itself, and the wizard shows the same message for any 429.
 */
export function tooManyRequests(retryAfterSeconds: number, shape: (error: string) => object = (error) => ({ error })): Response {
  return json(shape(apiMessages.tooManyRequests), 429, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
}

/** Ends a handler early with a status and pt-BR copy (thrown by the helpers below, answered by `guard`). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly copy: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(`http ${status}`);
  }
}

/** 405 with `Allow` for any other method. A GET endpoint also answers HEAD (the server sends no body). */
export function allowMethods(req: Request, methods: string[]): void {
  const allowed = methods.includes('GET') && !methods.includes('HEAD') ? [...methods, 'HEAD'] : methods;
  if (!allowed.includes(req.method)) throw new HttpError(405, copy.method, { allow: allowed.join(', ') });
}

/**
 * The body's bytes, or null once it is over `max`: by its declared Content-Length, or counted while it
 * streams in, the stream cancelled at the cap. Request bodies here and calendar feeds (calendar/download.ts).
 */
export async function readCappedBody(message: Request | Response, max: number): Promise<Buffer | null> {
  const cancel = () => message.body?.cancel().catch(() => {});
  if (Number(message.headers.get('content-length') ?? 0) > max) {
    await cancel();
    return null;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (message.body) {
    const reader = message.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel().catch(() => {});
        return null;
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks);
}

/** Reads a JSON body: 415 unless JSON, 413 over 16 KB (counted while streaming, not trusted from headers). */
export async function readJson(req: Request): Promise<unknown> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/([\w.+-]*\+)?json\b/i.test(type.trim())) throw new HttpError(415, copy.notJson);
  const bytes = await readCappedBody(req, MAX_BODY_BYTES);
  if (!bytes) throw new HttpError(413, copy.tooLarge);
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new HttpError(400, copy.badJson);
  }
  // Every field of every endpoint: a NUL or a lone surrogate (JSON can spell both) is refused here, once,
  // instead of failing the database write with a 500 after part of the work is done.
  if (!isStorableJson(value)) throw new HttpError(400, copy.badText);
  return value;
}


/**
 * Runs a handler and turns failures into safe answers. Logs carry the function name and an error
 * class or code only: never the message, which may quote SQL or personal data.
 */
export async function guard(
  name: string,
  run: () => Promise<Response>,
  shape: (error: string) => object = (error) => ({ error }),
): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpError) return json(shape(error.copy), error.status, error.headers);
    if (error instanceof StoreUnavailableError) {
      console.error(`[${name}] store unavailable: ${error.code}${error.hint ? ` (${error.hint})` : ''}`);
      return json(shape(copy.unavailable), 503, { 'retry-after': '30' });
    }
    console.error(`[${name}] failed: ${errorCode(error)}`);
    return json(shape(copy.unexpected), 500);
  }
}

function errorCode(error: unknown): string {
  if (error && typeof error === 'object') {
    const e = error as { code?: unknown; name?: unknown };
    if (typeof e.code === 'string' && e.code) return e.code;
    if (typeof e.name === 'string') return e.name;
  }
  return 'unknown';
}
