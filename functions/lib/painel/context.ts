// What every console handler is given, and the answers they share.
import type { App } from '../app';
import { apiHeaders } from '../http';
import type { PainelStore, Viewer } from './store';

export type PainelContext = {
  req: Request;
  url: URL;
  app: App;
  painel: PainelStore;
  /** Path segments after /api/painel/ (e.g. ['reunioes', '<id>', 'desfecho']). */
  segments: string[];
  /** Keyed hash of the client's IP (auth.keyedHash): what the log and the limits keep of it. */
  ipHash: string;
  /** The signed-in person; null only on the sign-in routes. */
  viewer: Viewer | null;
  /** SHA-256 of the session cookie's token, when there is one. */
  sessionHash: string | null;
  waitUntil?: (p: Promise<unknown>) => void;
};

export type SignedIn = PainelContext & { viewer: Viewer };

/**
 * Headers of every console answer: personal data, never cached anywhere (private, no-store), never
 * indexed. They replace what the shared apiHeaders say about caching.
 */
export const painelHeaders = {
  ...apiHeaders,
  'cache-control': 'private, no-store',
  'x-robots-tag': 'noindex, nofollow',
} as const;

/** A JSON answer; status 204 has no body at all. */
export function painelJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { ...(status === 204 ? {} : { 'content-type': 'application/json; charset=utf-8' }), ...painelHeaders, ...headers },
  });
}
