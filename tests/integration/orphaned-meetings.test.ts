// Meetings left without their consultant, on PGlite and on PostgreSQL: a day off or a deactivation
// answers with the meetings it leaves (painel_orphaned_meetings, the one query Hoje reads too);
// "Reagendar com outro consultor" moves one at the same time to whoever the routing rules choose, with
// the lead's updated invite; "Manter" keeps it and takes it off the lists. A screen that is out of date,
// no one else free, another consultant's meeting and bad input each get their pt-BR answer and change nothing.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TeamAnswer } from '../../src/domain/painel/api';
import { orphanedCopy } from '../../src/domain/painel/orphaned';
import { brDate } from '../../src/domain/scheduling/time';
import { orphanedMeetings } from '../../functions/lib/painel/orphaned-meetings';
import { ANA, BRUNO, bookMeeting, MENTOR, painelClient, PRESELLERS } from './painel-helpers';
import { futureWorkday, key } from './helpers';
import { storeCases, type Opened } from './stores';

type Row = { id: string; kind: string; message: { to: string; subject: string; text: string; icalEvent?: { method: string; content: string } } };
type Booked = { leadId: string; meetingId: string; startsAt: Date };
const CARLA = 'carla.mendes@consultores.example.com';

describe.each(storeCases(inject('postgresUrl')))('orphaned meetings on $name', (store) => {
  let opened: Opened;
  const { call, signIn } = painelClient(() => opened);
  let mentor: string;
  let bruno: string;
  let first: Booked;
  let second: Booked;
  let brunos: Booked;
  const day0 = futureWorkday(3, 0);
  const day1 = futureWorkday(3, 1);

  beforeAll(async () => {
    opened = await store.open();
    first = await bookMeeting(opened.app, { email: 'carla@solarvale.com.br', presellerId: PRESELLERS.ana, time: '10:00', empresa: 'Solar Vale', nome: 'Carla Nunes' });
    second = await bookMeeting(opened.app, { email: 'davi@solarsul.com.br', presellerId: PRESELLERS.ana, time: '11:00', day: 1, empresa: 'Solar Sul', nome: 'Davi Reis' });
    brunos = await bookMeeting(opened.app, { email: 'elis@ventos.com.br', presellerId: PRESELLERS.bruno, time: '10:00', empresa: 'Ventos', nome: 'Elis Lima' });
    mentor = await signIn(MENTOR);
    bruno = await signIn(BRUNO);
  });
  afterAll(() => opened.close());

  const team = async (command: string, args: string[]) => {
    const res = await call('POST', '/api/painel/equipe', { cookie: mentor, body: { command, args } });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as TeamAnswer;
  };
  const consultantOf = async (id: string) => (await opened.query<{ preseller_id: string; starts_at: Date }>('select preseller_id, starts_at from meetings where id = $1', [id]))[0];
  const outboxOf = (id: string) => opened.query<Row>('select id, kind, message from outbox where meeting_id = $1 order by id', [id]);
  const reassign = (m: Booked, cookie: string, seen: { consultantId?: string; startsAt?: string } = {}, idempotencyKey = key()) =>
    call('POST', `/api/painel/reunioes/${m.meetingId}/outro-consultor`, {
      cookie, body: { consultantId: seen.consultantId ?? PRESELLERS.ana, startsAt: seen.startsAt ?? m.startsAt.toISOString(), idempotencyKey },
    });
  const keep = (m: Booked, cookie: string, consultantId: string = PRESELLERS.ana) =>
    call('POST', `/api/painel/reunioes/${m.meetingId}/manter`, { cookie, body: { consultantId, startsAt: m.startsAt.toISOString() } });
  const orphanIds = async () => (await orphanedMeetings(opened.app.store, { now: opened.app.now() })).map((m) => m.id);

  it('nothing is orphaned while every consultant is active and at work', async () => {
    expect(await orphanIds()).toEqual([]);
  });

  it('a day off is saved, then answers with the meetings in its period only (not another day\'s, not a colleague\'s)', async () => {
    const answer = await team('off', [ANA, day0, day0]);
    expect(answer.message).toMatch(/folga/i);
    expect(answer.orphaned).toMatchObject({ consultant: 'Ana Souza', kind: 'off' });
    expect(answer.orphaned!.meetings.map((m) => [m.id, m.reason, m.consultantEmail])).toEqual([[first.meetingId, 'off', ANA]]);
    expect(orphanedCopy.heading(answer.orphaned!.consultant, answer.orphaned!.meetings.length, 'off')).toBe('Ana Souza tem 1 reunião nesse período');
    expect(orphanedCopy.heading('Ana Souza', 2, 'off')).toBe('Ana Souza tem 2 reuniões nesse período');
    // Stored: Hoje's query (all consultants) sees it too.
    expect(await orphanIds()).toEqual([first.meetingId]);
  });

  it('refuses bad input, another consultant\'s meeting and a screen that saw another consultant or time, changing nothing', async () => {
    const before = (await outboxOf(first.meetingId)).length;
    for (const body of [{}, { consultantId: 'x', startsAt: first.startsAt.toISOString(), idempotencyKey: key() }, { consultantId: PRESELLERS.ana, startsAt: 'amanhã', idempotencyKey: key() }, { consultantId: PRESELLERS.ana, startsAt: first.startsAt.toISOString(), idempotencyKey: 'x' }]) {
      const res = await call('POST', `/api/painel/reunioes/${first.meetingId}/outro-consultor`, { cookie: mentor, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ error: orphanedCopy.input });
    }
    // Bruno's session: Ana's meeting does not exist for him.
    expect((await reassign(first, bruno)).status).toBe(404);
    const stale = await reassign(first, mentor, { startsAt: new Date(first.startsAt.getTime() + 3_600_000).toISOString() });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ error: orphanedCopy.changed('Ana Souza', `${brDate(day0)} às 10:00`) });
    expect(await consultantOf(first.meetingId)).toMatchObject({ preseller_id: PRESELLERS.ana });
    expect(await outboxOf(first.meetingId)).toHaveLength(before);
  });

  it('"Reagendar com outro consultor" moves it at the same time to the one the rules choose who is free (Carla: Bruno has a meeting then), with the updated invites', async () => {
    const booked = new Set((await outboxOf(first.meetingId)).map((r) => r.id));
    const res = await reassign(first, mentor);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ message: orphanedCopy.moved('Carla Mendes', `${brDate(day0)} às 10:00`) });
    const now = await consultantOf(first.meetingId);
    expect(now.preseller_id).toBe(PRESELLERS.carla);
    expect(new Date(now.starts_at).getTime()).toBe(first.startsAt.getTime());
    const mails = await outboxOf(first.meetingId);
    const moved = mails.filter((r) => !booked.has(r.id));
    expect(moved.map((r) => r.kind).sort()).toEqual(['meeting-cancelled-preseller', 'meeting-preseller', 'meeting-rescheduled-lead']);
    const toLead = moved.filter((r) => r.kind === 'meeting-rescheduled-lead');
    expect(toLead[0].message.to).toBe('carla@solarvale.com.br');
    expect(toLead[0].message.subject).toBe(`Reunião com novo consultor: Consultoria Empresarial em ${brDate(day0)} às 10:00`);
    expect(toLead[0].message.text).toContain('passou para outro consultor, no mesmo horário');
    expect(toLead[0].message.icalEvent?.content).toContain('com Carla Mendes');
    expect(toLead[0].message.icalEvent?.method).toBe('REQUEST');
    expect(toLead[0].message.icalEvent?.content).toMatch(/SEQUENCE:1\r?\n/);
    expect(toLead[0].message.icalEvent?.content).toContain(`UID:${first.meetingId}`);
    expect(moved.find((r) => r.kind === 'meeting-preseller')?.message.to).toBe(CARLA);
    expect(moved.find((r) => r.kind === 'meeting-cancelled-preseller')?.message.to).toBe(ANA);
    expect(await orphanIds()).toEqual([]);
    // The same click again from the old screen: said what it is now, nothing moves or is mailed.
    const again = await reassign(first, mentor);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: orphanedCopy.changed('Carla Mendes', `${brDate(day0)} às 10:00`) });
    expect(await outboxOf(first.meetingId)).toHaveLength(mails.length);
  });

  it('with everyone else off then, answers that no one is free and leaves the meeting and the outbox as they were', async () => {
    await team('off', [BRUNO, day1, day1]);
    await team('off', [CARLA, `${day1}T10:00`, `${day1}T12:00`]);
    const answer = await team('off', [ANA, day1, day1]);
    expect(answer.orphaned!.meetings.map((m) => m.id)).toEqual([second.meetingId]);
    const before = (await outboxOf(second.meetingId)).length;
    const res = await reassign(second, mentor);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: orphanedCopy.noneFree('Ana Souza', `${brDate(day1)} às 11:00`) });
    expect(await consultantOf(second.meetingId)).toMatchObject({ preseller_id: PRESELLERS.ana });
    expect(await outboxOf(second.meetingId)).toHaveLength(before);
  });

  it('a deactivation answers with every future meeting left; "Manter" keeps one and takes it off the lists; a cancelled one is said so', async () => {
    const answer = await team('deactivate', [BRUNO]);
    expect(answer.orphaned).toMatchObject({ consultant: 'Bruno Almeida', kind: 'deactivate' });
    expect(answer.orphaned!.meetings.map((m) => [m.id, m.reason])).toEqual([[brunos.meetingId, 'inactive']]);
    expect(orphanedCopy.heading('Bruno Almeida', 1, 'deactivate')).toBe('Bruno Almeida tem 1 reunião marcada');
    expect(new Set(await orphanIds())).toEqual(new Set([brunos.meetingId, second.meetingId]));

    const stale = await keep(brunos, mentor, PRESELLERS.ana);
    expect(stale.status).toBe(409);
    const kept = await keep(brunos, mentor, PRESELLERS.bruno);
    expect(kept.status).toBe(200);
    expect(await kept.json()).toEqual({ message: orphanedCopy.kept('Bruno Almeida') });
    expect(await orphanIds()).toEqual([second.meetingId]);

    const cancelled = await call('POST', `/api/painel/reunioes/${second.meetingId}/cancelar`, { cookie: mentor, body: { reason: 'Consultora de folga' } });
    expect(cancelled.status).toBe(200);
    for (const res of [await keep(second, mentor), await reassign(second, mentor)]) {
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: orphanedCopy.cancelled });
    }
    expect(await orphanIds()).toEqual([]);
  });
});
