// One contract for every Store adapter: always against PGlite, against Supabase when configured.
import { describe, expect, it } from 'vitest';
import type { Store } from '../../functions/lib/store/port';
import { openSupabaseStore } from '../../functions/lib/store/supabase';
import { zonedToUtc } from '../../functions/lib/time';
import { validateLead } from '../../src/domain/lead';
import { futureWorkday, key, openTestApp, POLICY_VERSION, validLead } from './helpers';

function contract(name: string, open: () => Promise<{ store: Store; close: () => Promise<void> }>) {
  describe(`Store contract: ${name}`, () => {
    it('creates leads idempotently and reads them back', async () => {
      const { store, close } = await open();
      try {
        const parsed = validateLead(validLead);
        if (!parsed.ok) throw new Error('fixture invalid');
        const lead = { ...parsed.data, id: crypto.randomUUID(), idempotencyKey: key(), origem: 'contract-test', privacyPolicyVersion: POLICY_VERSION };
        const first = await store.createLead(lead, []);
        const again = await store.createLead({ ...lead, id: crypto.randomUUID() }, []);
        expect(first).toEqual({ id: lead.id, created: true });
        expect(again).toEqual({ id: lead.id, created: false });
        expect(await store.getLead(lead.id)).toMatchObject({ id: lead.id, email: validLead.email, cnpj: '12ABC34501DE35', telefone: '43999998888' });
        expect(await store.getLead(crypto.randomUUID())).toBeNull();
      } finally {
        await close();
      }
    });

    it('books without overlap, reports duplicates and conflicts, counts and remembers consultants', async () => {
      const { store, close } = await open();
      try {
        const parsed = validateLead({ ...validLead, email: `contract-${Date.now()}@example.com` });
        if (!parsed.ok) throw new Error('fixture invalid');
        const lead = { ...parsed.data, id: crypto.randomUUID(), idempotencyKey: key(), origem: 'contract-test', privacyPolicyVersion: POLICY_VERSION };
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
        expect(await store.bookMeeting({ ...meeting, id: crypto.randomUUID(), idempotencyKey: key() }, [])).toEqual({ status: 'conflict' });
        expect(await store.findMeetingByKey(meeting.idempotencyKey)).toEqual({ id: meeting.id, presellerId: p1.id, startsAt });
        const busy = await store.listBusy(startsAt, endsAt);
        expect(busy).toContainEqual({ presellerId: p1.id, startsAt, endsAt });
        expect((await store.countMeetings(startsAt, endsAt))[p1.id]).toBeGreaterThanOrEqual(1);
        expect(await store.previousPresellerId(lead.email.toUpperCase(), 'ZZZZZZZZZZZZ00')).toBe(p1.id);

        const claimed = await store.claimOutbox(new Date(Date.now() + 365 * 86_400_000), 100);
        const mine = claimed.find((r) => r.kind === 'contract');
        expect(mine).toMatchObject({ attempts: 1, message: mail[0].message });
        await store.markFailed(mine!.id, new Date(Date.now() + 3_600_000), 'ETEST');
        await store.markSent(mine!.id, new Date());
      } finally {
        await close();
      }
    });

    it('stores consent, then exports and deletes one person by email in any case', async () => {
      const { store, close } = await open();
      try {
        const email = `Titular-${crypto.randomUUID()}@Example.com`;
        const parsed = validateLead({ ...validLead, email });
        if (!parsed.ok) throw new Error('fixture invalid');
        const lead = { ...parsed.data, id: crypto.randomUUID(), idempotencyKey: key(), origem: 'contract-test', privacyPolicyVersion: POLICY_VERSION };
        await store.createLead(lead, [{ kind: 'contract', message: { to: 'x@example.com', subject: 's', text: `lead ${lead.id}` } }]);
        const exported = await store.exportPersonData(email.toUpperCase());
        expect(exported.leads).toHaveLength(1);
        expect(exported.leads[0]).toMatchObject({ id: lead.id, email, privacy_policy_version: POLICY_VERSION, meetings: [] });
        expect(Date.parse(String(exported.leads[0].consent_at))).toBeGreaterThan(Date.now() - 600_000);
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

const supabase = process.env.SUPABASE_URL && process.env.SUPABASE_SERVICE_ROLE_KEY;
if (!supabase) {
  console.info('Store contract: Supabase skipped (set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY to run it against a project with the migrations applied).');
}
describe.skipIf(!supabase)('Supabase (SUPABASE_URL set)', () => {
  contract('Supabase', async () => ({
    store: openSupabaseStore(process.env.SUPABASE_URL!, process.env.SUPABASE_SERVICE_ROLE_KEY!),
    close: async () => {},
  }));
});
