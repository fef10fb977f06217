// The local server compresses a text body as Netlify's CDN does (brotli, else gzip), and each body only once:
// compressing the home page on every request cost ~35 ms of brotli 9, which Lighthouse counted as server time
// in every page's simulated first paint.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { compressedCopies } from '../../scripts/server/compressed-copies.mjs';
import { sendWebResponse } from '../../scripts/server/functions-host.mjs';

/** What sendWebResponse wrote: status, headers and the body it ended with. */
async function send(html: string, acceptEncoding: string, copies: ReturnType<typeof compressedCopies> | null = null) {
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
  await sendWebResponse(res as never, new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } }), acceptEncoding, copies);
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

describe('compressed copies shared between server processes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'compressed-copies-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const hashOf = (text: string) => createHash('sha256').update(text).digest('base64url');

  it('a static answer’s copy is written for the next server, and a server answers with a copy another one wrote', async () => {
    const copies = compressedCopies(dir);
    const made = await send(page(4), 'br', copies);
    expect(brotliDecompressSync(copies.read('br', hashOf(page(4)))!).toString()).toBe(page(4));
    expect(copies.read('br', hashOf(page(4)))).toEqual(made.body);
    // A copy on disk for bytes this process never compressed: the answer is that copy, not a new compression
    // (which would decompress to the page itself).
    copies.write('br', hashOf(page(5)), brotliCompressSync('copy made by another server'));
    const fromDisk = await send(page(5), 'br', copies);
    expect(brotliDecompressSync(fromDisk.body).toString()).toBe('copy made by another server');
    // Without the store (a function's answer), nothing is written.
    await send(page(6), 'br');
    expect(copies.read('br', hashOf(page(6)))).toBeNull();
  });

  it('a starting server removes copies older than a week and temporary files left by a dead writer, and keeps the rest', () => {
    const now = Date.now();
    const file = (name: string, ageMs: number) => {
      writeFileSync(join(dir, name), 'x');
      utimesSync(join(dir, name), new Date(now - ageMs), new Date(now - ageMs));
      return name;
    };
    const fresh = file(`br-${'a'.repeat(43)}`, 6 * 86_400_000);
    const old = file(`gzip-${'b'.repeat(43)}`, 8 * 86_400_000);
    const dead = file(`br-${'c'.repeat(43)}.123.tmp`, 120_000);
    const writing = file(`br-${'d'.repeat(43)}.456.tmp`, 1_000);
    compressedCopies(dir, { now });
    const left = readdirSync(dir);
    expect(left).toEqual(expect.arrayContaining([fresh, writing]));
    expect(left).not.toContain(old);
    expect(left).not.toContain(dead);
    expect(existsSync(join(dir, fresh))).toBe(true);
  });
});
