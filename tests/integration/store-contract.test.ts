// One contract for every Store adapter: PGlite, PostgreSQL directly and through the transaction pooler.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Store } from '../../functions/lib/store/port';
import { openPostgresStore } from '../../functions/lib/store/postgres';
import { createTestDatabase, pooledDatabaseUrl, type TestDatabase } from '../support/postgres-db';
import { requestFingerprint } from '../../functions/lib/idempotency';
import { zonedToUtc } from '../../src/domain/scheduling/time';
import { validateLead } from '../../src/domain/lead';
import { futureWorkday, key, openTestApp, POLICY_VERSION, validLead } from './helpers';

function contract(name: string, open: () => Promise<{ store: Store; close: () => Promise<void> }>) {
  describe(`Store contract: ${name}`, () => {
    it('creates leads idempotently and reads them back', async () => {
      const { store, close } = await open();
      try {
        const parsed = validateLead(validLead);
        if (!parsed.ok) throw new Error('fixture invalid');
        const lead = { ...parsed.data, id: crypto.randomUUID(), idempotencyKey: key(), origem: 'contract-test', privacyPolicyVersion: POLICY_VERSION, requestHash: requestFingerprint(parsed.data) };
        const first = await store.createLead(lead, []);
        const again = await store.createLead({ ...lead, id: crypto.randomUUID() }, []);
        expect(first).toEqual({ status: 'created', id: lead.id, created: true, upcoming: false });
        expect(again).toEqual({ status: 'duplicate', id: lead.id, created: false, upcoming: false });
        // The key with another request: refused, nothing changed.
        const other = { ...lead, id: crypto.randomUUID(), email: 'outra@example.com', requestHash: requestFingerprint({ other: 1 }) };
        expect(await store.createLead(other, [])).toEqual({ status: 'mismatch', id: null, created: false });
        expect(await store.getLead(other.id)).toBeNull();
        expect(await store.getLead(lead.id)).toMatchObject({ email: validLead.email });
        expect(await store.getLead(lead.id)).toMatchObject({ id: lead.id, email: validLead.email, cnpj: '12ABC34501DE35', telefone: '43999998888' });
        expect(await store.getLead(crypto.randomUUID())).toBeNull();
        // The wizard's service and the qualification rule are stored; getLead reads the service (null when unknown).
        expect(await store.getLead(lead.id)).toMatchObject({ service: null });
        const routed = { ...lead, id: crypto.randomUUID(), idempotencyKey: key(), email: 'rota@example.com', service: 'trafego' as const, routing: { rule: 'Regra', kind: 'none' as const } };
        expect((await store.createLead(routed, [])).status).toBe('created');
        expect(await store.getLead(routed.id)).toMatchObject({ id: routed.id, service: 'trafego' });
      } finally {
        await close();
      }
    });

    it('routing: a cap refuses inside book_meeting, the why is stored, routing_state counts by booking time', async () => {
      const { store, close } = await open();
      const [p1] = await store.listActivePresellers();
      try {
        expect(await store.call('routing_admin', { action: 'limit', email: p1.email, cap_day: 1 })).toBeTruthy();
        const book = async (hour: string) => {
          const parsed = validateLead({ ...validLead, email: `cap-${crypto.randomUUID()}@example.com` });
          if (!parsed.ok) throw new Error('fixture invalid');
          const lead = { ...parsed.data, id: crypto.randomUUID(), idempotencyKey: key(), origem: 'contract-test', privacyPolicyVersion: POLICY_VERSION, requestHash: requestFingerprint(parsed.data) };
          await store.createLead(lead, []);
          // Far future (2031) so a shared Supabase project does not collide with real bookings.
          const startsAt = zonedToUtc('2031-03-04', hour, 'America/Sao_Paulo');
          const why = { v: 1, at: new Date().toISOString(), window: { kind: 'mes', from: '', to: '' }, input: { rule: 'contrato', candidates: [], equalAhead: null, preferred: [], random: 0.5 }, decision: { chosen: p1.id, tieBreak: 'único livre', excluded: [], loads: {} } } as const;
          return store.bookMeeting({ id: crypto.randomUUID(), leadId: lead.id, presellerId: p1.id, startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000),
            service: 'consultoria', diagnosticScore: 50, idempotencyKey: key(), now: new Date(), timeZone: 'America/Sao_Paulo', routing: structuredClone(why) as never }, []);
        };
        const first = await book('09:00');
        expect(first.status).toBe('created');
        // Same local day, another time: the cap of 1 refuses it (the application routes again).
        expect(await book('15:00')).toEqual({ status: 'conflict' });
        const now = new Date();
        const state = await store.call<{ consultants: { id: string; count: number }[]; load: { id: string; date: string; n: number }[] }>('routing_state', {
          month_from: new Date(now.getTime() - 86_400_000), month_to: new Date(now.getTime() + 86_400_000), week_from: now, week_to: now, now,
          time_zone: 'America/Sao_Paulo', load_from: zonedToUtc('2031-03-03', '00:00', 'America/Sao_Paulo'), load_to: zonedToUtc('2031-03-10', '00:00', 'America/Sao_Paulo'),
        });
        expect(state.consultants.find((c) => c.id === p1.id)?.count).toBeGreaterThanOrEqual(1);
        expect(state.load).toContainEqual({ id: p1.id, date: '2031-03-04', n: 1 });
        const why = await store.call<{ routing: { input: { rule: string } } } | null>('routing_why', { id: first.status === 'created' ? first.meeting.id : null });
        expect(JSON.stringify(why)).toContain('contrato');
      } finally {
        await store.call('routing_admin', { action: 'limit', email: p1.email, cap_day: null, cap_week: null });
        await close();
      }
    });

    it('books without overlap, reports duplicates and conflicts, counts and remembers consultants', async () => {
      const { store, close } = await open();
      try {
        const parsed = validateLead({ ...validLead, email: `contract-${Date.now()}@example.com` });
        if (!parsed.ok) throw new Error('fixture invalid');
        const lead = { ...parsed.data, id: crypto.randomUUID(), idempotencyKey: key(), origem: 'contract-test', privacyPolicyVersion: POLICY_VERSION, requestHash: requestFingerprint(parsed.data) };
        await store.createLead(lead, []);
        const [p1] = await store.listActivePresellers();
        expect(p1).toMatchObject({ id: expect.any(String), name: expect.any(String), email: expect.stringContaining('@') });
        // Far-future time so a shared Supabase project does not collide with real bookings.
        const date = futureWorkday(40);
        const startsAt = zonedToUtc(date, '17:30', 'America/Sao_Paulo');
        const endsAt = new Date(startsAt.getTime() + 30 * 60_000);
        const meeting = { id: crypto.randomUUID(), leadId: lead.id, presellerId: p1.id, startsAt, endsAt, service: 'consultoria' as const, diagnosticScore: 75, idempotencyKey: key() };
        const mail = [{ kind: 'contract', message: { to: 'x@example.com', subject: 's', text: 't' } }];
        const created = await store.bookMeeting(meeting, mail);
        expect(created).toEqual({ status: 'created', meeting: { id: meeting.id, presellerId: p1.id, startsAt } });
        expect(await store.bookMeeting({ ...meeting, id: crypto.randomUUID() }, [])).toEqual({ status: 'duplicate', meeting: { id: meeting.id, presellerId: p1.id, startsAt } });
        // Another person (one upcoming meeting per email) asking for the same consultant and time.
        const other = { ...lead, email: `other-${lead.email}`, id: crypto.randomUUID(), idempotencyKey: key() };
        await store.createLead(other, []);
        expect(await store.bookMeeting({ ...meeting, leadId: other.id, id: crypto.randomUUID(), idempotencyKey: key() }, [])).toEqual({ status: 'conflict' });
        // The same person again, at another time: refused while the first meeting is upcoming.
        const later = { ...meeting, id: crypto.randomUUID(), idempotencyKey: key(), startsAt: endsAt, endsAt: new Date(endsAt.getTime() + 30 * 60_000) };
        expect(await store.bookMeeting(later, [])).toEqual({ status: 'upcoming', meeting: { id: meeting.id, presellerId: p1.id, startsAt } });
        expect(await store.findMeetingByKey(meeting.idempotencyKey)).toEqual({ id: meeting.id, presellerId: p1.id, startsAt, fingerprint: null });
        const busy = await store.listBusy(startsAt, endsAt);
        expect(busy).toContainEqual({ presellerId: p1.id, startsAt, endsAt, kind: 'meeting' });
        expect(await store.previousPresellerId(lead.email.toUpperCase())).toBe(p1.id);
        // Never by CNPJ alone: another email with the same (public) CNPJ gets no consultant.
        expect(await store.previousPresellerId(`other-${Date.now()}@example.com`)).toBeNull();

        const claimed = await store.claimOutbox(new Date(Date.now() + 365 * 86_400_000), 100);
        const mine = claimed.find((r) => r.kind === 'contract');
        expect(mine).toMatchObject({ attempts: 1, message: mail[0].message, dropped: false });
        // A failed message waits until its next attempt, then is claimed again with the attempt counted;
        // a sent one is never handed out again.
        const inAnHour = new Date(Date.now() + 3_600_000);
        const farFuture = new Date(Date.now() + 365 * 86_400_000);
        await store.markFailed(mine!.id, new Date(farFuture.getTime() + 3_600_000), 'ETEST');
        expect((await store.claimOutbox(farFuture, 100)).map((r) => r.id)).not.toContain(mine!.id);
        const retried = (await store.claimOutbox(new Date(farFuture.getTime() + 2 * 3_600_000), 100)).find((r) => r.id === mine!.id);
        expect(retried).toMatchObject({ attempts: 2 });
        // Given back unstarted: free again at once, its claim's attempt not counted.
        await store.releaseOutbox([mine!.id]);
        const again = (await store.claimOutbox(new Date(farFuture.getTime() + 2 * 3_600_000), 100)).find((r) => r.id === mine!.id);
        expect(again).toMatchObject({ attempts: 2 });
        await store.releaseOutbox([]);
        await store.markSent(mine!.id, inAnHour);
        expect((await store.claimOutbox(new Date(farFuture.getTime() + 86_400_000), 100)).map((r) => r.id)).not.toContain(mine!.id);
      } finally {
        await close();
      }
    });

    it('manages consultants: hours, time off, calendar blocks (kept on failure), agenda token, deactivation', async () => {
      const { store, close } = await open();
      try {
        const email = `consultor-${crypto.randomUUID()}@Example.com`;
        expect(await store.consultants({ action: 'add', name: 'Contrato Teste', email })).toEqual({ status: 'ok' });
        expect(await store.consultants({ action: 'add', name: 'Outro', email: email.toUpperCase() })).toEqual({ status: 'exists' });
        const id = (await store.listActivePresellers()).find((p) => p.email === email)!.id;
        const hours = [{ weekday: 1, start: '09:00', end: '12:00' }, { weekday: 1, start: '13:00', end: '18:00' }];
        expect(await store.consultants({ action: 'hours', email: email.toLowerCase(), hours })).toEqual({ status: 'ok' });
        expect((await store.listWorkingHours()).filter((h) => h.presellerId === id)).toEqual(hours.map((h) => ({ ...h, presellerId: id })));

        const date = futureWorkday(45);
        const block = { startsAt: zonedToUtc(date, '10:00', 'America/Sao_Paulo'), endsAt: zonedToUtc(date, '11:00', 'America/Sao_Paulo') };
        const feed = { presellerId: id, url: `https://calendar.example.com/${crypto.randomUUID()}.ics` };
        await store.consultants({ action: 'feed', email, url: feed.url });
        expect(await store.dueCalendarFeeds(new Date())).toContainEqual(feed);
        await store.saveCalendarBlocks(feed, [block], new Date());
        expect(await store.dueCalendarFeeds(new Date(Date.now() - 60_000))).not.toContainEqual(feed);
        await store.recordCalendarFailure(feed, 'calendar_timeout', new Date());
        await store.saveCalendarBlocks({ ...feed, url: 'https://calendar.example.com/replaced.ics' }, [], new Date()); // stale URL: ignored
        const off = { from: zonedToUtc(date, '15:00', 'America/Sao_Paulo'), to: zonedToUtc(date, '16:00', 'America/Sao_Paulo') };
        await store.consultants({ action: 'off', email, from: off.from.toISOString(), to: off.to.toISOString(), reason: null });
        const busy = (await store.listBusy(block.startsAt, off.to)).filter((b) => b.presellerId === id);
        expect(busy).toContainEqual({ presellerId: id, ...block, kind: 'calendar' });
        expect(busy).toContainEqual({ presellerId: id, startsAt: off.from, endsAt: off.to, kind: 'time_off' });
        const listed = (await store.consultants({ action: 'list' })).consultants!.find((c) => c.email === email);
        expect(listed).toMatchObject({ name: 'Contrato Teste', active: true, hours, feed: { status: 'error', error_code: 'calendar_timeout' }, agenda_link: false });
        expect(JSON.stringify(listed)).not.toContain(feed.url);

        const hash = 'a'.repeat(48) + crypto.randomUUID().replaceAll('-', '');
        expect(await store.consultants({ action: 'agenda-token', email, hash, rotate: false })).toEqual({ status: 'ok' });
        expect(await store.agenda(hash)).toEqual({ name: 'Contrato Teste', meetings: [] });
        expect(await store.agenda('b'.repeat(64))).toBeNull();

        expect(await store.consultants({ action: 'deactivate', email })).toEqual({ status: 'ok' });
        expect((await store.listWorkingHours()).some((h) => h.presellerId === id)).toBe(false);
        expect((await store.dueCalendarFeeds(new Date())).some((f) => f.presellerId === id)).toBe(false);
        expect(await store.agenda(hash)).toBeNull();
        expect(await store.consultants({ action: 'deactivate', email: 'ninguem@example.com' })).toEqual({ status: 'unknown_consultant' });
      } finally {
        await close();
      }
    });

    it('knows a person\'s upcoming meeting from the lead on (no messages for that lead), and details carry answers, zone and room', async () => {
      const { store, close } = await open();
      const email = `Proxima-${crypto.randomUUID()}@Example.com`;
      const consultantEmail = `sala-${crypto.randomUUID()}@example.com`;
      try {
        const parsed = validateLead({ ...validLead, email, segmento: 'outro', outroSegmento: 'Agronegócio' });
        if (!parsed.ok) throw new Error('fixture invalid');
        const newLead = (address: string) => ({
          ...parsed.data, email: address, id: crypto.randomUUID(), idempotencyKey: key(), origem: 'contract-test',
          privacyPolicyVersion: POLICY_VERSION, requestHash: requestFingerprint({ address }),
        });
        const first = newLead(email);
        expect(await store.createLead(first, [])).toEqual({ status: 'created', id: first.id, created: true, upcoming: false });
        expect(await store.upcomingMeetingOfLead(first.id, new Date())).toBeNull();

        // A consultant with a video room ('room'), shown to the team in 'list'; only https rooms are stored.
        await store.consultants({ action: 'add', name: 'Sala Contrato', email: consultantEmail });
        const room = 'https://meet.example.com/abc-defg-hij';
        expect(await store.consultants({ action: 'room', email: consultantEmail, url: room })).toEqual({ status: 'ok' });
        await expect(store.consultants({ action: 'room', email: consultantEmail, url: 'http://meet.example.com/x' })).rejects.toThrow();
        expect(await store.consultants({ action: 'room', email: 'ninguem@example.com', url: room })).toEqual({ status: 'unknown_consultant' });
        const consultant = (await store.listActivePresellers()).find((p) => p.email === consultantEmail)!;
        expect(consultant).toEqual({ id: expect.any(String), name: 'Sala Contrato', email: consultantEmail, roomUrl: room });
        expect((await store.consultants({ action: 'list' })).consultants!.find((c) => c.email === consultantEmail)).toMatchObject({ room_url: room });

        const date = futureWorkday(50);
        const startsAt = zonedToUtc(date, '10:00', 'America/Sao_Paulo');
        const endsAt = new Date(startsAt.getTime() + 30 * 60_000);
        const hash = 'c'.repeat(32) + crypto.randomUUID().replaceAll('-', '');
        const meeting = {
          id: crypto.randomUUID(), leadId: first.id, presellerId: consultant.id, startsAt, endsAt, service: 'trafego' as const,
          diagnosticScore: 60, idempotencyKey: key(), tokens: [{ hash, actor: 'lead' as const }], leadTimeZone: 'Europe/Lisbon',
        };
        expect((await store.bookMeeting(meeting, [])).status).toBe('created');
        const expected = {
          id: meeting.id, service: 'trafego', startsAt, endsAt, status: 'scheduled', sequence: 0, cancelledBy: null, leadTimeZone: 'Europe/Lisbon',
          preseller: { id: consultant.id, name: 'Sala Contrato', email: consultantEmail, roomUrl: room },
          lead: {
            id: first.id, nomeCompleto: parsed.data.nomeCompleto, email, cnpj: parsed.data.cnpj, nomeEmpresa: parsed.data.nomeEmpresa,
            telefone: parsed.data.telefone, cargo: parsed.data.cargo, faturamento: parsed.data.faturamento,
            numeroVendedores: parsed.data.numeroVendedores, segmento: 'outro', outroSegmento: 'Agronegócio', modeloNegocio: parsed.data.modeloNegocio,
            // Meeting details read the lead without its service (the meeting has its own).
            service: null,
          },
        };
        expect(await store.meetingDetails(meeting.id)).toEqual(expected);
        expect(await store.meetingByToken(hash)).toEqual({ ...expected, actor: 'lead' });
        // LGPD: the person's export holds the zone with the meeting (every column of it).
        const exported = await store.exportPersonData(email);
        expect((exported.leads[0].meetings as Record<string, unknown>[])[0]).toMatchObject({ id: meeting.id, lead_time_zone: 'Europe/Lisbon' });

        // The same person again, in another case: stored, but its messages are not (no second "Novo lead").
        const second = newLead(email.toUpperCase());
        const notice = [{ kind: 'contract-upcoming', message: { to: 'mentor@example.com', subject: 's', text: `lead ${second.id}` } }];
        expect(await store.createLead(second, notice)).toEqual({ status: 'created', id: second.id, created: true, upcoming: true });
        expect(await store.createLead({ ...second, id: crypto.randomUUID() }, notice)).toEqual({ status: 'duplicate', id: second.id, created: false, upcoming: true });
        expect(await store.getLead(second.id)).toMatchObject({ id: second.id, email: email.toUpperCase() });
        const noticesAbout = async () => (await store.exportPersonData(email)).messages.filter((m) => m.kind === 'contract-upcoming');
        expect(await noticesAbout()).toEqual([]);
        // By either lead; the caller's clock decides what is upcoming (over at its end).
        expect(await store.upcomingMeetingOfLead(second.id, new Date())).toBe(meeting.id);
        expect(await store.upcomingMeetingOfLead(first.id, new Date(endsAt.getTime() - 1))).toBe(meeting.id);
        expect(await store.upcomingMeetingOfLead(first.id, endsAt)).toBeNull();
        expect(await store.upcomingMeetingOfLead(crypto.randomUUID(), new Date())).toBeNull();
        const afterIt = newLead(email);
        expect(await store.createLead({ ...afterIt, now: endsAt }, notice)).toMatchObject({ status: 'created', upcoming: false });
        expect(await noticesAbout()).toHaveLength(1);

        // Not a zone name: stored as null, never a failed booking. No room: a phone call (null).
        const other = newLead(`outra-${email}`);
        await store.createLead(other, []);
        const odd = { ...meeting, id: crypto.randomUUID(), leadId: other.id, idempotencyKey: key(), tokens: [], startsAt: endsAt,
          endsAt: new Date(endsAt.getTime() + 30 * 60_000), leadTimeZone: 'Europe/Lisbon; drop table meetings' };
        expect((await store.bookMeeting(odd, [])).status).toBe('created');
        expect(await store.consultants({ action: 'room', email: consultantEmail.toUpperCase(), url: null })).toEqual({ status: 'ok' });
        expect(await store.meetingDetails(odd.id)).toMatchObject({ leadTimeZone: null, preseller: { roomUrl: null } });
        await store.deletePersonData(`outra-${email}`);

        // Cancelled: nothing upcoming any more.
        const now = new Date();
        expect((await store.cancelMeeting({ meetingId: meeting.id, expectedSequence: 0, actor: 'lead', reason: null, now, noticeMinutes: 120 }, [])).status).toBe('cancelled');
        expect(await store.upcomingMeetingOfLead(second.id, now)).toBeNull();
      } finally {
        await store.deletePersonData(email).catch(() => {});
        await store.consultants({ action: 'deactivate', email: consultantEmail }).catch(() => {});
        await close();
      }
    });

    it('stores consent, then exports and deletes one person by email in any case', async () => {
      const { store, close } = await open();
      try {
        const email = `Titular-${crypto.randomUUID()}@Example.com`;
        const parsed = validateLead({ ...validLead, email });
        if (!parsed.ok) throw new Error('fixture invalid');
        const lead = { ...parsed.data, id: crypto.randomUUID(), idempotencyKey: key(), origem: 'contract-test', privacyPolicyVersion: POLICY_VERSION, requestHash: requestFingerprint(parsed.data) };
        // Consent is stamped when the lead is stored: between these two instants (a second of slack each side
        // for the database's clock), however long a loaded machine takes.
        const storedFrom = Date.now();
        await store.createLead(lead, [{ kind: 'contract', message: { to: 'x@example.com', subject: 's', text: `lead ${lead.id}` } }]);
        const storedBy = Date.now();
        const exported = await store.exportPersonData(email.toUpperCase());
        expect(exported.leads).toHaveLength(1);
        expect(exported.leads[0]).toMatchObject({ id: lead.id, email, privacy_policy_version: POLICY_VERSION, meetings: [] });
        const consentAt = Date.parse(String(exported.leads[0].consent_at));
        expect(consentAt).toBeGreaterThanOrEqual(storedFrom - 1_000);
        expect(consentAt).toBeLessThanOrEqual(storedBy + 1_000);
        expect(await store.deletePersonData(email.toLowerCase())).toEqual({ leads: 1, meetings: 0, outbox: 1 });
        expect((await store.exportPersonData(email)).leads).toEqual([]);
      } finally {
        await close();
      }
    });
  });
}

contract('PGlite', async () => {
  const app = await openTestApp();
  return { store: app.store, close: () => app.close() };
});

const postgresUrl = inject('postgresUrl');
describe.skipIf(!postgresUrl)('PostgreSQL (throwaway test cluster)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(postgresUrl!);
  });
  afterAll(() => db?.drop());
  contract('PostgreSQL', async () => {
    const store = await openPostgresStore({ url: db.url, poolMax: 3 });
    return { store, close: () => store.close() };
  });
});

// The same contract through PgBouncer in transaction mode (Supabase's port 6543), on its own database
// migrated directly, as production is: migrations on the server, the functions through the pooler.
const pooledUrl = inject('pooledUrl');
describe.skipIf(!postgresUrl || !pooledUrl)('PostgreSQL through the transaction pooler (PgBouncer)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(postgresUrl!);
  });
  afterAll(() => db?.drop());
  contract('PostgreSQL via PgBouncer', async () => {
    const store = await openPostgresStore({ url: pooledDatabaseUrl(pooledUrl!, db.name), poolMax: 3 });
    return { store, close: () => store.close() };
  });
});
