import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { load } from 'js-yaml';
import type { z } from 'astro/zod';
import { FILES, FOLDERS } from './config';
import { editorDataFile, editorMarkdownFile } from './yaml';

// Every content file with its schema, read the way Astro reads it (js-yaml, as astro's loaders do) and
// written the way the editor writes it. Used by `npm run cms -- format` and by the round-trip test.

export interface ContentFile {
  path: string;
  schema: z.ZodType;
  markdown: boolean;
}

export async function contentFiles(root: string): Promise<ContentFile[]> {
  const files: ContentFile[] = FILES.map(({ file, schema }) => ({ path: file, schema, markdown: false }));
  for (const { folder, extension, schema } of FOLDERS) {
    for (const name of (await readdir(join(root, folder))).filter((n) => n.endsWith(`.${extension}`)).sort()) {
      files.push({ path: `${folder}/${name}`, schema, markdown: extension === 'md' });
    }
  }
  return files;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/** A file's data (front matter for Markdown) and body, parsed as Astro parses it. */
export function parseContent(text: string, markdown: boolean): { data: unknown; body: string } {
  if (!markdown) return { data: load(text), body: '' };
  const match = FRONT_MATTER.exec(text);
  if (!match) throw new Error('front matter ausente');
  return { data: load(match[1]), body: match[2] };
}

/** The text the editor would write for this file's data. */
export function editorText(file: ContentFile, text: string): string {
  const { data, body } = parseContent(text, file.markdown);
  return file.markdown ? editorMarkdownFile(data, body, file.schema) : editorDataFile(data, file.schema);
}

/** Rewrites every content file as the editor writes it; returns the paths that changed. */
export async function formatContent(root: string): Promise<string[]> {
  const changed: string[] = [];
  for (const file of await contentFiles(root)) {
    const path = join(root, file.path);
    const before = await readFile(path, 'utf8');
    const after = editorText(file, before);
    if (after !== before) {
      await writeFile(path, after);
      changed.push(file.path);
    }
  }
  return changed;
}
