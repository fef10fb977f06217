// The consultant's subscription feed: GET /api/agenda/:token, read back with node-ical.
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { agendaIcs, agendaTokenHash, newAgendaToken } from '../../functions/lib/agenda';
import { createAgendaHandler } from '../../functions/lib/handlers/agenda';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import { createMeetingsHandler } from '../../functions/lib/handlers/meetings';
import { futureWorkday, get, key, openTestApp, postJson, PRESELLERS, validRequest, type TestApp } from './helpers';

let app: TestApp;
let agenda: ReturnType<typeof createAgendaHandler>;
const ANA = 'ana.souza@consultores.example.com';
const date = futureWorkday(3);
// Characters that iCalendar TEXT must escape (comma, semicolon, backslash, newline) and quotes.
const tricky = { nomeCompleto: 'João "Jota" d\'Ávila, Jr.; sócio', nomeEmpresa: 'Sol, Luz & Cia; "Matriz" \\ Filial' };
const booked: string[] = [];

const call = (token: string) => agenda(get(`/api/agenda/${token}`), { params: { token } });

beforeAll(async () => {
  app = await openTestApp();
  agenda = createAgendaHandler(async () => app);
  const leads = createLeadsHandler(async () => app);
  const meetings = createMeetingsHandler(async () => app);
  // One upcoming meeting per person: each meeting is a different lead (10:00 keeps the fixture's email).
  const newLead = async (email: string) =>
    (await (await leads(postJson('/api/leads', { ...validRequest, ...tricky, email, idempotencyKey: key() }))).json()).id as string;
  const emails: Record<string, string> = { '09:00': 'agenda-0900@example.com', '10:00': validRequest.email, '11:00': 'agenda-1100@example.com' };
  for (const time of ['09:00', '10:00', '11:00']) {
    const res = await meetings(postJson('/api/meetings', {
      leadId: await newLead(emails[time]), scheduledDate: date, scheduledTime: time, presellerId: PRESELLERS.ana,
      service: 'consultoria', diagnosticScore: 60, idempotencyKey: key(),
    }));
    expect((await res.json()).preseller.name).toBe('Ana Souza');
    booked.push(time);
  }
  // Another consultant's meeting must not show up in Ana's feed.
  await meetings(postJson('/api/meetings', {
    leadId: await newLead('agenda-1500@example.com'), scheduledDate: date, scheduledTime: '15:00', presellerId: PRESELLERS.bruno,
    service: 'trafego', diagnosticScore: 60, idempotencyKey: key(),
  }));
  // Cancelled meetings disappear from the feed.
  await app.store.db.query(`update meetings set status = 'cancelled' where preseller_id = $1 and starts_at = (select min(starts_at) from meetings where preseller_id = $1)`, [PRESELLERS.ana]);
});
afterAll(() => app.close());

it('lists exactly the scheduled meetings with the lead name, company, phone and email, escaped right', async () => {
  const token = newAgendaToken();
  await app.store.consultants({ action: 'agenda-token', email: ANA, hash: agendaTokenHash(token), rotate: false });
  const res = await call(token);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
  const events = Object.values(ical.sync.parseICS(await res.text())).filter((e): e is VEvent => e?.type === 'VEVENT');
  const { rows } = await app.store.db.query<{ id: string; starts_at: Date }>(
    `select id, starts_at from meetings where preseller_id = $1 and status = 'scheduled' order by starts_at`, [PRESELLERS.ana]);
  expect(rows).toHaveLength(2);
  expect(events.map((e) => e.uid).sort()).toEqual(rows.map((r) => `${r.id}@mentor-solar`).sort());
  expect(events.map((e) => e.start.toISOString()).sort()).toEqual(rows.map((r) => new Date(r.starts_at).toISOString()));
  for (const e of events) {
    expect(String(e.summary)).toContain(tricky.nomeCompleto);
    expect(String(e.summary)).toContain(tricky.nomeEmpresa);
    const description = String(e.description);
    expect(description).toContain(`Lead: ${tricky.nomeCompleto}`);
    expect(description).toContain(`Empresa: ${tricky.nomeEmpresa}`);
    expect(description).toContain('Telefone: (43) 99999-8888');
    expect(description).toMatch(/Email: (maria@solarnorte\.com\.br|agenda-1100@example\.com)\b/);
    expect(e.end!.getTime() - e.start.getTime()).toBe(30 * 60_000);
  }
});

it('answers 404 to a wrong, malformed or rotated-out token, and stores only the hash', async () => {
  for (const token of [newAgendaToken(), 'abc', 'x'.repeat(43), '']) {
    const res = await call(token);
    expect(res.status, token).toBe(404);
    expect(await res.text()).not.toContain('BEGIN:VCALENDAR');
  }
  const first = newAgendaToken();
  expect((await app.store.consultants({ action: 'agenda-token', email: ANA, hash: agendaTokenHash(first), rotate: true })).status).toBe('ok');
  expect((await call(first)).status).toBe(200);
  // Without --rotate an existing link is kept (it cannot be shown again: only its hash is stored).
  expect((await app.store.consultants({ action: 'agenda-token', email: ANA, hash: agendaTokenHash(newAgendaToken()), rotate: false })).status).toBe('exists');
  expect((await call(first)).status).toBe(200);
  const second = newAgendaToken();
  await app.store.consultants({ action: 'agenda-token', email: ANA, hash: agendaTokenHash(second), rotate: true });
  expect((await call(first)).status).toBe(404);
  expect((await call(second)).status).toBe(200);
  const { rows } = await app.store.db.query<{ h: string }>('select agenda_token_hash as h from presellers where email = $1', [ANA]);
  expect(rows[0].h).toBe(agendaTokenHash(second));
  expect(JSON.stringify(rows)).not.toContain(second);
});

it('an empty agenda is still a calendar', async () => {
  const token = newAgendaToken();
  await app.store.consultants({ action: 'agenda-token', email: 'carla.mendes@consultores.example.com', hash: agendaTokenHash(token), rotate: false });
  const res = await call(token);
  expect(res.status).toBe(200);
  const parsed = ical.sync.parseICS(await res.text());
  expect(Object.values(parsed).filter((e) => e?.type === 'VEVENT')).toHaveLength(0);
});

it('folds every line at 75 octets (RFC 5545 3.1), between whole characters, and unfolds to the same text', () => {
  const name = 'Conceição Araújo Gonçalves Magalhães de Assunção 🌞🌞 — Energia Solar do Maranhão ÁÉÍÓÚ';
  const ics = agendaIcs({
    name: 'Ana Souza',
    meetings: [{ id: '00000000-0000-4000-8000-000000000001', starts_at: '2026-12-01T13:00:00Z', ends_at: '2026-12-01T13:30:00Z', service: 'consultoria',
      lead_name: name, company: `${name} Ltda.`, phone: '11987654321', email: 'conceicao@example.com' }],
  });
  const lines = ics.split('\r\n');
  expect(Math.max(...lines.map((l) => Buffer.byteLength(l, 'utf8')))).toBeLessThanOrEqual(75);
  expect(lines.some((l) => l.startsWith(' '))).toBe(true);
  expect(ics).not.toContain('\uFFFD');
  const event = Object.values(ical.sync.parseICS(ics)).find((c) => c?.type === 'VEVENT') as VEvent;
  expect(String(event.summary)).toContain(name);
  expect(String(event.description)).toContain(`Lead: ${name}`);
});
