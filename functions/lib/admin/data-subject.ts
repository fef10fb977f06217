// LGPD erasure of one person (by email, any case), the same from `npm run data-subject -- delete` and the
// console's "Excluir dados": the database rows (delete_person_data, one transaction) and the .eml copies
// written for their messages when there is no SMTP server (${DATA_DIR}/outbox).
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { PersonDeletion, Store } from '../store/port';

export type Erasure = PersonDeletion & { files: number };

export async function erasePerson(store: Store, email: string, dataDir: string): Promise<Erasure> {
  const { messages } = await store.exportPersonData(email);
  const deleted = await store.deletePersonData(email);
  const files = await removeMailFiles(join(dataDir, 'outbox'), messages.map((m) => m.id), email);
  return { ...deleted, files };
}

/**
 * Removes the .eml copies of the person's messages (mail/transport.ts names each file
 * `<time>-<message id>.eml`), and any other .eml whose To header holds exactly their address. Never by
 * substring: "ana@x.com" must not take "joana@x.com", "ana@x.com.br" or a message that merely quotes it.
 * Returns the count.
 */
async function removeMailFiles(outboxDir: string, ids: string[], address: string): Promise<number> {
  const names = await readdir(outboxDir).catch(() => [] as string[]);
  const wanted = address.trim().toLowerCase();
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith('.eml'))) {
    const path = join(outboxDir, name);
    const mine = ids.some((id) => name.endsWith(`-${id}.eml`)) || recipientsOf(await readFile(path, 'utf8').catch(() => '')).includes(wanted);
    if (mine) {
      await rm(path, { force: true });
      removed++;
    }
  }
  return removed;
}

/**
 * The addresses of a message's To header (unfolded), lower case. Quoted display names and (comments)
 * are dropped first: an address written there is text about someone, not where the message goes.
 */
function recipientsOf(raw: string): string[] {
  const head = raw.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ');
  const to = (/^to:(.*)$/im.exec(head)?.[1] ?? '').replace(/"(?:[^"\\]|\\.)*"/g, ' ').replace(/\([^()]*\)/g, ' ');
  return [...to.matchAll(/[^\s<>,;"()]+@[^\s<>,;"()]+/g)].map((m) => m[0].toLowerCase());
}
