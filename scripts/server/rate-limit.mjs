// Local enforcement of each function's `config.rateLimit`, as Netlify applies it in front of a deployed
// function (https://docs.netlify.com/build/functions/rate-limiting/, and @netlify/zip-it-and-ship-it's
// schema): `windowLimit` requests per `windowSize` seconds, sliding window, counted per function for
// each distinct value of the `aggregateBy` keys ('ip': the client address, 'domain': the Host asked
// for; default ['domain']). Over the limit the function is not called: 429 with Retry-After (seconds
// until the oldest request in the window leaves it), answered by the module's `rateLimited` export
// (the endpoint's own error body and pt-BR message, functions/lib/http.ts), else a plain 429 as
// Netlify's edge sends. RATE_LIMITS=off turns it off (npm run bench, load tests).

/** True unless RATE_LIMITS is "off" (or "0"/"false"). */
export function rateLimitsEnabled(env = process.env) {
  return !/^(off|0|false|no)$/i.test(String(env.RATE_LIMITS ?? '').trim());
}

/** Normalises a config.rateLimit; null when absent or not a sliding-window limit this host understands. */
export function readRateLimit(config) {
  const rule = config?.rateLimit;
  if (!rule || !(rule.windowLimit > 0) || !(rule.windowSize > 0)) return null;
  if (rule.action && rule.action !== 'rate_limit') return null; // 'rewrite' sends elsewhere; not used here
  const aggregateBy = rule.aggregateBy === undefined ? ['domain'] : [rule.aggregateBy].flat();
  return { windowLimit: rule.windowLimit, windowMs: rule.windowSize * 1000, aggregateBy };
}

/**
 * A sliding-window log per key: the times of the requests let through within the last window.
 * Refused requests are not counted, so a client that waits Retry-After gets in.
 * @param {{ now?: () => number }} [options]
 */
export function createRateLimiter({ now = () => Date.now() } = {}) {
  /** @type {Map<string, number[]>} */
  const log = new Map();
  let sweptAt = now();

  function sweep(t, windowMs) {
    // Forget keys idle for a whole window, at most once per window, so memory follows active clients.
    if (t - sweptAt < windowMs) return;
    sweptAt = t;
    for (const [key, times] of log) if (times.length === 0 || t - times[times.length - 1] >= windowMs) log.delete(key);
  }

  /** @returns {{ ok: true } | { ok: false, retryAfterSeconds: number }} */
  function hit(key, { windowLimit, windowMs }) {
    const t = now();
    sweep(t, windowMs);
    const times = (log.get(key) ?? []).filter((at) => t - at < windowMs);
    if (times.length >= windowLimit) {
      log.set(key, times);
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((times[0] + windowMs - t) / 1000)) };
    }
    times.push(t);
    log.set(key, times);
    return { ok: true };
  }

  return { hit };
}

/**
 * The aggregation key of a request: the function, then each aggregateBy value. Netlify's 'domain' is the
 * site's own domain; this server serves one site, so it is one bucket. It is never the request's Host
 * header: a client rotating Host values would get a fresh bucket with each one.
 */
export function rateLimitKey(routeId, rule, { ip }) {
  return [routeId, ...rule.aggregateBy.map((by) => (by === 'ip' ? `ip=${ip}` : 'domain=site'))].join('|');
}

/** The 429 answer: the function module's `rateLimited(seconds)`, else a plain one. */
export function tooManyRequestsResponse(mod, retryAfterSeconds) {
  if (typeof mod?.rateLimited === 'function') return mod.rateLimited(retryAfterSeconds);
  return new Response('Too Many Requests', {
    status: 429,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': String(retryAfterSeconds), 'x-content-type-options': 'nosniff' },
  });
}
