import { readFileSync } from 'node:fs';
const r = JSON.parse(readFileSync('/tmp/lh-admin/admin_.json', 'utf8'));
const lhr = r.lhr ?? r;
for (const [k, c] of Object.entries(lhr.categories)) console.log(k, Math.round(c.score * 100));
for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'total-byte-weight', 'speed-index']) console.log(id, lhr.audits[id].displayValue);
for (const [id, a] of Object.entries(lhr.audits)) if (a.score !== null && a.score < 1 && ['binary'].includes(a.scoreDisplayMode)) console.log('FAIL', id, a.title);
for (const ref of lhr.categories.accessibility.auditRefs) { const a = lhr.audits[ref.id]; if (a.score !== null && a.score < 1) console.log('A11Y', ref.id, ref.weight, JSON.stringify(a.details?.items?.slice(0,3)?.map(i => i.node?.snippet ?? i)).slice(0,400)); }
for (const ref of lhr.categories['best-practices'].auditRefs) { const a = lhr.audits[ref.id]; if (a.score !== null && a.score < 1) console.log('BP', ref.id, JSON.stringify(a.details?.items?.slice(0,4)).slice(0,500)); }
