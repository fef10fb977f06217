// `npm start`'s host (scripts/server/serve.mjs) survives bodies over the functions' 16 KB cap: each POST
// route gets its 413 (or its usual refusal), again and again, and the process keeps serving. Before the
// host read bodies itself, one 20 KB or 200 KB POST ended the whole process (ERR_INVALID_STATE).
import { request } from 'node:http';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from '../support/site-process.mjs';
import { cliDataDir } from './consultants-process';

type Site = Awaited<ReturnType<typeof startSite>>;

const POST_ROUTES = [
  '/api/leads', '/api/meetings', '/api/manage-link', '/api/manage', '/api/agendar-link', '/api/agenda/abc', '/api/availability',
  '/api/painel/codigo', '/api/painel/entrar', '/api/painel/sair', '/api/painel/leads/1/excluir', '/api/painel/equipe', '/orcamento',
];

/** POSTs `size` bytes of JSON-looking text, declared (Content-Length) or chunked; the status, or 'closed' if the socket ended first. */
function post(site: Site, path: string, size: number, chunked: boolean): Promise<number | 'closed'> {
  return new Promise((resolve) => {
    // Host and Origin as a browser on the site sends them: the painel's POSTs pass their same-origin check.
    const headers: Record<string, string> = { 'content-type': 'application/json', origin: site.url, host: new URL(site.url).host };
    if (!chunked) headers['content-length'] = String(size);
    const req = request(`http://127.0.0.1:${site.port}${path}`, { method: 'POST', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve('closed'));
    const chunk = Buffer.alloc(8192, 'x');
    let sent = 0;
    const write = () => {
      while (sent < size) {
        const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}

const health = (site: Site) => fetch(`${site.url}/api/health`, { signal: AbortSignal.timeout(20_000) }).then((r) => r.status);

describe('the host survives oversized bodies', () => {
  let site: Site;
  let dataDir: string;
  let log = '';
  beforeAll(async () => {
    const output = { write: (line: string) => ((log += line), true) } as unknown as NodeJS.WritableStream;
    // A copy of the migrated embedded database: what is tested is the host, and a fresh directory's first
    // start (initdb and every migration, ~8 CPU-s more) is serve-lifecycle's. Rate limits off: every request
    // reaches its function, which reads (and refuses) the body itself.
    dataDir = await cliDataDir('body-limit-');
    site = await startSite({ label: 'body-limit', env: { RATE_LIMITS: 'off', DATA_DIR: dataDir }, output });
  }, 180_000);
  afterAll(async () => {
    await site?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 413 (or its usual refusal) to 20 KB and 200 KB bodies on every POST route, twice, then /api/health answers', async () => {
    for (let round = 0; round < 2; round++) {
      for (const path of POST_ROUTES) {
        for (const size of [20_000, 200_000]) {
          for (const chunked of [false, true]) {
            const status = await post(site, path, size, chunked);
            expect(status, `${path} ${size} ${chunked ? 'chunked' : 'declared'}`).not.toBe('closed');
            expect(status as number, `${path} ${size}`).toBeLessThan(500);
            // The repro routes read the body: their answer is the 413 itself.
            if (path === '/api/leads' || path === '/api/painel/codigo') expect(status, path).toBe(413);
          }
        }
      }
      expect(await health(site)).toBe(200);
    }
    expect(log).not.toMatch(/ERR_INVALID_STATE|uncaught/i);
  }, 240_000);

  it('past the host limit (6 MB) it stops reading, never answers 5xx, and keeps serving', async () => {
    for (const path of ['/api/leads', '/api/painel/codigo']) {
      for (const chunked of [false, true]) {
        const status = await post(site, path, 7 * 1024 * 1024, chunked);
        // The host may close the connection while the client is still sending: that is a refusal too.
        if (status !== 'closed') expect(status).toBe(413);
      }
    }
    expect(await health(site)).toBe(200);
    expect(log).not.toMatch(/ERR_INVALID_STATE|uncaught/i);
  }, 120_000);
});
