// Attribution capture (issue 20), inlined in every page's HTML by BaseLayout through attribution-inline.ts:
// minified at build (scripts/build/minify-inline.mjs); keep it small all the same (it counts in the
// content pages' JavaScript budget). The rules live in src/domain/attribution.ts; this only collects.
// A touch: the address has one of the parameters `p`, or the referring site's host differs from ours
// (internal navigation changes nothing). `first` is set once, `last` always. A visit without a touch and
// without a stored `first` (a direct first visit) is stored as both, with the landing path only.
// sessionStorage only, under key `k`: no cookie, no request. Any storage error leaves everything as it was.
export default (p, k) => {
  try {
    let q = new URLSearchParams(location.search), t = { landing_path: location.pathname.slice(0, 200) }, n, r, s;
    for (const x of p) if ((r = q.get(x))) n = t[x] = r.slice(0, 255);
    r = document.referrer && new URL(document.referrer).hostname;
    if (r && r != location.hostname) n = t.referrer_host = r;
    s = JSON.parse(sessionStorage.getItem(k)) || {};
    if (n || !s.first) {
      s.first ||= t;
      s.last = t;
      sessionStorage.setItem(k, JSON.stringify(s));
    }
  } catch {
    // No storage (private mode, blocked): no attribution.
  }
};
