// The two sides the parity and round-trip tests compare (tests/integration/cms-parity.test.ts, cms-roundtrip.test.ts):
// the editor's fields for a content file as /admin/ serves them, and every check the content build runs on it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import type { CmsField } from '../../src/cms/fields';
import type { ContentFile } from '../../src/cms/files';
import { legalBody } from '../../src/schemas/pages';
import { projectRoot } from './project';

type Collection = { name: string; folder?: string; files?: Array<{ file: string; fields: CmsField[] }>; fields?: CmsField[] };

/** The editor's configuration as served: public/admin/config.yml (equal to what the schemas generate, cms.test.ts). */
const served = load(readFileSync(join(projectRoot, 'public/admin/config.yml'), 'utf8')) as { collections: Collection[] };

/** The editor's fields for a content file (a single file, or a file of a folder collection). */
export function editorFieldsOf(path: string): CmsField[] {
  const { collections } = served;
  for (const c of collections) {
    const file = c.files?.find((f) => f.file === path);
    if (file) return file.fields;
    if (c.folder && path.startsWith(`${c.folder}/`)) return c.fields!;
  }
  throw new Error(`${path} is not in the editor`);
}

/**
 * Every problem the content build reports for a file's data (and a Markdown file's body): its zod schema (the
 * content layer) and the legal text's body rule (src/lib/content.ts). The claims the build fills in
 * (src/lib/claims.ts) stop nothing: a name that is no claim is refused by the schema of each text that takes
 * placeholders, and left as written elsewhere. Whatever a page does with a value is the round trip's real build.
 */
export function buildProblems(file: ContentFile, data: unknown, body: string): Array<{ path: string; code: string; message: string }> {
  const parsed = file.schema.safeParse(data);
  const problems = (parsed.error?.issues ?? []).map((i) => ({ path: i.path.join('.'), code: i.code, message: i.message }));
  if (file.markdown) {
    const checked = legalBody.safeParse(body);
    problems.push(...(checked.error?.issues ?? []).map((i) => ({ path: 'body', code: i.code, message: i.message })));
  }
  return problems;
}

