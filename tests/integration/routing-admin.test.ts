// Routing settings, the stored why and the month's report (issue 19): the consultants commands (limit,
// weight, mode, janela, why, report) through the CLI's own parser and runner on both stores, the same
// commands through Equipe, the why in the console's meeting view, and the real CLI's exit codes (0 and 1).
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cliCopy, InputError, parseCommand, runCommand } from '../../functions/lib/admin/consultants';
import { routingCopy } from '../../functions/lib/admin/routing';
import { cliDataDir, consultantsInProcess, consultantsProcess } from './consultants-process';
import { requestFingerprint } from '../../functions/lib/idempotency';
import { validateLead } from '../../src/domain/lead';
import type { MeetingView } from '../../src/domain/painel/api';
import { schedulingConfig } from '../../src/domain/scheduling/config';
import { route, type RouteCandidate, type RoutingWhy } from '../../src/domain/scheduling/routing';
import { whyCopy, whyLines } from '../../src/domain/scheduling/routing-why';
import { key, POLICY_VERSION, PRESELLERS, validLead } from './helpers';
import { ANA, BRUNO, MENTOR, painelClient } from './painel-helpers';
import { storeCases, type Opened } from './stores';
import { withNames } from '../../src/domain/painel/names';

const TZ = schedulingConfig.timeZone;
const CARLA = 'carla.mendes@consultores.example.com';

/** What the settings commands leave in the database. */
const STATE = `select jsonb_build_object(
  'team', (select jsonb_build_array(count_window, equal_ahead) from routing_settings),
  'people', (select jsonb_agg(jsonb_build_array(email, weight, cap_day, cap_week) order by email) from presellers)) as state`;

const candidate = (id: string, over: Partial<RouteCandidate> = {}): RouteCandidate => ({
  id, weight: 100, count: 0, credit: 0, lastAssignedAt: null, inPool: true, busy: null, worksThatDay: true,
  dayCount: 0, weekCount: 0, capDay: null, capWeek: null, ...over,
});

