// Minha agenda (issue 33, item 3): a consultant changes their own hours, time off and room through
// POST minha-agenda, never a colleague's and never the mentor's commands; the mentor still edits everyone
// in Equipe. The server decides, whatever the browser sends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamMember } from '../../src/domain/painel/api';
import { ANA, BRUNO, MENTOR, painelClient } from './painel-helpers';
import { storeCases, type Opened } from './stores';

describe('Minha agenda', () => {
  let opened: Opened;
  const { call, signIn } = painelClient(() => opened);
  beforeAll(async () => {
    opened = await storeCases(null)[0].open();
  });
  afterAll(() => opened.close());

  it('a consultant reads and changes only their own agenda', async () => {
    const ana = await signIn(ANA);
    const own = (await (await call('GET', '/api/painel/minha-agenda', { cookie: ana })).json()) as { member: TeamMember };
    expect(own.member).toMatchObject({ email: ANA, hoursWords: 'seg–sex, 9h–18h', timeOff: [] });
    expect(JSON.stringify(own)).not.toContain(BRUNO);

    const mine = await call('POST', '/api/painel/minha-agenda', { cookie: ana, body: { command: 'hours', args: [ANA, 'seg-qui 08:00-12:00'] } });
    expect(mine.status).toBe(200);
    const off = await call('POST', '/api/painel/minha-agenda', { cookie: ana, body: { command: 'off', args: [ANA.toUpperCase(), '2030-01-07', '2030-01-08', 'Férias'] } });
    expect(off.status).toBe(200);
    const after = (await (await call('GET', '/api/painel/minha-agenda', { cookie: ana })).json()) as { member: TeamMember };
    expect(after.member.hoursWords).toBe('seg–qui, 8h–12h');
    expect(after.member.timeOff).toHaveLength(1);
    const removed = await call('POST', '/api/painel/minha-agenda', { cookie: ana, body: { command: 'off-remove', args: [ANA, after.member.timeOff[0].id] } });
    expect(removed.status).toBe(200);

    // A colleague's agenda, a command that is the mentor's, Equipe itself: refused, nothing changed.
    const before = await opened.query<{ n: number }>(`select count(*)::int as n from preseller_hours h join presellers p on p.id = h.preseller_id where p.email = $1`, [BRUNO]);
    for (const body of [
      { command: 'hours', args: [BRUNO, 'seg 08:00-09:00'] },
      { command: 'off', args: [` ${BRUNO}`, '2030-01-07', '2030-01-08'] },
      { command: 'deactivate', args: [ANA] },
      { command: 'weight', args: [ANA, '1000'] },
      { command: 'add', args: ['Outra Pessoa', 'outra@example.com'] },
    ]) {
      const res = await call('POST', '/api/painel/minha-agenda', { cookie: ana, body });
      expect(res.status, body.command).toBe(403);
    }
    expect((await call('POST', '/api/painel/equipe', { cookie: ana, body: { command: 'hours', args: [BRUNO, 'seg 08:00-09:00'] } })).status).toBe(403);
    expect(await opened.query<{ n: number }>(`select count(*)::int as n from preseller_hours h join presellers p on p.id = h.preseller_id where p.email = $1`, [BRUNO])).toEqual(before);

    // Another consultant's id for Remover is "not found" for Ana, never a removal of someone else's time off.
    const mentor = await signIn(MENTOR);
    expect((await call('POST', '/api/painel/equipe', { cookie: mentor, body: { command: 'off', args: [BRUNO, '2030-02-04', '2030-02-05'] } })).status).toBe(200);
    const team = (await (await call('GET', '/api/painel/equipe', { cookie: mentor })).json()) as { consultants: TeamMember[] };
    const brunoOff = team.consultants.find((c) => c.email === BRUNO)!.timeOff[0].id;
    const stolen = await call('POST', '/api/painel/minha-agenda', { cookie: ana, body: { command: 'off-remove', args: [ANA, brunoOff] } });
    expect(stolen.status).toBe(400);
    expect((await stolen.json()).error).toBe('Esta folga não existe mais (talvez já tenha sido removida).');
    const [{ n }] = await opened.query<{ n: number }>('select count(*)::int as n from preseller_time_off where id = $1', [brunoOff]);
    expect(n).toBe(1);
  }, 120_000);

  it('caps the calendar links one person may have read in an hour (each read fetches what they typed)', async () => {
    const ana = await signIn(ANA);
    await opened.query(`insert into painel_activity (at, actor, action, subject) select now(), $1, 'team:feed-check', $1 from generate_series(1, 20)`, [ANA]);
    const res = await call('POST', '/api/painel/minha-agenda', { cookie: ana, body: { command: 'feed', args: [ANA, 'https://calendar.example.com/ana.ics'] } });
    expect(res.status).toBe(429);
    expect((await res.json()).error).toBe('Muitas tentativas de conectar uma agenda na última hora. Tente de novo mais tarde.');
  }, 60_000);
});
