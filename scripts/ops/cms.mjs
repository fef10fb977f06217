// The editor at /admin/ (Sveltia CMS): `npm run cms -- config` writes public/admin/config.yml from the content
// schemas; `npm run cms -- format` rewrites every content file as the editor writes it (no content change).
// Both are checked by tests/integration/cms.test.ts: run them after changing a schema or a content file by hand.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { importTs } from '../server/functions-host.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const lib = await importTs('cms', ["export { cmsConfigYaml } from './src/cms/config.ts';", "export { formatContent } from './src/cms/files.ts';"]);

const command = process.argv[2];
if (command === 'config') {
  await writeFile(`${root}public/admin/config.yml`, lib.cmsConfigYaml());
  console.log('public/admin/config.yml gerado dos schemas');
} else if (command === 'format') {
  const changed = await lib.formatContent(root);
  console.log(changed.length ? `reescritos como o editor grava: ${changed.join(', ')}` : 'nada a reescrever');
} else {
  console.error('uso: npm run cms -- config | format');
  process.exit(1);
}
