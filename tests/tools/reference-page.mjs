// The reference page of the Lighthouse gate: a page's own text and nothing else (no stylesheet, no script,
// no image, the browser's default font), served from a loopback server of its own. Loading it costs a
// browser what any page costs (a new document, parsing, one layout of plain text), so its main-thread time
// measures the host, not the site: the gate reads it to check the CPU calibration (cpu-calibration.mjs) and
// to compare the home page's main-thread work with it, back to back in one run (lighthouse.mjs).
import http from 'node:http';

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The visible text of `html` (body only; scripts, styles, SVG and tags dropped; entities kept as written). */
export function pageText(html) {
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  return body
    .replace(/<(script|style|svg|noscript|template)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A complete document holding only `text` (already HTML text: entities as in the source page) in one paragraph. */
export function bareDocument(text, lang = 'pt-BR') {
  return `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Referência</title></head><body><p>${text}</p></body></html>`;
}

/** Serves `document` at / on a free loopback port. Returns { url, close }. */
export async function serveReference(document) {
  const body = Buffer.from(document);
  const server = http.createServer((req, res) => {
    if (req.url !== '/') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length, 'cache-control': 'no-store' }).end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(resolve)) };
}
