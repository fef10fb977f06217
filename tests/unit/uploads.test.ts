// The editor's uploads (issue #36, /admin/): their own folder, never the site root where _headers lives;
// images only, checked by name and content when the site is built; served sandboxed.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkUploads } from '../../scripts/build/cms-admin.mjs';
import { cmsConfig } from '../../src/cms/config';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a464946000101000001', 'hex');
let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('uploads from /admin/', () => {
  it('go to public/uploads (served at /uploads), never the site root', () => {
    const config = cmsConfig();
    expect(config.media_folder).toBe('public/uploads');
    expect(config.public_folder).toBe('/uploads');
  });

  it('are served sandboxed', async () => {
    const toml = await readFile(new URL('../../netlify.toml', import.meta.url), 'utf8');
    expect(toml).toMatch(/for = "\/uploads\/\*"\n {2}\[headers\.values\]\n {4}Content-Security-Policy = "default-src 'none'; img-src 'self'; sandbox"/);
  });

  it('pass the build when every file is an image, and stop it naming any other file', async () => {
    dir = await mkdtemp(join(tmpdir(), 'uploads-'));
    await mkdir(join(dir, 'fotos'));
    await writeFile(join(dir, 'logo.png'), PNG);
    await writeFile(join(dir, 'fotos', 'palestra.jpg'), JPEG);
    expect(await checkUploads(dir)).toBe(2);
    for (const [name, content] of [['_headers', '/*\n  X-Frame-Options: ALLOW'], ['pagina.html', '<script>alert(1)</script>'], ['icone.svg', '<svg onload="alert(1)"/>'], ['falso.png', '<html>']] as const) {
      await writeFile(join(dir, name), content);
      await expect(checkUploads(dir), name).rejects.toThrow(name);
      await rm(join(dir, name));
    }
    expect(await checkUploads(join(dir, 'nao-existe'))).toBe(0);
  });
});
