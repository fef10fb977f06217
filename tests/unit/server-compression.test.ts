// The local server compresses a text body as Netlify's CDN does (brotli, else gzip), and each body only once:
// compressing the home page on every request cost ~35 ms of brotli 9, which Lighthouse counted as server time
// in every page's simulated first paint.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sendWebResponse } from '../../scripts/server/functions-host.mjs';

/** What sendWebResponse wrote: status, headers and the body it ended with. */
async function send(html: string, acceptEncoding: string) {
  const sent: { status?: number; headers?: Record<string, string>; body?: Buffer } = {};
  const res = {
    writeHead(status: number, headers: Record<string, string>) {
      sent.status = status;
      sent.headers = headers;
    },
    write() {
      throw new Error('a compressed body is written whole');
    },
    end(body?: Buffer) {
      sent.body = body;
    },
  };
  await sendWebResponse(res as never, new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } }), acceptEncoding);
  return sent as Required<typeof sent>;
}

const page = (n: number) => `<!doctype html><title>p${n}</title>${'<p>Energia solar para empresas.</p>'.repeat(300)}`;

describe('the local server’s compression', () => {
  it('answers brotli to a browser, gzip to a client without it, and the same bytes decompress', async () => {
    const br = await send(page(1), 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['content-length']).toBe(String(br.body.length));
    expect(brotliDecompressSync(br.body).toString()).toBe(page(1));
    const gzip = await send(page(1), 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(page(1));
    const plain = await send(page(1), 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page(1));
  });

  it('compresses a body once: the same bytes again get the bytes made the first time', async () => {
    const first = await send(page(2), 'br');
    const again = await send(page(2), 'br');
    expect(again.body).toBe(first.body);
    // Other bytes are compressed anew, and never answered with another body's copy.
    const other = await send(page(3), 'br');
    expect(other.body).not.toBe(first.body);
    expect(brotliDecompressSync(other.body).toString()).toBe(page(3));
  });
});
