import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deferAssets, LOADER } from '../../scripts/build/defer-assets.mjs';
import { ISLANDS_ON_TOUCH } from '../../src/lib/deferred-loading.mjs';

const page = (head: string, body: string) => `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;

describe('deferAssets', () => {
  it('moves stylesheets, the manifest and the module script behind the loader, with a noscript copy of the links', () => {
    const out = deferAssets(
      page(
        '<link rel="manifest" href="/manifest.webmanifest"><script type="module" src="/_astro/layout.js"></script>',
        '<h1>Oi</h1><link rel="stylesheet" href="/_astro/a.css"><link rel="stylesheet" href="/_astro/b.css">',
      ),
    );
    expect(out).not.toMatch(/<script type="module"/);
    // The copy for visitors without JavaScript sits in <head>: HTML allows a manifest link nowhere else.
    expect(out).toContain(
      '<head><noscript><link rel="manifest" href="/manifest.webmanifest"><link rel="stylesheet" href="/_astro/a.css"><link rel="stylesheet" href="/_astro/b.css"></noscript></head>',
    );
    expect(out).toContain(
      `<h1>Oi</h1><script data-links="manifest /manifest.webmanifest,stylesheet /_astro/a.css,stylesheet /_astro/b.css" data-js="/_astro/layout.js" data-on="touch">${LOADER}</script></body>`,
    );
    // Nothing outside the noscript and the loader refers to them any more.
    expect(out.replace(/<noscript>.*?<\/noscript>/, '').match(/rel="stylesheet"|rel="manifest"/g)).toBeNull();
  });

  it('keeps links already inside <noscript> and other link types where they are', () => {
    const html = page('<link rel="icon" href="/favicon.svg"><noscript><link rel="stylesheet" href="/x.css"></noscript>', '<p>x</p>');
    expect(deferAssets(html)).toBe(html);
  });

  it('gives every page the same loader source, so the CSP needs one hash for it', () => {
    const loaderOf = (html: string) => html.match(/<script data-links="[^"]*" data-js="[^"]*"(?: data-on="touch")?>(.*?)<\/script>/)![1];
    const a = loaderOf(deferAssets(page('', '<link rel="stylesheet" href="/a.css">')));
    const b = loaderOf(deferAssets(page('<script type="module" src="/m.js"></script>', '<link rel="stylesheet" href="/b.css">')));
    const hash = (s: string) => createHash('sha256').update(s).digest('base64');
    expect(hash(a)).toBe(hash(b));
  });

  it('waits for the first touch on a page without islands, for the first paint on a page with one', () => {
    const loaderTag = (html: string) => html.match(/<script data-links[^>]*>/)![0];
    expect(loaderTag(deferAssets(page('', '<p>x</p><link rel="stylesheet" href="/a.css">')))).toContain(' data-on="touch"');
    expect(loaderTag(deferAssets(page('', '<astro-island uid="1"></astro-island><link rel="stylesheet" href="/a.css">')))).not.toContain('data-on');
    // Islands whose page works as plain HTML until touched (/orcamento's service choice) wait too.
    expect(loaderTag(deferAssets(page('', `<div ${ISLANDS_ON_TOUCH}><astro-island uid="1"></astro-island></div><link rel="stylesheet" href="/a.css">`)))).toContain(' data-on="touch"');
  });

  it('refuses a page with two module scripts (the loader carries one)', () => {
    expect(() => deferAssets(page('<script type="module" src="/a.js"></script><script type="module" src="/b.js"></script>', ''))).toThrow(/2 module scripts/);
  });
});
