// The console's one door to its endpoints (src/domain/painel/api.ts): same-origin cookie, JSON both ways,
// every failure reduced to a pt-BR sentence. A 401 on any call means the session ended (expired, or
// "Sair de todos os aparelhos" on another device): the session hook registers what to do then.
import { painelMessages } from '../../domain/painel/copy';

/** `body`: a refusal's whole JSON answer (e.g. field errors beside `error`), when it had one. */
export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: string; body?: unknown };

export const networkError = 'Não foi possível falar com o servidor. Verifique a conexão e tente de novo.';
const serverError = 'Algo deu errado no servidor. Tente de novo em instantes.';

let sessionEnded: (() => void) | null = null;

/** Registers the handler of a 401 (one at a time: the island mounts once). Returns its removal. */
export function onSessionEnded(handler: () => void) {
  sessionEnded = handler;
  return () => {
    if (sessionEnded === handler) sessionEnded = null;
  };
}

type Options = {
  method?: 'GET' | 'POST';
  body?: unknown;
  /** The caller handles 401 itself (the session check and sign-in, where it is no "session ended"). */
  own401?: boolean;
  /** A file sent as it is (the ad-spend import), with its own headers, instead of a JSON body. */
  raw?: { body: Blob; headers: Record<string, string> };
};

function fallbackError(status: number) {
  if (status === 403) return painelMessages.forbidden;
  if (status === 404) return painelMessages.notFound;
  return serverError;
}

export function request<T>(url: string, { method = 'GET', body, own401 = false, raw }: Options = {}): Promise<ApiResult<T>> {
  const response = fetch(url, {
    method,
    credentials: 'same-origin',
    headers: raw ? { accept: 'application/json', ...raw.headers }
      : body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: raw ? raw.body : body === undefined ? undefined : JSON.stringify(body),
  });
  return answerOf<T>(response, own401);
}

/** A request's answer as the console reads it (also for a request the page's head started: early.ts). */
export async function answerOf<T>(pending: Promise<Response>, own401 = false): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await pending;
  } catch {
    return { ok: false, status: 0, error: networkError };
  }
  if (response.status === 401 && !own401) sessionEnded?.();
  // 204 (sign-out) has no body; any other answer should be JSON, but a proxy's HTML error page is not.
  const data = response.status === 204 ? null : await response.json().catch(() => null);
  if (response.ok) return { ok: true, status: response.status, data: data as T };
  const error = data && typeof data.error === 'string' && data.error ? data.error : fallbackError(response.status);
  return { ok: false, status: response.status, error, body: data ?? undefined };
}

/** `?a=1&b=2` of the set values (empty strings and undefined left out), or '' when none is set. */
export function queryString(query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}
