// `npm run consultants` on a temp embedded database: the CLI's own function in this process for what the
// commands do, and the real CLI as a child process where the process is the behaviour (a success, a refusal
// before the database opens, one after, and the lock held by another process: exit codes 0, 1, 1 and 2,
// stdout against stderr, DATA_DIR and SITE_URL read from the environment).
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliCopy } from '../../functions/lib/admin/consultants';
import { hoursCopy } from '../../src/domain/scheduling/hours';
import { cliDataDir, consultantsInProcess, sharedCliStore } from './consultants-process';

let dataDir: string;
const ANA = 'ana.souza@consultores.example.com';
const SITE_URL = 'https://mentor.example.com';

/**
 * One open of the database for the in-process commands between two real processes (consultants-process.ts
 * sharedCliStore). The CLI opening and closing it itself: every real process, and `hours` in the first test
 * in this process (consultantsInProcess).
 */
let commands: ReturnType<typeof sharedCliStore>;
const cli = (...args: string[]) => commands.process(...args);
/** The CLI's own function in this process: for everything but the process's own behaviour. */
const inProcess = (...args: string[]) => commands.inProcess(...args);

beforeAll(async () => {
  dataDir = await cliDataDir('mentor-cli-');
  commands = sharedCliStore(dataDir, SITE_URL);
});
afterAll(async () => {
  await commands.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm run consultants', () => {
  let listBefore = '';

  it('adds a consultant, sets hours with a lunch break, prints an agenda link and lists them', async () => {
    expect(await cli('add', 'Dora  Lima', 'dora@consultores.example.com')).toMatchObject({ code: 0, err: '' });
    // In this process, opening and closing the database itself.
    const hours = await consultantsInProcess(SITE_URL, dataDir, 'hours', 'dora@consultores.example.com', 'seg-sex 09:00-12:00 13:00-18:00; sab 09:00-12:00');
    // Said back in words (the console shows the same message).
    expect(hours).toMatchObject({ code: 0, out: expect.stringContaining('seg–sex, 9h–12h e 13h–18h; sáb, 9h–12h') });
    // The real process: the link is built on the SITE_URL of its environment.
    const link = await cli('agenda-link', 'dora@consultores.example.com');
    expect(link.code).toBe(0);
    expect(link.out).toMatch(/https:\/\/mentor\.example\.com\/api\/agenda\/[A-Za-z0-9_-]{43}\n/);
    const list = await inProcess('list');
    expect(list.code).toBe(0);
    expect(list.out).toContain('Dora Lima <dora@consultores.example.com> — ativo');
    expect(list.out).toContain('horários: seg-sex 09:00-12:00 13:00-18:00; sab 09:00-12:00');
    expect(list.out).toContain('horários: seg-sex 09:00-18:00 (padrão)');
    expect(list.out).toContain('link de assinatura: gerado');
    // No room set: the consultant calls the lead.
    expect(list.out).toContain('link de assinatura: gerado\n  Ligação telefônica');
    listBefore = list.out;
  }, 120_000);

  // Input checked before the database is opened: every case through inProcess, two of them also through the
  // real process for its exit code and streams.
  const parseErrors: [string[], string][] = [
    [[], cliCopy.usage],
    [['frobnicate'], cliCopy.unknownCommand('frobnicate')],
    [['list', 'extra'], cliCopy.arguments('list')],
    [['add', 'dora@consultores.example.com'], cliCopy.arguments('add')],
    [['add', 'Eva Reis', 'eva-at-example.com'], cliCopy.email('eva-at-example.com')],
    [['add', 'x', 'eva@example.com'], cliCopy.name],
    [['add', 'E'.repeat(5000), 'eva@example.com'], cliCopy.name],
    [['add', 'Eva\u0007Reis', 'eva@example.com'], cliCopy.name],
    [['add', '\u200B\u200B\u200B', 'eva@example.com'], cliCopy.name], // length 3, nothing visible (the lead's rule)
    [['off', ANA, '2026-12-01', '2026-12-02', 'x'.repeat(100 * 1024)], cliCopy.reason],
    [['off', ANA, '2026-12-01', '2026-12-02', 'Férias\u0007'], cliCopy.reason],
    [['deactivate', 'nobody'], cliCopy.email('nobody')],
    [['hours', ANA], cliCopy.arguments('hours')],
    [['hours', ANA, 'xyz 09:00-12:00'], hoursCopy.weekday('xyz')],
    [['hours', ANA, 'seg 12:00-09:00'], hoursCopy.range('12:00-09:00')],
    [['hours', ANA, 'seg 9h-12h'], hoursCopy.range('9h-12h')],
    [['hours', ANA, 'seg'], hoursCopy.noRange('seg')],
    [['hours', ANA, 'seg 09:00-12:00 11:00-13:00'], hoursCopy.overlap('seg')],
    [['hours', ANA, 'seg-sex 09:00-18:00; qua 10:00-11:00'], hoursCopy.repeated('qua')],
    [['hours', ANA, ' ; '], hoursCopy.empty],
    [['off', ANA, '2026-13-01', '2026-12-02'], cliCopy.dateTime('2026-13-01')],
    [['off', ANA, '2026-12-01T25:00', '2026-12-02'], cliCopy.dateTime('2026-12-01T25:00')],
    [['off', ANA, '2026-12-02', '2026-12-01'], cliCopy.order],
    [['off', ANA, '2026-12-01'], cliCopy.arguments('off')],
    [['feed', ANA, 'ftp://calendar.example.com/x.ics'], cliCopy.feedUrl],
    [['feed', ANA, `https://calendar.example.com/${'a'.repeat(5000)}.ics`], cliCopy.feedUrl],
    [['feed', ANA, 'not a url'], cliCopy.feedUrl],
    [['sync', 'now'], cliCopy.arguments('sync')],
    [['agenda-link', ANA, '--rotat'], cliCopy.arguments('agenda-link')],
    [['sala', ANA], cliCopy.arguments('sala')],
    [['sala', ANA, 'http://meet.example.com/x'], cliCopy.roomUrl],
    [['sala', ANA, 'meet.example.com/x'], cliCopy.roomUrl],
    [['sala', ANA, 'https://user:senha@meet.example.com/x'], cliCopy.roomUrl],
    [['sala', ANA, `https://meet.example.com/${'x'.repeat(500)}`], cliCopy.roomUrl],
    [['sala', ANA, 'Telefone'], cliCopy.roomUrl],
    [['sala', 'ana', 'telefone'], cliCopy.email('ana')],
  ];
  it('refuses bad input with a pt-BR message and exit code 1', async () => {
    // The real process: the usage, on stderr with exit code 1.
    const processes = [parseErrors[0]];
    const runs: Array<[[string[], string][], (args: string[]) => ReturnType<typeof cli>]> = [[parseErrors, (args) => inProcess(...args)], [processes, (args) => cli(...args)]];
    for (const [cases, run] of runs) {
      const results = await Promise.all(cases.map(([args]) => run(args)));
      results.forEach((r, i) => {
        const [args, message] = cases[i];
        expect(r.code, args.join(' ')).toBe(1);
        expect(r.err, args.join(' ')).toContain(message);
        expect(r.out, args.join(' ')).toBe('');
      });
    }
  }, 120_000);

  it('refuses unknown consultants, a repeated email and an existing agenda link; nothing changed', async () => {
    for (const [args, message] of [
      [['deactivate', 'nobody@example.com'], cliCopy.unknownConsultant('nobody@example.com')],
      [['hours', 'nobody@example.com', 'seg 09:00-12:00'], cliCopy.unknownConsultant('nobody@example.com')],
      [['off', 'nobody@example.com', '2026-12-01', '2026-12-02'], cliCopy.unknownConsultant('nobody@example.com')],
      [['feed', 'nobody@example.com', 'https://calendar.example.com/x.ics'], cliCopy.unknownConsultant('nobody@example.com')],
      [['sala', 'nobody@example.com', 'https://meet.example.com/x'], cliCopy.unknownConsultant('nobody@example.com')],
      [['add', 'Outra Dora', 'DORA@consultores.example.com'], cliCopy.exists('DORA@consultores.example.com')],
      [['agenda-link', 'dora@consultores.example.com'], cliCopy.linkExists('dora@consultores.example.com')],
    ] as [string[], string][]) {
      // The first through the real process (exit code and stderr), the others in this process.
      const r = args[0] === 'deactivate' ? await cli(...args) : await inProcess(...args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.err, args.join(' ')).toContain(message);
    }
    expect((await inProcess('list')).out).toBe(listBefore);
  }, 180_000);

  it('sets where a consultant\'s meetings happen: a video room, then back to a phone call; list shows it', async () => {
    const room = 'https://meet.google.com/abc-defg-hij';
    expect(await inProcess('sala', 'DORA@consultores.example.com', room)).toEqual({ code: 0, out: `${cliCopy.roomSet('DORA@consultores.example.com', room)}\n`, err: '' });
    const withRoom = (await inProcess('list')).out;
    expect(withRoom).toContain(`Dora Lima <dora@consultores.example.com> — ativo\n  horários: seg-sex 09:00-12:00 13:00-18:00; sab 09:00-12:00\n  agenda: não conectada\n  link de assinatura: gerado\n  Sala: ${room}\n`);
    // A space is stored percent-encoded (the database refuses raw spaces in a room).
    expect((await inProcess('sala', 'dora@consultores.example.com', 'https://zoom.example.com/j/123 456')).out).toContain('https://zoom.example.com/j/123%20456');
    expect(await inProcess('sala', 'dora@consultores.example.com', 'telefone')).toEqual({ code: 0, out: `${cliCopy.phoneSet('dora@consultores.example.com')}\n`, err: '' });
    expect((await inProcess('list')).out).toBe(listBefore);
  }, 120_000);

  it('refuses to open an embedded database another live process holds (exit 2), nothing changed', async () => {
    // This test process stands in for a running `npm start`: its pid in the lock file, alive. (The shared
    // store's close removes its own lock file: first.)
    await commands.close();
    await writeFile(join(dataDir, 'db.lock'), String(process.pid));
    try {
      const r = await cli('deactivate', 'dora@consultores.example.com');
      expect(r.code).toBe(2);
      expect(r.err).toContain(`aberto por outro processo (pid ${process.pid})`);
      expect(r.err).toContain('Pare `npm start`');
    } finally {
      await rm(join(dataDir, 'db.lock'), { force: true });
    }
    expect((await inProcess('list')).out).toBe(listBefore);
  }, 120_000);
});
