// LGPD erasure of one person, the same from `npm run data-subject -- delete` and the console's "Excluir
// dados": the person is every lead of the address's identity (email_identity: "+tag", Gmail dots and
// googlemail are one person), their upcoming meetings are cancelled first (the consultant gets the
// CANCEL), then their rows go in one transaction (person_erase) and the .eml copies written for their
// messages when there is no SMTP server (${DATA_DIR}/outbox). Never a team member's mail about others.
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServerEnv } from '../env';
import { erasureCancelMail, type ErasedMeeting } from '../mail/erasure-mail';
import type { PersonDeletion, Store } from '../store/port';

export type Erasure = PersonDeletion & { files: number; cancelled: number };
export type ErasureApp = {
  store: Pick<Store, 'exportPersonData' | 'call'>;
  env: Pick<ServerEnv, 'dataDir' | 'siteUrl' | 'contactEmail' | 'scheduling' | 'painel'>;
  now(): Date;
};

export type ErasurePreview = {
  /** The address is a team member's (a consultant's, the contact's or a mentor's): their own mail stays. */
  teamAddress: boolean;
  leads: { id: string; nome: string; email: string; empresa: string; createdAt: string }[];
  upcoming: ErasedMeeting[];
  /** The contact reached RD Station Marketing: it stays there until erased there. */
  rdContact: boolean;
};

type PreviewRow = {
  team_address: boolean; rd_contact: boolean;
  leads: { id: string; nome: string; email: string; empresa: string; created_at: string }[];
  upcoming: { id: string; starts_at: string; ends_at: string; sequence: number; service: string; preseller: { name: string; email: string } }[];
};

/** Addresses whose mail is the team's, never a person's to erase: the contact and PAINEL_MENTORES (the SQL adds every consultant's). */
export const teamAddresses = (env: Pick<ServerEnv, 'painel'>) => env.painel.mentors;

export async function erasurePreview(app: ErasureApp, email: string): Promise<ErasurePreview> {
  const row = await app.store.call<PreviewRow>('person_erasure_preview', { email, team: teamAddresses(app.env), now: app.now().toISOString() });
  return {
    teamAddress: row.team_address,
    rdContact: row.rd_contact,
    leads: row.leads.map((l) => ({ id: l.id, nome: l.nome, email: l.email, empresa: l.empresa, createdAt: l.created_at })),
    upcoming: row.upcoming.map((m) => ({ ...m, startsAt: new Date(m.starts_at), endsAt: new Date(m.ends_at) })),
  };
}

export async function erasePerson(app: ErasureApp, email: string): Promise<Erasure> {
  const team = teamAddresses(app.env);
  const settings = { siteUrl: app.env.siteUrl, replyTo: app.env.contactEmail, scheduling: app.env.scheduling };
  // A meeting booked, moved or cancelled between the preview and the erasure makes it 'stale': build again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const preview = await erasurePreview(app, email);
    const { messages } = await app.store.exportPersonData(email, team);
    const cancellations = preview.upcoming.map((m) => ({ meeting_id: m.id, sequence: m.sequence, message: erasureCancelMail(m, settings) }));
    const result = await app.store.call<({ status: 'erased'; cancelled: number } & PersonDeletion) | { status: 'stale' }>('person_erase', {
      email, team, now: app.now().toISOString(), cancellations,
    });
    if (result.status === 'stale') continue;
    const files = await removeMailFiles(join(app.env.dataDir, 'outbox'), messages.map((m) => m.id), preview.teamAddress ? null : email);
    return { leads: result.leads, meetings: result.meetings, outbox: result.outbox, cancelled: result.cancelled, files };
  }
  throw Object.assign(new Error('erasure kept racing bookings'), { code: 'erasure_stale' });
}

/**
 * Removes the .eml copies of the person's messages (mail/transport.ts names each file
 * `<time>-<message id>.eml`), and, unless the address is a team member's (`address` null), any other
 * .eml whose To header holds exactly their address. Never by substring: "ana@x.com" must not take
 * "joana@x.com", "ana@x.com.br" or a message that merely quotes it. Returns the count.
 */
async function removeMailFiles(outboxDir: string, ids: string[], address: string | null): Promise<number> {
  const names = await readdir(outboxDir).catch(() => [] as string[]);
  const wanted = address?.trim().toLowerCase() ?? null;
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith('.eml'))) {
    const path = join(outboxDir, name);
    const mine = ids.some((id) => name.endsWith(`-${id}.eml`))
      || (wanted !== null && recipientsOf(await readFile(path, 'utf8').catch(() => '')).includes(wanted));
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
  return to.split(/[\s<>,;"()]/).filter((part) => part.slice(1, -1).includes('@')).map((part) => part.toLowerCase());
}
