// "Equipe" is `npm run consultants` with a form: each command run by the CLI (on one embedded database) and by
// the console (on another) leaves the same rows and says the same words. The first command goes through the
// real CLI process, the others through its own function in this process on one open copy of its database
// (consultants-process.ts sharedCliStore): the process and the CLI's own open are tested in consultants-cli.test.ts.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamMember } from '../../src/domain/painel/api';
import { withNames } from '../../src/domain/painel/names';
import { cliDataDir, sharedCliStore } from './consultants-process';
import { MENTOR, painelClient } from './painel-helpers';
import { storeCases, type Opened } from './stores';

const SITE_URL = 'https://mentor-solar.netlify.app';
const DORA = 'dora@consultores.example.com';

/** Each command as the terminal takes it. The feed points at a closed port: both sides record the same failure. */
const COMMANDS: string[][] = [
  ['add', 'Dora Lima', DORA],
  ['hours', DORA, 'seg-sex 09:00-12:00 13:00-18:00; sab 09:00-12:00'],
  ['off', DORA, '2027-01-04', '2027-01-08', 'Férias'],
  ['sala', DORA, 'https://meet.example.com/dora-lima'],
  ['feed', DORA, 'http://127.0.0.1:9/agenda.ics'],
  ['agenda-link', DORA],
  ['agenda-link', DORA],
  ['agenda-link', DORA, '--rotate'],
  ['deactivate', DORA],
  // Issue 33: back again, renamed; a time off already over and another consultant's e-mail are refused.
  ['reactivate', DORA],
  ['rename', DORA, 'Dora Lima Souza'],
  ['off', DORA, '2020-01-06', '2020-01-07'],
  ['email', DORA, 'ana.souza@consultores.example.com'],
  ['deactivate', DORA],
  ['hours', 'ninguem@consultores.example.com', 'seg-sex 09:00-18:00'],
];

/** What the commands leave in the database, without ids and times of writing. */
const STATE = `select jsonb_build_object(
  'presellers', (select jsonb_agg(jsonb_build_array(name, email, active, room_url, agenda_token_hash is not null) order by email) from presellers),
  'hours', (select jsonb_agg(jsonb_build_array(p.email, h.weekday, h.starts_at::text, h.ends_at::text) order by p.email, h.weekday, h.starts_at) from preseller_hours h join presellers p on p.id = h.preseller_id),
  'off', (select jsonb_agg(jsonb_build_array(p.email, o.starts_at, o.ends_at, o.reason) order by p.email, o.starts_at) from preseller_time_off o join presellers p on p.id = o.preseller_id),
  'feeds', (select jsonb_agg(jsonb_build_array(p.email, f.url, f.status, f.error_code) order by p.email) from calendar_feeds f join presellers p on p.id = f.preseller_id)
) as state`;

/** A fresh agenda token differs each time; everything else must be the same words. */
const sameWords = (text: string) => text.replace(/#[\w-]{20,}|\/agenda\/[\w-]+/g, '<token>').trim();

describe('Equipe and `npm run consultants` side by side', () => {
  let cliDir: string;
  let terminal: ReturnType<typeof sharedCliStore>;
  let opened: Opened;
  const { call, signIn } = painelClient(() => opened);

  beforeAll(async () => {
    cliDir = await cliDataDir('mentor-parity-');
    terminal = sharedCliStore(cliDir, SITE_URL);
    opened = await storeCases(null)[0].open({ env: { SITE_URL } });
  });
  afterAll(async () => {
    await opened.close();
    await terminal.close();
    await rm(cliDir, { recursive: true, force: true });
  });

  /** The first command as a real process; the others on one open copy of its database (consultantsOnStore). */
  const cli = (args: string[], index: number) => (index === 0 ? terminal.process(...args) : terminal.inProcess(...args));

  it('runs every command both ways with the same answer and the same rows', async () => {
    const cookie = await signIn(MENTOR);
    for (const [index, [command, ...args]] of COMMANDS.entries()) {
      const said = await cli([command, ...args], index);
      const res = await call('POST', '/api/painel/equipe', { cookie, body: { command, args } });
      const answer = (await res.json()) as { message?: string; error?: string };
      const label = `${command} ${args.join(' ')}`;
      expect(res.status === 200, label).toBe(said.code === 0);
      // The same words, except that the console names consultants by name where the terminal writes the address.
      const names = new Map((await opened.query<{ email: string; name: string }>('select lower(email) as email, name from presellers')).map((p) => [p.email, p.name]));
      expect(sameWords(answer.message ?? answer.error ?? ''), label).toBe(sameWords(withNames(said.code === 0 ? said.out : said.err, names)));
    }
    const [{ state: consoleState }] = await opened.query<{ state: unknown }>(STATE);
    const [{ state: cliState }] = await (await terminal.store()).sql.query<{ state: unknown }>(STATE);
    expect(consoleState).toEqual(cliState);
    expect(JSON.stringify(consoleState)).toContain('Férias');
    // The list the console shows: no feed address, no token anywhere in it.
    const team = await (await call('GET', '/api/painel/equipe', { cookie })).json() as { consultants: TeamMember[] };
    const dora = team.consultants.find((c) => c.email === DORA)!;
    expect(dora).toMatchObject({ active: false, hours: 'seg-sex 09:00-12:00 13:00-18:00; sab 09:00-12:00', agendaLink: true, roomUrl: 'https://meet.example.com/dora-lima' });
    expect(JSON.stringify(team)).not.toContain('127.0.0.1:9');
  }, 240_000);
});
