// Files the mentor uploads in /admin/ (Sveltia CMS): their own folder, never the site's root (where _headers
// and _redirects live), images only, within a size limit. This module is the one home of these rules: the
// editor's configuration takes the folder and the limit from it (./config.ts), and after `astro build`
// scripts/build/uploads.mjs publishes from dist/uploads/ only the files uploadProblem accepts. It lives under
// src/ because src/ imports nothing from scripts/ (eslint.config.js); the build step imports it instead.

export const UPLOADS = {
  /** In the repository; Astro copies public/ to dist/ as is. */
  folder: 'public/uploads',
  /** On the site. */
  publicPath: '/uploads',
  /** 1 MB: enough for a photo on a web page; the editor refuses a bigger file before uploading it. */
  maxBytes: 1024 * 1024,
} as const;

/** Whether `bytes` hold `expected` (byte values, or a Latin-1 string) from `offset` on. Plain bytes, not
 * Buffer: the rule needs nothing of Node, so it stays loadable wherever the CMS configuration is. */
function hasAt(bytes: Uint8Array, offset: number, expected: string | readonly number[]): boolean {
  const values = typeof expected === 'string' ? [...expected].map((c) => c.charCodeAt(0)) : expected;
  return values.every((value, i) => bytes[offset + i] === value);
}

/**
 * Raster images by extension, each with how its first bytes look (a renamed HTML or PDF is not an image).
 * No SVG: it can carry scripts, and the site serves it from its own origin.
 */
const jpg = (b: Uint8Array) => hasAt(b, 0, [0xff, 0xd8, 0xff]);
const SIGNATURES: Record<string, (bytes: Uint8Array) => boolean> = {
  jpg,
  png: (b) => hasAt(b, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  gif: (b) => hasAt(b, 0, 'GIF8'),
  webp: (b) => hasAt(b, 0, 'RIFF') && hasAt(b, 8, 'WEBP'),
  avif: (b) => hasAt(b, 4, 'ftypavif'),
  jpeg: jpg,
};

/** The extensions the editor accepts, as the file picker's `accept` list. */
export const IMAGE_EXTENSIONS = Object.keys(SIGNATURES);

/** Why a file may not be published from the uploads folder, or null when it may. */
export function uploadProblem(name: string, bytes: Uint8Array): string | null {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1].toLowerCase();
  // Own keys only: `photo.constructor` must not find Object's constructor, which returns a truthy value.
  const looksRight = extension && Object.hasOwn(SIGNATURES, extension) ? SIGNATURES[extension] : undefined;
  if (!looksRight || !looksRight(bytes)) return `not an image (${IMAGE_EXTENSIONS.join(', ')})`;
  if (bytes.length > UPLOADS.maxBytes) return `larger than ${UPLOADS.maxBytes} bytes`;
  return null;
}
