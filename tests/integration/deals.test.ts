// Negociações on a lead, through the real painel handler on PGlite and PostgreSQL: a proposal moved through
// its stages (one log row and one Atividade line per change, none for a save that changes nothing), the
// stage rules, the stale screen, each consultant's scope, the erased lead, the LGPD export and erasure, and
// bodies no form sends (400 in pt-BR, never 500, nothing written).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { personDataText } from '../../functions/lib/admin/person-text';
import { painelStore } from '../../functions/lib/painel/store';
import { dealCopy, dealStages, dealBillings, dealTotalCents, lostReasons, type DealInput, type DealList, type DealView } from '../../src/domain/painel/deals';
import { ANA, BRUNO, bookMeeting, MENTOR, painelClient, PRESELLERS } from './painel-helpers';
import { storeCases, type Opened } from './stores';

const proposal: DealInput = { stage: 'proposta_enviada', valueCents: 300_000, billing: 'mensal', months: 12, expectedCloseOn: '2026-12-20', lostReason: null, lostNote: null };

describe.each(storeCases(inject('postgresUrl')))('deals on $name', (store) => {
  let opened: Opened;
  const { call, signIn } = painelClient(() => opened);
  let mentor: string;
  let ana: string;
  let bruno: string;
  let anas: { leadId: string; meetingId: string };
  let brunos: { leadId: string; meetingId: string };

  beforeAll(async () => {
    opened = await store.open();
    anas = await bookMeeting(opened.app, { email: 'lia@solarnorte.com.br', presellerId: PRESELLERS.ana, empresa: 'Solar Norte', nome: 'Lia Prado' });
    brunos = await bookMeeting(opened.app, { email: 'rui@ventosul.com.br', presellerId: PRESELLERS.bruno, time: '15:00', empresa: 'Vento Sul', nome: 'Rui Dias' });
    [mentor, ana, bruno] = [await signIn(MENTOR), await signIn(ANA), await signIn(BRUNO)];
  });
  afterAll(() => opened.close());

  const create = (leadId: string, cookie: string, body: unknown) => call('POST', `/api/painel/leads/${leadId}/negociacoes`, { cookie, body });
  const update = (deal: Pick<DealView, 'id'>, cookie: string, body: unknown) => call('POST', `/api/painel/negociacoes/${deal.id}`, { cookie, body });
  const change = (deal: DealView, patch: Partial<DealInput>, cookie = mentor) => {
    const { stage, valueCents, billing, months, expectedCloseOn, lostReason, lostNote, updatedAt } = deal;
    return update(deal, cookie, { stage, valueCents, billing, months, expectedCloseOn, lostReason, lostNote, updatedAt, ...patch });
  };
  const listOf = async (leadId: string, cookie = mentor) => ((await (await call('GET', `/api/painel/leads/${leadId}/negociacoes`, { cookie })).json()) as DealList).deals;
  const counts = async () => (await opened.query<{ deals: number; log: number; activity: number }>(
    `select (select count(*)::int from deals) as deals, (select count(*)::int from deal_stage_log) as log,
       (select count(*)::int from painel_activity where action = 'deal') as activity`))[0];
  const expectRefused = async (res: Response, status: number, error: string) => {
    expect(res.status).toBe(status);
    expect((await res.json()).error).toBe(error);
  };

  it('records a proposal and moves it through every stage: won date, lost date, reopening; one log row per change and none for the same values', async () => {
    const created = await create(anas.leadId, mentor, proposal);
    expect(created.status).toBe(201);
    let [deal] = ((await created.json()) as DealList).deals;
    // The mentor's deal belongs to the consultant of the person's latest meeting.
    expect(deal).toMatchObject({ ...proposal, totalCents: 3_600_000, consultant: 'Ana Souza', createdBy: MENTOR, wonAt: null, lostAt: null });
    expect(deal.log).toMatchObject([{ fromStage: null, toStage: 'proposta_enviada', to: { valueCents: 300_000, billing: 'mensal', months: 12 } }]);

    const step = async (patch: Partial<DealInput>, status = 200) => {
      const res = await change(deal, patch);
      expect(res.status, JSON.stringify(patch)).toBe(status);
      [deal] = ((await res.json()) as DealList).deals;
      return deal;
    };
    expect(await step({ stage: 'em_negociacao' })).toMatchObject({ stage: 'em_negociacao', wonAt: null });
    const before = await counts();
    // The same values again (a second press, a replay): nothing written, not even with an older version.
    const same = await update(deal, mentor, { ...proposal, stage: 'em_negociacao', updatedAt: '2000-01-01T00:00:00Z' });
    expect(same.status).toBe(200);
    expect(await counts()).toEqual(before);

    const won = await step({ stage: 'ganho', billing: 'avulso', months: null, valueCents: 4_500_000 });
    expect(won.wonAt).not.toBeNull();
    expect(won.totalCents).toBe(4_500_000);
    expect(await step({ stage: 'em_negociacao' })).toMatchObject({ wonAt: null });
    const lost = await step({ stage: 'perdido', lostReason: 'outro', lostNote: '  Fechou com a equipe interna.\u0007 ' });
    expect(lost).toMatchObject({ lostReason: 'outro', lostNote: 'Fechou com a equipe interna.', wonAt: null });
    expect(lost.lostAt).not.toBeNull();
    expect(await step({ stage: 'proposta_enviada', lostReason: null, lostNote: null })).toMatchObject({ lostAt: null, lostReason: null });
    expect(deal.log.map((e) => `${e.fromStage}>${e.toStage}`)).toEqual([
      'null>proposta_enviada', 'proposta_enviada>em_negociacao', 'em_negociacao>ganho', 'ganho>em_negociacao', 'em_negociacao>perdido', 'perdido>proposta_enviada',
    ]);
    expect(deal.log[2]).toMatchObject({ who: MENTOR, from: { valueCents: 300_000, billing: 'mensal', months: 12 }, to: { valueCents: 4_500_000, billing: 'avulso', months: null } });
    expect(await counts()).toMatchObject({ log: 6, activity: 6 });

    // Atividade: each change with its stages and values, naming no one.
    const activity = (await (await call('GET', '/api/painel/atividade', { cookie: mentor })).json()).items as { action: string; subject: string; deal?: unknown }[];
    const dealRows = activity.filter((r) => r.action === 'deal');
    expect(dealRows).toHaveLength(6);
    expect(dealRows[3].deal).toMatchObject({ leadId: anas.leadId, fromStage: 'em_negociacao', toStage: 'ganho', to: { valueCents: 4_500_000 } });
    expect(JSON.stringify(dealRows)).not.toContain('lia@');
  });

  it('refuses Ganho without a value, Perdido without a reason, "Outro" without a note, months on a one-off value: 400 with the field, nothing written', async () => {
    const before = await counts();
    const cases: [Partial<DealInput>, string, string][] = [
      [{ stage: 'ganho', valueCents: 0 }, 'value', dealCopy.wonWithoutValue],
      [{ stage: 'perdido' }, 'lostReason', dealCopy.lostReason],
      [{ stage: 'perdido', lostReason: 'outro', lostNote: ' \n ' }, 'lostNote', dealCopy.lostNoteRequired],
      [{ lostReason: 'preco' }, 'lostReason', dealCopy.lostOnlyWhenLost],
      [{ billing: 'avulso', months: 12 }, 'months', dealCopy.monthsOnlyMensal],
      [{ billing: 'mensal', months: null }, 'months', dealCopy.months],
      [{ months: 61 }, 'months', dealCopy.months],
      [{ valueCents: -1 }, 'value', dealCopy.value.negative],
      [{ valueCents: 10_000_000_001 }, 'value', dealCopy.value.too_large],
      [{ expectedCloseOn: '2026-02-30' }, 'expectedCloseOn', dealCopy.closeOn],
      [{ lostNote: 'x'.repeat(1001) }, 'lostNote', dealCopy.lostNote],
    ];
    for (const [patch, field, message] of cases) {
      const res = await create(anas.leadId, mentor, { ...proposal, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(await res.json(), JSON.stringify(patch)).toEqual({ error: dealCopy.invalid, fieldErrors: { [field]: message } });
    }
    const [deal] = await listOf(anas.leadId);
    await expectRefused(await change(deal, { stage: 'ganho', valueCents: 0 }), 400, dealCopy.invalid);
    expect(await counts()).toEqual(before);
  });

  it('refuses a change made on a stale screen with the pt-BR message, and changes nothing', async () => {
    const [deal] = await listOf(anas.leadId);
    expect((await change(deal, { stage: 'em_negociacao' }, ana)).status).toBe(200);
    const before = await counts();
    await expectRefused(await change(deal, { stage: 'ganho', valueCents: 100 }), 409, dealCopy.stale);
    expect(await counts()).toEqual(before);
    expect((await listOf(anas.leadId))[0]).toMatchObject({ stage: 'em_negociacao', valueCents: deal.valueCents });
  });

  it('lets a consultant see and change only their own leads\' deals; another\'s answers as not existing', async () => {
    const own = await create(brunos.leadId, bruno, { ...proposal, billing: 'avulso', months: null });
    expect(own.status).toBe(201);
    const [brunosDeal] = ((await own.json()) as DealList).deals;
    expect(brunosDeal).toMatchObject({ consultant: 'Bruno Almeida', createdBy: 'Bruno Almeida' });
    const [anasDeal] = await listOf(anas.leadId, ana);
    const before = await counts();
    // Bruno and Ana on each other's: the same 404 as an id that never existed.
    await expectRefused(await call('GET', `/api/painel/leads/${anas.leadId}/negociacoes`, { cookie: bruno }), 404, dealCopy.leadGone);
    await expectRefused(await call('GET', `/api/painel/leads/${crypto.randomUUID()}/negociacoes`, { cookie: bruno }), 404, dealCopy.leadGone);
    await expectRefused(await create(anas.leadId, bruno, proposal), 404, dealCopy.leadGone);
    await expectRefused(await change(anasDeal, { stage: 'perdido', lostReason: 'preco' }, bruno), 404, dealCopy.dealGone);
    await expectRefused(await update({ id: crypto.randomUUID() }, bruno, { ...proposal, updatedAt: anasDeal.updatedAt }), 404, dealCopy.dealGone);
    await expectRefused(await change(brunosDeal, { stage: 'ganho' }, ana), 404, dealCopy.dealGone);
    // From another site, even signed in: 403 before anything is read.
    expect((await call('POST', `/api/painel/negociacoes/${brunosDeal.id}`, { cookie: bruno, origin: 'https://evil.example', body: { ...proposal } })).status).toBe(403);
    expect(await counts()).toEqual(before);
    expect((await listOf(brunos.leadId, mentor)).map((d) => d.id)).toEqual([brunosDeal.id]);
  });

  it('answers bodies no form sends with 400 in pt-BR, never 500, and writes nothing', async () => {
    const [deal] = await listOf(anas.leadId);
    const before = await counts();
    const bodies: unknown[] = [
      {}, [], null, 'texto', 42, { ...proposal, extra: 1 }, { ...proposal, valueCents: '300000' }, { ...proposal, valueCents: 1.5 },
      { ...proposal, months: '12' }, { ...proposal, stage: 'fechado' }, { ...proposal, stage: 5 }, { ...proposal, billing: null },
      { ...proposal, lostReason: 'azar' }, { ...proposal, expectedCloseOn: '9999-12-31' }, { ...proposal, expectedCloseOn: 'x'.repeat(5000) },
      { ...proposal, lostNote: 'ç'.repeat(7000) }, { ...proposal, valueCents: 1e300 },
    ];
    const answers = [dealCopy.invalid, dealCopy.unreadable];
    for (const body of bodies) {
      for (const res of [await create(anas.leadId, mentor, body), await update(deal, mentor, body)]) {
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(answers).toContain((await res.json()).error);
      }
    }
    for (const updatedAt of ['ontem', null, 12]) await expectRefused(await update(deal, mentor, { ...proposal, updatedAt }), 400, dealCopy.unreadable);
    for (const raw of ['{"stage":', JSON.stringify(proposal).replace('{', '{"__proto__":{"stage":"ganho"},')]) {
      expect((await call('POST', `/api/painel/leads/${anas.leadId}/negociacoes`, { cookie: mentor, raw })).status, raw).toBe(400);
    }
    expect((await call('POST', `/api/painel/leads/${anas.leadId}/negociacoes`, { cookie: mentor, raw: JSON.stringify({ ...proposal, lostNote: 'a'.repeat(20_000) }) })).status).toBe(413);
    expect((await call('GET', '/api/painel/leads/nao-e-um-id/negociacoes', { cookie: mentor })).status).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('exports the person\'s deals with their log, erases them with the person, and refuses a deal on the erased lead', async () => {
    const erased = await bookMeeting(opened.app, { email: 'eva@solarleste.com.br', presellerId: PRESELLERS.ana, time: '16:00', nome: 'Eva Lima' });
    const res = await create(erased.leadId, ana, { ...proposal, stage: 'perdido', lostReason: 'outro', lostNote: 'Orçamento foi para 2028.' });
    expect(res.status).toBe(201);
    const [deal] = ((await res.json()) as DealList).deals;
    const exported = await (await call('GET', `/api/painel/leads/${erased.leadId}/dados`, { cookie: mentor })).json();
    expect(exported.leads[0].deals).toMatchObject([{ id: deal.id, stage: 'perdido', value_cents: 300_000, months: 12, total_cents: 3_600_000,
      lost_note: 'Orçamento foi para 2028.', created_by: ANA, preseller_name: 'Ana Souza', history: [{ actor: ANA, to_stage: 'perdido', from_stage: null }] }]);
    const text = personDataText(exported);
    expect(text).toContain('Negociações:');
    expect(text).toContain('Perdido (Outro: Orçamento foi para 2028.)');

    expect((await call('POST', `/api/painel/leads/${erased.leadId}/excluir`, { cookie: mentor, body: { confirm: 'eva@solarleste.com.br' } })).status).toBe(200);
    expect(await opened.query('select 1 from deals where id = $1', [deal.id])).toEqual([]);
    expect(await opened.query('select 1 from deal_stage_log where deal_id = $1', [deal.id])).toEqual([]);
    const activity = (await (await call('GET', '/api/painel/atividade', { cookie: mentor })).json()).items as { action: string; subject: string; deal?: unknown }[];
    const row = activity.find((r) => r.action === 'deal' && r.subject === String(deal.log[0].id));
    expect(row).toBeDefined();
    expect(row!.deal).toBeNull();
    const before = await counts();
    await expectRefused(await create(erased.leadId, mentor, proposal), 404, dealCopy.leadGone);
    await expectRefused(await change(deal, { stage: 'em_negociacao', lostReason: null, lostNote: null }, mentor), 404, dealCopy.dealGone);
    await expectRefused(await call('GET', `/api/painel/leads/${erased.leadId}/negociacoes`, { cookie: mentor }), 404, dealCopy.leadGone);
    expect(await counts()).toEqual(before);
  });

  it('sums each person\'s deals in one line for the leads CSV, in the viewer\'s scope', async () => {
    const person = await bookMeeting(opened.app, { email: 'ivo@solaroeste.com.br', presellerId: PRESELLERS.ana, time: '17:00', nome: 'Ivo Reis' });
    expect((await create(person.leadId, mentor, { ...proposal, stage: 'em_negociacao' })).status).toBe(201);
    expect((await create(person.leadId, mentor, { ...proposal, stage: 'ganho', billing: 'avulso', months: null, valueCents: 450_000 })).status).toBe(201);
    const painel = painelStore(opened.app.store);
    const asMentor = { role: 'mentor', email: MENTOR, name: null, preseller: null } as const;
    // The export's rows in the viewer's scope (person_deal_summaries), by lead id: the asked ones that have deals.
    const sumsOf = async (viewer: Parameters<typeof painel.leadsForExport>[0], ids: string[]) => Object.fromEntries(
      (await painel.leadsForExport(viewer, {}, 1000, null, opened.app.now())).filter((l) => l.deals && ids.includes(l.id)).map((l) => [l.id, l.deals]));
    const sums = await sumsOf(asMentor, [person.leadId, brunos.leadId, crypto.randomUUID()]);
    expect(sums[person.leadId]).toEqual({ deals: 2, open: 1, openCents: 3_600_000, wonCents: 450_000, latestStage: 'ganho', latestWonAt: expect.any(String) });
    expect(Object.keys(sums).sort()).toEqual([person.leadId, brunos.leadId].sort());
    // Bruno: only his own lead's.
    const asBruno = { role: 'consultor', email: BRUNO, name: 'Bruno Almeida', preseller: PRESELLERS.bruno } as const;
    expect(Object.keys(await sumsOf(asBruno, [person.leadId, brunos.leadId]))).toEqual([brunos.leadId]);
    // The leads CSV itself (the real export, plain text): the person's row ends with their deals.
    const csv = await call('GET', '/api/painel/exportar/leads', { cookie: mentor });
    expect(csv.status).toBe(200);
    const rows = (await csv.text()).replace(/^\uFEFF/, '').split('\r\n').map((line) => line.split(';'));
    const ivo = rows.find((r) => r[0] === person.leadId)!;
    expect(rows[0].slice(-5)).toEqual(['Negociações', 'Etapa da última negociação', 'Em aberto', 'Receita ganha', 'Último ganho em']);
    expect(ivo.slice(-5, -1)).toEqual(['2', 'Ganho', 'R$\u00a036.000,00', 'R$\u00a04.500,00']);
    expect(ivo.at(-1)).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });

  it('exports every deal in the viewer\'s scope as CSV: the mentor all, a consultant their own leads\' only', async () => {
    const csvOf = async (cookie: string) => {
      const res = await call('GET', '/api/painel/exportar/negociacoes', { cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="negociacoes-\d{4}-\d{2}-\d{2}\.csv"$/);
      return (await res.text()).replace(/^\uFEFF/, '').split('\r\n').filter(Boolean).map((line) => line.split(';'));
    };
    const all = await csvOf(mentor);
    const stored = await opened.query<{ id: string; lead_id: string; total: string }>(
      `select id, lead_id, deal_total_cents(billing, value_cents, months)::text as total from deals order by created_at desc, id`);
    expect(all[0].slice(0, 6)).toEqual(['ID da negociação', 'ID do lead', 'Lead', 'Empresa', 'Consultor', 'Etapa']);
    expect(all.slice(1).map((r) => r[0])).toEqual(stored.map((d) => d.id));
    const header = all[0];
    const first = all[1];
    expect(first[header.indexOf('Valor total')].replace(/\u00a0/g, ' ')).toBe(`R$ ${(Number(stored[0].total) / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2 })}`);
    // Bruno: only the deals of persons with a meeting of his, and none of Ana's leads.
    const brunoIds = (await csvOf(bruno)).slice(1).map((r) => r[1]);
    expect(brunoIds.length).toBeGreaterThan(0);
    expect(brunoIds.every((id) => id === brunos.leadId)).toBe(true);
  });

  it('keeps the recurring value rule, the stage and reason values and the row security the same in SQL as in the domain', async () => {
    for (const [billing, value, months] of [['mensal', 300_000, 12], ['mensal', 10_000_000_000, 60], ['avulso', 4_500_000, null], ['avulso', 0, null]] as const) {
      const [row] = await opened.query<{ total: string }>('select deal_total_cents($1, $2, $3)::text as total', [billing, value, months]);
      expect(Number(row.total), `${billing} ${value} ${months}`).toBe(dealTotalCents({ billing, valueCents: value, months }));
    }
    const defs = await opened.query<{ def: string }>(`select pg_get_constraintdef(oid) as def from pg_constraint where conrelid = 'public.deals'::regclass and contype = 'c'`);
    const allowed = (column: string) => {
      const def = defs.map((d) => d.def).find((d) => new RegExp(`\\(\\(${column} = ANY \\(ARRAY\\[`).test(d)) ?? '';
      return [...def.matchAll(/'([^']*)'::text/g)].map((m) => m[1]).sort();
    };
    expect(allowed('stage')).toEqual([...dealStages].sort());
    expect(allowed('billing')).toEqual([...dealBillings].sort());
    expect(allowed('lost_reason')).toEqual([...lostReasons].sort());

    const security = await opened.query<{ relname: string; relrowsecurity: boolean }>(
      `select relname, relrowsecurity from pg_class where relnamespace = 'public'::regnamespace and relname in ('deals', 'deal_stage_log') order by relname`);
    expect(security).toEqual([{ relname: 'deal_stage_log', relrowsecurity: true }, { relname: 'deals', relrowsecurity: true }]);
    // As the public key's role: no row, and neither function.
    const anon = await opened.query<{ deals: number; log: number; save: boolean; list: boolean }>(
      `select (select count(*)::int from deals) as deals, (select count(*)::int from deal_stage_log) as log,
         has_function_privilege('anon', 'public.painel_deal_save(jsonb)', 'execute') as save, has_function_privilege('anon', 'public.painel_deals(jsonb)', 'execute') as list`);
    expect(anon[0].deals).toBeGreaterThan(0);
    expect(anon[0]).toMatchObject({ save: false, list: false });
    await opened.query('set role anon');
    try {
      expect(await opened.query('select * from deals')).toEqual([]);
      expect(await opened.query('select * from deal_stage_log')).toEqual([]);
    } finally {
      await opened.query('reset role');
    }
  });
});
