// Runs one request through a function as Netlify deploys it: a fresh process (a cold Lambda), the module
// from the bundle @netlify/zip-it-and-ship-it produced, its v2 default export, then context.waitUntil.
// argv: <bundled module path> <method> <url> [json body]. Last stdout line: {"status":…,"body":…}.
import { pathToFileURL } from 'node:url';

const [modulePath, method, url, body] = process.argv.slice(2);
const pending = [];
const context = { waitUntil: (p) => pending.push(p) };
const mod = await import(pathToFileURL(modulePath).href);
const init = { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body || undefined };
const res = await mod.default(new Request(url, init), context);
const text = res ? await res.text() : '';
await Promise.allSettled(pending);
process.stdout.write(`\n${JSON.stringify({ status: res?.status ?? 0, body: text })}\n`);
process.exit(0);