describe.each(storeCases(inject('postgresUrl')))('routing settings, why and report on $name', (store) => {
  let opened: Opened;
  const { call, signIn } = painelClient(() => opened);

  beforeAll(async () => {
    opened = await store.open();
  });
  afterAll(() => opened?.close());

  /** One command as `npm run consultants` runs it (parser, then runner), on this store. */
  async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
    const out: string[] = [];
    const err: string[] = [];
    try {
      const parsed = parseCommand(argv, schedulingConfig);
      const code = await runCommand(opened.app.store, parsed, { config: schedulingConfig, siteUrl: 'https://mentor.example.com' }, { out: (l) => out.push(l), err: (l) => err.push(l) });
      return { code, out: out.join('\n'), err: err.join('\n') };
    } catch (error) {
      if (error instanceof InputError) return { code: 1, out: '', err: error.message };
      throw error;
    }
  }
  const state = async () => (await opened.query<{ state: unknown }>(STATE))[0].state;

  async function lead(email: string, createdAt: string): Promise<string> {
    const parsed = validateLead({ ...validLead, email });
    if (!parsed.ok) throw new Error('fixture invalid');
    const id = crypto.randomUUID();
    await opened.app.store.createLead({ ...parsed.data, id, idempotencyKey: key(), origem: 'routing-test', privacyPolicyVersion: POLICY_VERSION, requestHash: requestFingerprint({ email }) }, []);
    await opened.query('update leads set created_at = $1::timestamptz where id = $2', [createdAt, id]);
    return id;
  }

  async function meeting(leadId: string, presellerId: string, startsAt: string, bookedAt: string, routing: RoutingWhy | null = null): Promise<string> {
    const id = crypto.randomUUID();
    await opened.query(
      `insert into meetings (id, lead_id, preseller_id, starts_at, ends_at, service, diagnostic_score, idempotency_key, booked_at, routing)
       values ($1::uuid, $2::uuid, $3::uuid, $4::timestamptz, $4::timestamptz + interval '1 hour', 'consultoria', 70, $5, $6::timestamptz, ($7::text)::jsonb)`,
      [id, leadId, presellerId, startsAt, key(), bookedAt, routing === null ? null : JSON.stringify(routing)]);
    return id;
  }
  const outcome = (meetingId: string, attendance: string, at: string) =>
    opened.query(`insert into meeting_outcomes (meeting_id, attendance, recorded_by, recorded_at) values ($1::uuid, $2, 'teste', $3::timestamptz)`, [meetingId, attendance, at]);

  it('sets weights, caps, the window and equal distribution; list shows them; e-mail in any case', async () => {
    expect(await cli('weight', ANA.toUpperCase(), '50')).toEqual({ code: 0, out: routingCopy.weightSet(ANA.toUpperCase(), 50), err: '' });
    expect(await cli('limit', BRUNO, '4/dia', '15/semana')).toEqual({ code: 0, out: routingCopy.limitSet(BRUNO, '4', '15'), err: '' });
    expect(await cli('limit', BRUNO, 'sem/dia')).toEqual({ code: 0, out: routingCopy.limitSet(BRUNO, routingCopy.noCap, '15'), err: '' });
    expect((await cli('limit', CARLA, '2/DIA')).out).toBe(routingCopy.limitSet(CARLA, '2', routingCopy.noCap));
    expect((await cli('limit', CARLA, 'sem')).out).toBe(routingCopy.limitSet(CARLA, routingCopy.noCap, routingCopy.noCap));
    expect(await cli('mode', 'igual', '3')).toEqual({ code: 0, out: routingCopy.modeSet(3), err: '' });
    expect(await cli('janela', 'semana')).toEqual({ code: 0, out: routingCopy.windowSet('semana'), err: '' });
    expect(await state()).toEqual({
      team: ['semana', 3],
      people: [[ANA, 50, null, null], [BRUNO, 100, null, 15], [CARLA, 100, null, null]],
    });
    const [{ updated_by }] = await opened.query<{ updated_by: string }>('select updated_by from routing_settings');
    expect(updated_by).toBe('npm run consultants');

    const list = (await cli('list')).out;
    expect(list).toContain('Ana Souza <ana.souza@consultores.example.com> — ativo');
    expect(list).toContain('  distribuição: peso 50; limite sem limite por dia, sem limite por semana');
    expect(list).toContain('  distribuição: peso 100; limite sem limite por dia, 15 por semana');
    expect(list.split('\n').at(-1)).toBe(routingCopy.teamLine('semana', 3));

    expect((await cli('mode', 'normal')).out).toBe(routingCopy.modeSet(null));
    // Without N, the default 3.
    expect(parseCommand(['mode', 'igual'], schedulingConfig)).toMatchObject({ command: { action: 'routing-mode', equalAhead: 3 } });
    expect((await cli('janela', 'mês')).out).toBe(routingCopy.windowSet('mes'));
    expect((await state() as { team: unknown }).team).toEqual(['mes', null]);
  });

  it('refuses bad input and unknown consultants with a pt-BR message, exit 1, nothing changed', async () => {
    const before = await state();
    const cases: [string[], string][] = [
      [['weight', ANA, '0'], routingCopy.weight],
      [['weight', ANA, '1001'], routingCopy.weight],
      [['weight', ANA, '50.5'], routingCopy.weight],
      [['weight', ANA, 'metade'], routingCopy.weight],
      [['weight', ANA], cliCopy.arguments('weight')],
      [['weight', 'ana', '50'], cliCopy.email('ana')],
      [['limit', ANA, '51/dia'], routingCopy.limit],
      [['limit', ANA, '0/dia'], routingCopy.limit],
      [['limit', ANA, '251/semana'], routingCopy.limit],
      [['limit', ANA, '4/dia', '5/dia'], routingCopy.limit],
      [['limit', ANA, '4'], routingCopy.limit],
      [['limit', ANA, 'sem', '4/dia'], routingCopy.limit],
      [['limit', ANA], cliCopy.arguments('limit')],
      [['mode', 'igual', '0'], routingCopy.mode],
      [['mode', 'igual', '51'], routingCopy.mode],
      [['mode', 'normal', '3'], routingCopy.mode],
      [['mode', 'aleatorio'], routingCopy.mode],
      [['janela', 'ano'], routingCopy.window],
      [['why', 'abc'], routingCopy.meetingId('abc')],
      [['why'], cliCopy.arguments('why')],
      [['report', '2026-13'], routingCopy.month('2026-13')],
      [['report', '2026-11', 'x'], cliCopy.arguments('report')],
      [['weight', 'ninguem@example.com', '50'], cliCopy.unknownConsultant('ninguem@example.com')],
      [['limit', 'ninguem@example.com', '4/dia'], cliCopy.unknownConsultant('ninguem@example.com')],
    ];
    for (const [args, message] of cases) {
      const r = await cli(...args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.err, args.join(' ')).toContain(message);
      expect(r.out, args.join(' ')).toBe('');
    }
    expect(await state()).toEqual(before);
  });

  it('why: the stored reasons with names; a meeting from before routing; an unknown id', async () => {
    const input = {
      rule: 'Consultoria — time inteiro',
      candidates: [
        candidate(PRESELLERS.ana, { count: 2 }),
        candidate(PRESELLERS.bruno, { count: 1, busy: 'ocupado' }),
        candidate(PRESELLERS.carla, { count: 1, capWeek: 1, weekCount: 1 }),
      ],
      equalAhead: null,
      preferred: [],
      random: 0.5,
    };
    const why: RoutingWhy = { v: 1, at: '2026-11-20T13:00:00.000Z', window: { kind: 'mes', from: '2026-11-01T03:00:00.000Z', to: '2026-12-01T03:00:00.000Z' }, input, decision: route(input) };
    const leadId = await lead('why@example.com', '2026-11-20T12:00:00Z');
    const withWhy = await meeting(leadId, PRESELLERS.ana, '2026-11-23T13:00:00Z', '2026-11-20T13:00:00Z', why);
    const older = await meeting(leadId, PRESELLERS.bruno, '2026-11-24T13:00:00Z', '2026-11-20T13:00:00Z');

    const names = { [PRESELLERS.ana]: 'Ana Souza', [PRESELLERS.bruno]: 'Bruno Almeida', [PRESELLERS.carla]: 'Carla Mendes' };
    expect(await cli('why', withWhy.toUpperCase())).toEqual({
      code: 0, err: '',
      out: [`Reunião ${withWhy}: 23/11/2026 10:00, Ana Souza`, ...whyLines(why, names, TZ)].join('\n'),
    });
    const text = (await cli('why', withWhy)).out;
    expect(text).toContain('Bruno Almeida: ocupado');
    expect(text).toContain('Carla Mendes: limite semanal');
    expect(text).toContain('Desempate: único livre');
    expect(text).toContain(whyCopy.replayOk);
    expect(text).not.toContain('why@example.com');
    expect(await cli('why', older)).toEqual({ code: 0, err: '', out: `Reunião ${older}: 24/11/2026 10:00, Bruno Almeida\n${whyCopy.before}` });
    const missing = crypto.randomUUID();
    expect(await cli('why', missing)).toEqual({ code: 1, out: '', err: routingCopy.unknownMeeting(missing) });

    // The console's meeting view: the mentor and the meeting's consultant see it; nobody else sees the meeting.
    const mentorView = (await (await call('GET', `/api/painel/reunioes/${withWhy}`, { cookie: await signIn(MENTOR) })).json()) as MeetingView;
    expect(mentorView.why).toEqual({ routing: why, names });
    // The consultant reads their own part only (issue #36 L6): no colleague's numbers, names or exclusion, no draw.
    const anaText = await (await call('GET', `/api/painel/reunioes/${withWhy}`, { cookie: await signIn(ANA) })).text();
    const anaView = JSON.parse(anaText) as MeetingView;
    expect(anaView.why).toEqual({
      routing: {
        ...why,
        input: { ...input, candidates: [input.candidates[0]], random: 0 },
        decision: { ...why.decision, excluded: [], loads: { [PRESELLERS.ana]: why.decision.loads[PRESELLERS.ana] } },
      },
      names: { [PRESELLERS.ana]: 'Ana Souza' },
      partial: true,
    });
    for (const other of [PRESELLERS.bruno, PRESELLERS.carla, 'Bruno', 'Carla']) expect(anaText).not.toContain(other);
    const mentor = await signIn(MENTOR);
    expect(((await (await call('GET', `/api/painel/reunioes/${older}`, { cookie: mentor })).json()) as MeetingView).why).toBeNull();
    expect((await call('GET', `/api/painel/reunioes/${withWhy}`, { cookie: await signIn(BRUNO) })).status).toBe(404);
    await opened.query('delete from meetings where lead_id = $1::uuid', [leadId]);
  });

  it('report: per consultant booked, held, no-shows, cancelled, share and target in the month (Brasília), and leads → booked', async () => {
    await cli('weight', ANA, '50');
    // October 2026 in Brasília: 2026-10-01T03:00Z to 2026-11-01T03:00Z.
    const a = await lead('a@example.com', '2026-10-05T12:00:00Z');
    const b = await lead('b@example.com', '2026-10-31T23:00:00Z'); // 20:00 on the 31st in Brasília: October
    await lead('c@example.com', '2026-10-10T12:00:00Z'); // no meeting
    const d = await lead('d@example.com', '2026-09-30T12:00:00Z'); // September: not counted
    await lead('e@example.com', '2026-11-01T02:59:00Z'); // 23:59 on 31 October in Brasília

    const held = await meeting(a, PRESELLERS.ana, '2026-10-06T13:00:00Z', '2026-10-05T12:00:00Z');
    const changed = await meeting(b, PRESELLERS.ana, '2026-10-07T13:00:00Z', '2026-11-01T02:30:00Z'); // booked 23:30 on 31/10 Brasília
    const noShow = await meeting(a, PRESELLERS.bruno, '2026-10-08T13:00:00Z', '2026-10-06T12:00:00Z');
    const cancelled = await meeting(a, PRESELLERS.bruno, '2026-10-09T13:00:00Z', '2026-10-07T12:00:00Z');
    await meeting(a, PRESELLERS.carla, '2026-10-10T13:00:00Z', '2026-10-08T12:00:00Z'); // no outcome yet
    await meeting(d, PRESELLERS.carla, '2026-10-02T13:00:00Z', '2026-10-01T02:30:00Z'); // booked 23:30 on 30/09 Brasília: September
    await outcome(held, 'attended', '2026-10-06T15:00:00Z');
    await outcome(changed, 'attended', '2026-10-07T15:00:00Z');
    await outcome(changed, 'lead_no_show', '2026-10-07T16:00:00Z'); // the latest outcome is the one
    await outcome(noShow, 'lead_no_show', '2026-10-08T15:00:00Z');
    await opened.query(`update meetings set status = 'cancelled', cancelled_at = '2026-10-08T00:00:00Z', cancelled_by = 'lead' where id = $1::uuid`, [cancelled]);

    const r = await cli('report', '2026-10');
    expect(r.code).toBe(0);
    // Counted: Ana 1 (held), Bruno 0, Carla 1 → team 2. Target: 50 / 250, 100 / 250, 100 / 250.
    expect(r.out.split('\n')).toEqual([
      routingCopy.reportTitle('2026-10'),
      'Consultor      Agendadas  Realizadas  Não compareceu  Canceladas  Participação  Meta',
      'Ana Souza              2           1               1           0          50 %  20 %',
      'Bruno Almeida          2           0               1           1           0 %  40 %',
      'Carla Mendes           1           0               0           0          50 %  40 %',
      'Leads: 4; com reunião: 2 (50 %)',
      routingCopy.reportNote,
    ]);
    const empty = await cli('report', '2025-01');
    expect(empty.out).toContain('Ana Souza              0           0               0           0             —  20 %');
    expect(empty.out).toContain('Leads: 0; com reunião: 0 (—)');

    // The console's "Relatório do mês": the same numbers as JSON; a bad month is a 400.
    const cookie = await signIn(MENTOR);
    const res = await call('GET', '/api/painel/relatorio?mes=2026-10', { cookie });
    expect(await res.json()).toEqual({
      month: '2026-10', leads: 4, leadsBooked: 2, followupSkips: { automated: 0, sourceCap: 0, hourlyCap: 0 },
      consultants: [
        { name: 'Ana Souza', active: true, weight: 50, booked: 2, held: 1, noShows: 1, cancelled: 0, share: 0.5, target: 0.2 },
        { name: 'Bruno Almeida', active: true, weight: 100, booked: 2, held: 0, noShows: 1, cancelled: 1, share: 0, target: 0.4 },
        { name: 'Carla Mendes', active: true, weight: 100, booked: 1, held: 0, noShows: 0, cancelled: 0, share: 0.5, target: 0.4 },
      ],
    });
    for (const bad of ['2026-13', '1999-12', '2026-1', 'x']) {
      expect((await call('GET', `/api/painel/relatorio?mes=${bad}`, { cookie })).status, bad).toBe(400);
    }
    expect((await call('GET', '/api/painel/relatorio', { cookie: await signIn(ANA) })).status).toBe(403);
    await cli('weight', ANA, '100');
  });

  it('Equipe runs the same commands with the same words and records who changed the team settings', async () => {
    const cookie = await signIn(MENTOR);
    // The same words, except that the console names consultants by name where the terminal writes the address.
    const names = new Map((await opened.query<{ email: string; name: string }>('select lower(email) as email, name from presellers')).map((p) => [p.email, p.name]));
    for (const [command, ...args] of [['weight', CARLA, '80'], ['limit', CARLA, '3/dia', '10/semana'], ['mode', 'igual', '2'], ['janela', 'semana'], ['weight', CARLA, '5000'], ['limit', 'ninguem@example.com', 'sem']]) {
      const res = await call('POST', '/api/painel/equipe', { cookie, body: { command, args } });
      const answer = (await res.json()) as { message?: string; error?: string };
      // The terminal's answer, without its usage text (the console's form shows what to fill).
      const expected = command === 'weight' && args[1] === '5000' ? routingCopy.weight
        : args[0] === 'ninguem@example.com' ? cliCopy.unknownConsultant('ninguem@example.com')
        : command === 'weight' ? routingCopy.weightSet(CARLA, 80)
        : command === 'limit' ? routingCopy.limitSet(CARLA, '3', '10')
        : command === 'mode' ? routingCopy.modeSet(2) : routingCopy.windowSet('semana');
      expect(answer.message ?? answer.error, command).toBe(withNames(expected, names));
    }
    const [{ updated_by }] = await opened.query<{ updated_by: string }>('select updated_by from routing_settings');
    expect(updated_by).toBe(MENTOR);
    const team = (await (await call('GET', '/api/painel/equipe', { cookie })).json()) as {
      consultants: { email: string; weight: number; capDay: number | null; capWeek: number | null }[]; routing: unknown;
    };
    expect(team.consultants.find((c) => c.email === CARLA)).toMatchObject({ weight: 80, capDay: 3, capWeek: 10 });
    expect(team.routing).toEqual({ window: 'semana', equalAhead: 2 });
  });
});

describe('npm run consultants: routing commands, a success and a refusal through the real process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await cliDataDir('mentor-routing-cli-');
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));
  const cli = (...args: string[]) => consultantsProcess(dataDir, ...args);
  /** The CLI's own function in this process (consultants-process.ts): the rest of the commands. */
  const inProcess = (...args: string[]) => consultantsInProcess('https://mentor.example.com', dataDir, ...args);

  it('exit 0 with the answer, exit 1 with a pt-BR message and nothing changed', async () => {
    expect(await cli('weight', ANA, '60')).toEqual({ code: 0, out: `${routingCopy.weightSet(ANA, 60)}\n`, err: '' });
    const list = (await inProcess('list')).out;
    expect(list).toContain('distribuição: peso 60;');
    expect(await cli('weight', ANA, '0')).toMatchObject({ code: 1, out: '', err: expect.stringContaining(routingCopy.weight) });
    expect(await inProcess('why', crypto.randomUUID())).toMatchObject({ code: 1, out: '' });
    expect((await inProcess('report')).out).toContain('Ana Souza');
    expect((await inProcess('list')).out).toBe(list);
    expect((await inProcess('help')).err).toContain('report [AAAA-MM]');
  }, 180_000);
});
