// Values the mentor edits in /admin/ that the functions also need: the contact address (content/site.yaml
// `email`) and the published privacy-policy version (content/legal/politica-de-privacidade.md `version`).
// They live only in those files, read at run time and checked with the build's own schemas, so a change made
// in the editor reaches the pages and the functions in the same deploy, with nothing to change in code.
//
// Read at run time rather than imported: Netlify's bundler (esbuild) has no YAML loader, so the files ship
// beside the code through netlify.toml's included_files (tests/integration/netlify-bundle.test.ts proves it).
import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import type { z } from 'astro/zod';
import { legalSchema } from '../../src/schemas/pages';
import { siteSchema } from '../../src/schemas/site';
import { ContentFileError, findContentFile } from './content-path';

export { ContentFileError, findContentFile };

export const SITE_FILE = 'content/site.yaml';
export const POLICY_FILE = 'content/legal/politica-de-privacidade.md';

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---/;

/** One field of a content file's data (YAML, or a Markdown file's front matter), checked with the build's schema for it. */
function readField<T>(relative: string, key: string, schema: z.ZodType<T>): T {
  const path = findContentFile(relative);
  const text = readFileSync(path, 'utf8');
  const yaml = relative.endsWith('.md') ? FRONT_MATTER.exec(text)?.[1] : text;
  const parsed = schema.safeParse((load(yaml ?? '') as Record<string, unknown> | null)?.[key]);
  if (!parsed.success) throw new ContentFileError(`${relative} → ${key}: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  return parsed.data;
}

// Once per process: the files are part of the deploy and never change under a running function.
let contactEmail: string | undefined;
let policyVersion: string | undefined;

/** The site's contact address: content/site.yaml `email`. */
export const siteContactEmail = () => (contactEmail ??= readField(SITE_FILE, 'email', siteSchema.shape.email));

/** The privacy-policy version the site publishes: the policy's front matter `version`. */
export const publishedPolicyVersion = () => (policyVersion ??= readField(POLICY_FILE, 'version', legalSchema.shape.version));
