// Regenerates public/ favicons, app icons and the Open Graph image from the SVG sources below.
// Run by hand after changing the brand: `node scripts/build/make-brand-images.mjs` (outputs are committed).
import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';

const out = new URL('../../public/', import.meta.url);
const sunPath = 'M12 17a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM12 1v2M12 21v2M4.22 4.22l1.42 1.42M18.36 18.36l1.42 1.42M1 12h2M21 12h2M4.22 19.78l1.42-1.42M18.36 5.64l1.42-1.42';
const icon = (padding) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fcd34d"/><stop offset="1" stop-color="#f97316"/></linearGradient></defs>
  <rect width="64" height="64" rx="${padding ? 0 : 14}" fill="#060d1f"/>
  <circle cx="32" cy="32" r="${padding ? 20 : 24}" fill="url(#g)"/>
  <g transform="translate(${padding ? 20 : 17} ${padding ? 20 : 17}) scale(${padding ? 1 : 1.25})" fill="none" stroke="#060d1f" stroke-width="2.2" stroke-linecap="round"><path d="${sunPath}"/></g>
</svg>`;
const og = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><radialGradient id="r" cx=".85" cy="0" r=".8"><stop offset="0" stop-color="#fbbf24" stop-opacity=".45"/><stop offset="1" stop-color="#060d1f" stop-opacity="0"/></radialGradient>
  <linearGradient id="t" x1="0" x2="1"><stop offset="0" stop-color="#fcd34d"/><stop offset="1" stop-color="#f97316"/></linearGradient></defs>
  <rect width="1200" height="630" fill="#060d1f"/><rect width="1200" height="630" fill="url(#r)"/>
  <text x="80" y="250" font-family="sans-serif" font-size="76" font-weight="800" fill="#ffffff">Mentor Solar</text>
  <text x="80" y="340" font-family="sans-serif" font-size="40" fill="#d9e3fb">Mentoria, consultoria e tráfego pago</text>
  <text x="80" y="395" font-family="sans-serif" font-size="40" fill="#d9e3fb">para empresas de energia solar e B2B</text>
  <rect x="80" y="450" width="360" height="8" rx="4" fill="url(#t)"/>
</svg>`;

await writeFile(new URL('favicon.svg', out), icon(false));
await sharp(Buffer.from(icon(false))).resize(32, 32).toFormat('png').toFile(new URL('favicon-32.png', out).pathname);
await sharp(Buffer.from(icon(false))).resize(180, 180).png().toFile(new URL('apple-touch-icon.png', out).pathname);
await sharp(Buffer.from(icon(false))).resize(192, 192).png().toFile(new URL('icon-192.png', out).pathname);
await sharp(Buffer.from(icon(false))).resize(512, 512).png().toFile(new URL('icon-512.png', out).pathname);
await sharp(Buffer.from(icon(true))).resize(512, 512).png().toFile(new URL('icon-512-maskable.png', out).pathname);
await sharp(Buffer.from(og)).png().toFile(new URL('og-image.png', out).pathname);
console.log('brand images written to public/');
