// HTTP plumbing shared by the functions: JSON answers, body limits, method checks, error mapping.

export const MAX_BODY_BYTES = 16 * 1024;

export const copy = {
  tooLarge: 'Dados enviados são grandes demais.',
  notJson: 'Envie os dados em formato JSON.',
  badJson: 'Não foi possível ler os dados enviados.',
  method: 'Método não permitido.',
  unavailable: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
  unexpected: 'Erro inesperado. Tente novamente ou entre em contato conosco.',
} as const;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
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

export function allowMethods(req: Request, methods: string[]): void {
  if (!methods.includes(req.method)) throw new HttpError(405, copy.method, { allow: methods.join(', ') });
}

/** Reads a JSON body: 415 unless JSON, 413 over 16 KB (counted while streaming, not trusted from headers). */
export async function readJson(req: Request): Promise<unknown> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/([\w.+-]*\+)?json\b/i.test(type.trim())) throw new HttpError(415, copy.notJson);
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw new HttpError(413, copy.tooLarge);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) {
        await reader.cancel().catch(() => {});
        throw new HttpError(413, copy.tooLarge);
      }
      chunks.push(value);
    }
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, copy.badJson);
  }
}

/** The store could not be reached (embedded database failed to open, Supabase down). */
export class StoreUnavailableError extends Error {
  constructor(readonly code: string) {
    super(`store unavailable (${code})`);
  }
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
    const code = error instanceof StoreUnavailableError ? error.code : errorCode(error);
    console.error(`[${name}] failed: ${code}`);
    if (error instanceof StoreUnavailableError) return json(shape(copy.unavailable), 503, { 'retry-after': '30' });
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
