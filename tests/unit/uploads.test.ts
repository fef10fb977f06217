// Uploads from /admin/ (issue 35 item 5): their own folder, never the site's root; images only, within a size
// limit. The editor's configuration and the build's publishing step (scripts/build/uploads.mjs) read the same
// rules (src/cms/uploads.ts).
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cmsConfig } from '../../src/cms/config';
import { UPLOADS, uploadProblem } from '../../src/cms/uploads';
import { publishUploads } from '../../scripts/build/uploads.mjs';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]);

let dir = '';
afterEach(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

describe('uploads from the editor', () => {
  it('go to public/uploads/ (served at /uploads), never the site root, with the size limit in the editor', () => {
    const config = cmsConfig() as { media_folder: string; public_folder: string; media_libraries: { default: { config: { max_file_size: number } } } };
    expect(config.media_folder).toBe('public/uploads');
    expect(config.public_folder).toBe('/uploads');
    expect(config.media_libraries.default.config.max_file_size).toBe(UPLOADS.maxBytes);
    expect(UPLOADS.maxBytes).toBe(1024 * 1024);
  });

  it('are published only when they are images (by their bytes, not just the name) within the limit', async () => {
    dir = await mkdtemp(join(tmpdir(), 'uploads-'));
    await mkdir(join(dir, 'fotos'));
    const files: Record<string, Buffer> = {
      'palestra.png': PNG,
      'fotos/retrato.JPG': JPG,
      'capa.webp': WEBP,
      'grande.jpg': Buffer.concat([JPG, Buffer.alloc(UPLOADS.maxBytes)]),
      'pagina.html': Buffer.from('<script>alert(1)</script>'),
      'disfarcado.png': Buffer.from('<html><script>alert(1)</script></html>'),
      'logo.svg': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      '_headers': Buffer.from('/*\n  X-Frame-Options: ALLOW\n'),
      'contrato.pdf': Buffer.from('%PDF-1.7'),
      // An extension named like a key every object inherits is no image type.
      'pagina.constructor': Buffer.from('<script>alert(1)</script>'),
    };
    for (const [name, bytes] of Object.entries(files)) await writeFile(join(dir, name), bytes);
    const removed = await publishUploads(dir);
    expect(removed.sort()).toEqual([
      '_headers: not an image (jpg, png, gif, webp, avif, jpeg)',
      'contrato.pdf: not an image (jpg, png, gif, webp, avif, jpeg)',
      'disfarcado.png: not an image (jpg, png, gif, webp, avif, jpeg)',
      `grande.jpg: larger than ${UPLOADS.maxBytes} bytes`,
      'logo.svg: not an image (jpg, png, gif, webp, avif, jpeg)',
      'pagina.constructor: not an image (jpg, png, gif, webp, avif, jpeg)',
      'pagina.html: not an image (jpg, png, gif, webp, avif, jpeg)',
    ]);
    expect((await readdir(dir, { recursive: true })).sort()).toEqual(['capa.webp', 'fotos', 'fotos/retrato.JPG', 'palestra.png']);
    expect(uploadProblem('ok.jpg', Buffer.concat([JPG, Buffer.alloc(UPLOADS.maxBytes - JPG.length)]))).toBeNull();
  });

  it('a build without an uploads folder publishes nothing and does not fail', async () => {
    expect(await publishUploads(join(tmpdir(), `no-uploads-${crypto.randomUUID()}`))).toEqual([]);
  });
});
