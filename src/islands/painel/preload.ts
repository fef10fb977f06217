// Reads started before the screen that shows them exists: the first screen's data, asked for alongside the
// session check and the chunks' download instead of after them. useResource takes its first answer from
// here. A 401 is not taken (the request runs again through api.ts, which then signs the person out), nor
// an answer older than MAX_AGE_MS (a screen opened long after: read it fresh).
import { answerOf, request, type ApiResult } from './api';
import { takeEarly } from './early';

const MAX_AGE_MS = 30_000;
const started = new Map<string, { at: number; answer: Promise<ApiResult<unknown>> }>();

export function preload(url: string) {
  if (started.has(url)) return;
  // Started by the page's head already (early-start.mjs): that request, not a second one.
  const early = takeEarly(url);
  started.set(url, early ? { at: early.at, answer: answerOf(early.answer, true) } : { at: Date.now(), answer: request(url, { own401: true }) });
}

/** The preloaded answer of `url`, once (a reload reads again), or null. */
export async function takePreloaded<T>(url: string): Promise<ApiResult<T> | null> {
  const early = started.get(url);
  if (!early) return null;
  started.delete(url);
  if (Date.now() - early.at > MAX_AGE_MS) return null;
  const answer = (await early.answer) as ApiResult<T>;
  return !answer.ok && answer.status === 401 ? null : answer;
}
