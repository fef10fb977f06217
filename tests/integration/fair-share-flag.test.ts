// "recebendo menos que o esperado": Equipe and Hoje flag, from the router's own counts over its window, the
// consultant far below their weight (the rule: src/domain/scheduling/fair-share.ts), and nobody else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import type { TeamMember } from '../../src/domain/painel/api';
import type { TodayView } from '../../src/domain/painel/numbers';
import { key, postJson, validRequest } from './helpers';
import { ANA, MENTOR, painelClient, PRESELLERS } from './painel-helpers';
import { storeCases, type Opened } from './stores';

// Mid-March in Brasília: the month's window has 10 days of bookings behind it.
const NOW = new Date('2027-03-10T15:00:00Z');

describe('Equipe and Hoje flag who is far below their share', () => {
  let opened: Opened;
  const { call, signIn } = painelClient(() => opened);
  let mentor: string;
  let ana: string;
  let leads = 0;

  const book = async (presellerId: string, n: number) => {
    const create = createLeadsHandler(async () => opened.app);
    for (let i = 0; i < n; i++) {
      const res = await create(postJson('/api/leads', { ...validRequest, email: `share${++leads}@example.com`, idempotencyKey: key() }));
      const { id } = await res.json();
      await opened.query(`insert into meetings (lead_id, preseller_id, starts_at, ends_at, service, diagnostic_score, idempotency_key, status, booked_at)
        values ($1, $2, $3, $3::timestamptz + interval '30 min', 'consultoria', 50, $4, 'scheduled', $5)`,
      [id, presellerId, new Date(NOW.getTime() + leads * 86_400_000), key(), new Date(NOW.getTime() - leads * 3_600_000)]);
    }
  };

  beforeAll(async () => {
    opened = await storeCases(null)[0].open({ now: () => NOW });
    // In the team since before the window: no credit for anyone.
    await opened.query("update presellers set created_at = '2027-01-04T12:00:00Z'");
    mentor = await signIn(MENTOR);
    ana = await signIn(ANA);
  });
  afterAll(() => opened.close());

  const team = async () => ((await (await call('GET', '/api/painel/equipe', { cookie: mentor })).json()) as { consultants: TeamMember[] }).consultants;
  const today = async (cookie: string) => (await (await call('GET', '/api/painel/hoje', { cookie })).json()) as TodayView;

  it('nobody while the spread is even; Carla at 3 of about 9 once Ana and Bruno have 12 each', async () => {
    await book(PRESELLERS.ana, 4);
    await book(PRESELLERS.bruno, 4);
    await book(PRESELLERS.carla, 3);
    expect((await team()).filter((m) => m.behind)).toEqual([]);
    expect((await today(mentor)).behind.consultants).toEqual([]);

    await book(PRESELLERS.ana, 8);
    await book(PRESELLERS.bruno, 8);
    const members = await team();
    expect(members.filter((m) => m.behind).map((m) => [m.email, m.behind])).toEqual([
      ['carla.mendes@consultores.example.com', { count: 3, expected: 9, window: 'mes' }],
    ]);
    expect((await today(mentor)).behind).toEqual({ window: 'mes', consultants: [{ id: PRESELLERS.carla, count: 3, expected: 9 }] });
    // A consultant's Hoje is their own meetings: the team's shares are not in it.
    expect((await today(ana)).behind.consultants).toEqual([]);

    // Deactivated, she is no longer expected to take any: the flag goes, and the others are even.
    await opened.query('update presellers set active = false where id = $1', [PRESELLERS.carla]);
    expect((await team()).filter((m) => m.behind)).toEqual([]);
    expect((await today(mentor)).behind.consultants).toEqual([]);
  });
});
