// "Regras de encaminhamento" (issue 33 item 1): the rules live in the database, seeded once from
// content/roteamento.yaml; a save passes the build's own checks with the same pt-BR messages, applies to
// the next lead without a deploy, is written to Atividade (who, before → after), and a save made on an
// older version is refused instead of overwriting a colleague's. On PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import type { ActivityRow, Page } from '../../src/domain/painel/api';
import { rulePauseCopy, rulesCopy, type RulesView } from '../../src/domain/painel/rules';
import { createAvailabilityHandler } from '../../functions/lib/handlers/availability';
import { futureWorkday, get, key, postJson, PRESELLERS, validRequest } from './helpers';
import { ANA, BRUNO, MENTOR, painelClient } from './painel-helpers';
import { storeCases, type Opened } from './stores';

const MESSAGE = 'Obrigado! Pelo porte da sua empresa, comece pelo nosso material.';
const b2c = { nome: 'B2C até R$ 50 mil', quando: { modeloNegocio: ['b2c'], faturamento: ['0-50'] }, destino: { semReuniao: { mensagem: MESSAGE, link: { texto: 'Ver o material', url: 'https://blog.mentorsolar.com.br' } } } };
const solar = { nome: 'Energia Solar', quando: { segmento: ['energia-solar'] }, destino: { consultores: [ANA, BRUNO] } };
const everyone = { nome: 'Todos os leads', destino: { equipe: 'todos' } };

describe.each(storeCases(inject('postgresUrl')))('routing rules in the painel on $name', (store) => {
  let opened: Opened;
  const { call, signIn } = painelClient(() => opened);
  let mentor: string;
  let ana: string;
  beforeAll(async () => {
    opened = await store.open();
    mentor = await signIn(MENTOR);
    ana = await signIn(ANA);
  });
  afterAll(() => opened?.close());

  const read = async () => {
    const res = await call('GET', '/api/painel/regras', { cookie: mentor });
    expect(res.status).toBe(200);
    return (await res.json()) as RulesView;
  };
  const save = (version: number, regras: unknown[]) => call('POST', '/api/painel/regras', { cookie: mentor, body: { version, regras } });
  const lead = async (answers: Record<string, string>) => {
    const res = await createLeadsHandler(async () => opened.app)(postJson('/api/leads', { ...validRequest, email: `r-${crypto.randomUUID()}@example.com`, service: 'consultoria', idempotencyKey: key(), ...answers }));
    expect(res.status).toBe(201);
    return res.json();
  };

  it('a new install reads the seed file once (version 1); a consultant may not see or change the rules', async () => {
    const view = await read();
    expect(view.regras).toEqual([{ nome: 'Todos os leads', destino: { equipe: 'todos' } }]);
    expect(view).toMatchObject({ version: 1, updatedBy: null });
    expect(view.consultants.map((c) => c.name)).toEqual(expect.arrayContaining(['Ana Souza', 'Bruno Almeida']));
    expect((await call('GET', '/api/painel/regras', { cookie: ana })).status).toBe(403);
    expect((await call('POST', '/api/painel/regras', { cookie: ana, body: { version: 1, regras: [everyone] } })).status).toBe(403);
  });

  it('refuses what the build refuses, with the same words at the field, and stores nothing', async () => {
    const cases: [unknown[], string, string | RegExp][] = [
      [[everyone, b2c], 'regras.0.quando', 'a regra "Todos os leads" vale para todos os leads, então as regras abaixo dela nunca seriam usadas: deixe-a por último ou dê a ela um "quando"'],
      [[b2c], 'regras.0.quando', /^a última regra \("B2C até R\$ 50 mil"\) precisa valer para todos os leads/],
      [[{ ...solar, quando: { segmento: ['solar'] } }, everyone], 'regras.0.quando.segmento.0', /^"solar" não é um valor de segmento; use um destes: energia-solar, /],
      [[{ ...solar, destino: { consultores: ['não-é-email'] } }, everyone], 'regras.0.destino.consultores.0', 'e-mail de consultor inválido'],
      [[{ ...b2c, destino: { semReuniao: { mensagem: MESSAGE, link: { texto: 'Ver', url: 'javascript:alert(1)' } } } }, everyone], 'regras.0.destino.semReuniao.link.url', 'use um caminho do site (/palestras), um endereço https://… ou mailto:…'],
      [[{ ...solar, destino: { consultores: ['ninguem@example.com'] } }, everyone], 'regras.0.destino.consultores', rulesCopy.unknownConsultant('ninguem@example.com')],
      // A "site path" that a browser reads as another site.
      ...['//evil.example/phish', '/\\evil.example/phish'].map((url): [unknown[], string, string] => [
        [{ ...b2c, destino: { semReuniao: { mensagem: MESSAGE, link: { texto: 'Ver', url } } } }, everyone], 'regras.0.destino.semReuniao.link.url', 'use um caminho do site (/palestras), um endereço https://… ou mailto:…',
      ]),
      [[{ ...solar, nome: 'Regra\u0007' }, everyone], 'regras.0.nome', 'sem caracteres de controle'],
    ];
    for (const [regras, field, message] of cases) {
      const res = await save(1, regras);
      expect(res.status, field).toBe(400);
      const body = await res.json();
      expect(body.error).toBe(rulesCopy.invalid);
      expect(body.fieldErrors[field], JSON.stringify(body.fieldErrors)).toMatch(message);
    }
    for (const junk of [null, [], { version: '1', regras: [] }, { version: 1 }, { version: 1, regras: Array(51).fill(everyone) }]) {
      const res = await call('POST', '/api/painel/regras', { cookie: mentor, body: junk });
      expect(res.status, JSON.stringify(junk).slice(0, 40)).toBe(400);
    }
    expect((await read()).version).toBe(1);
  });

  it('a save applies to the next lead, is in Atividade as before → after, and an edit on an older version is refused', async () => {
    const res = await save(1, [b2c, solar, everyone]);
    expect(res.status).toBe(200);
    const saved = (await res.json()) as RulesView;
    expect(saved).toMatchObject({ version: 2, updatedBy: MENTOR });
    expect(saved.regras.map((r) => r.nome)).toEqual(['B2C até R$ 50 mil', 'Energia Solar', 'Todos os leads']);

    // The next lead, no deploy: the message of the rule instead of a meeting; the pool's rule stored.
    expect((await lead({ modeloNegocio: 'b2c', faturamento: '0-50' })).route).toEqual({ kind: 'none', message: MESSAGE, link: { label: 'Ver o material', url: 'https://blog.mentorsolar.com.br' } });
    const pooled = await lead({ modeloNegocio: 'b2b', segmento: 'energia-solar' });
    expect(pooled.route).toBeUndefined();
    expect((await opened.query<{ routing_rule: string; routing_kind: string }>('select routing_rule, routing_kind from leads where id = $1', [pooled.id]))[0])
      .toEqual({ routing_rule: 'Energia Solar', routing_kind: 'pool' });

    const activity = (await (await call('GET', '/api/painel/atividade', { cookie: mentor })).json()) as Page<ActivityRow>;
    const row = activity.items.find((a) => a.action === 'routing:rules');
    expect(row).toMatchObject({ actor: MENTOR });
    expect(row?.subject).toBe(
      'Antes: 1. Todos os leads: Todos os leads → equipe inteira ⇒ Depois: 1. B2C até R$ 50 mil: Se Faturamento é R$ 0 - R$ 50 mil e Modelo de negócio é B2C → sem reunião; '
      + '2. Energia Solar: Se Segmento é Energia Solar → Ana Souza, Bruno Almeida; 3. Todos os leads: Todos os leads → equipe inteira',
    );

    // Two mentors editing version 2 at once: exactly one save wins, the other is told and changes nothing.
    const [a, b] = await Promise.all([save(2, [solar, everyone]), save(2, [b2c, everyone])]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect((await loser.json()).error).toBe(rulesCopy.conflict);
    const now = await read();
    expect(now.version).toBe(3);
    expect(now.regras.map((r) => r.nome)).toEqual(a.status === 200 ? ['Energia Solar', 'Todos os leads'] : ['B2C até R$ 50 mil', 'Todos os leads']);
    // A stale editor (version 2) cannot write over it later either.
    expect((await save(2, [everyone])).status).toBe(409);
  });

  it('keeps bidi controls out of what leads and the team read, and never sends leads only to inactive consultants', async () => {
    const version = (await read()).version;
    // U+202E would show the rest of the name, message or link text reversed in the painel, the notice and the CSV.
    const reversed = { nome: 'Solar \u202Eetsiv\u202C', quando: { segmento: ['energia-solar'] }, destino: { semReuniao: { mensagem: 'Olá \u202Eabc', link: { texto: 'Ver \u2066x\u2069', url: '/palestras' } } } };
    expect((await save(version, [reversed, everyone])).status).toBe(200);
    const [stored] = (await read()).regras;
    expect(stored.nome).toBe('Solar etsiv');
    expect(stored.destino.semReuniao).toEqual({ mensagem: 'Olá abc', link: { texto: 'Ver x', url: '/palestras' } });

    // Bruno deactivated: a rule of his alone is refused; Ana, the only active one of "Energia Solar", is warned of.
    const team = (body: unknown) => call('POST', '/api/painel/equipe', { cookie: mentor, body });
    expect((await team({ command: 'deactivate', args: [BRUNO] })).status).toBe(200);
    try {
      const onlyBruno = await save(version + 1, [{ ...solar, destino: { consultores: [BRUNO] } }, everyone]);
      expect(onlyBruno.status).toBe(400);
      expect((await onlyBruno.json()).fieldErrors['regras.0.destino.consultores']).toBe(rulesCopy.allInactive);
      expect((await save(version + 1, [solar, everyone])).status).toBe(200);
      const members = (await (await call('GET', '/api/painel/equipe', { cookie: mentor })).json()).consultants as { email: string; soleActiveIn: string[] }[];
      expect(members.find((m) => m.email === ANA)?.soleActiveIn).toEqual(['Energia Solar']);
      expect(members.find((m) => m.email === BRUNO)?.soleActiveIn).toEqual([]);
      // Paused, the rule routes nobody: nothing to warn of; resumed, the warning is back.
      const pauseSolar = (pausada: boolean) => call('POST', '/api/painel/regras/pausa', { cookie: mentor, body: { nome: 'Energia Solar', pausada } });
      const soleOfAna = async () => ((await (await call('GET', '/api/painel/equipe', { cookie: mentor })).json()).consultants as { email: string; soleActiveIn: string[] }[]).find((m) => m.email === ANA)?.soleActiveIn;
      expect((await pauseSolar(true)).status).toBe(200);
      expect(await soleOfAna()).toEqual([]);
      expect((await pauseSolar(false)).status).toBe(200);
      expect(await soleOfAna()).toEqual(['Energia Solar']);

      // Ana deactivated too, as warned: the rule's leads get the whole team's times, not an empty calendar.
      expect((await team({ command: 'deactivate', args: [ANA] })).status).toBe(200);
      const solarLead = await lead({ modeloNegocio: 'b2b', segmento: 'energia-solar' });
      const res = await createAvailabilityHandler(async () => opened.app)(get(`/api/availability?date=${futureWorkday(3)}&lead=${solarLead.id}`));
      const { availableSlots } = (await res.json()) as { availableSlots: { presellerId: string }[] };
      expect(availableSlots.length).toBeGreaterThan(0);
      expect(new Set(availableSlots.map((s) => s.presellerId))).toEqual(new Set([PRESELLERS.carla]));
    } finally {
      expect((await team({ command: 'reactivate', args: [BRUNO] })).status).toBe(200);
      await team({ command: 'reactivate', args: [ANA] });
    }
  });

  it('a paused rule is read past by the next lead, says so, and a pause pressed twice, from a stale screen or on the last rule changes nothing', async () => {
    const start = (await read()).version;
    expect((await save(start, [b2c, solar, everyone])).status).toBe(200);
    const pause = (nome: unknown, pausada: unknown) => call('POST', '/api/painel/regras/pausa', { cookie: mentor, body: { nome, pausada } });

    const res = await pause('B2C até R$ 50 mil', true);
    expect(res.status).toBe(200);
    const paused = (await res.json()) as RulesView;
    expect(paused.version).toBe(start + 2);
    expect(paused.regras.map((r) => [r.nome, r.pausada ?? false])).toEqual([['B2C até R$ 50 mil', true], ['Energia Solar', false], ['Todos os leads', false]]);
    // The next small B2C lead: no "sem reunião" message, the rules below decide (the whole team here).
    const skipped = await lead({ modeloNegocio: 'b2c', faturamento: '0-50', segmento: 'industria-fabrica' });
    expect(skipped.route).toBeUndefined();
    expect((await opened.query<{ routing_rule: string }>('select routing_rule from leads where id = $1', [skipped.id]))[0].routing_rule).toBe('Todos os leads');
    const activity = (await (await call('GET', '/api/painel/atividade', { cookie: mentor })).json()) as Page<ActivityRow>;
    expect(activity.items[0]).toMatchObject({ action: 'routing:rules', subject: rulePauseCopy.activity('B2C até R$ 50 mil', true) });

    // Refused, each with its words, and nothing written: twice (a stale screen), a rule gone, the last rule, junk.
    const refusals: [Response, number, string][] = [
      [await pause('B2C até R$ 50 mil', true), 409, rulePauseCopy.already('B2C até R$ 50 mil', true)],
      [await pause('Energia Solar', false), 409, rulePauseCopy.already('Energia Solar', false)],
      [await pause('Regra apagada', true), 409, rulePauseCopy.gone('Regra apagada')],
      [await pause('Todos os leads', true), 400, rulePauseCopy.lastRuleRefused],
      [await pause('B2C até R$ 50 mil', 'sim'), 400, rulesCopy.invalid],
      [await pause('', true), 400, rulesCopy.invalid],
      [await pause('x'.repeat(201), true), 400, rulesCopy.invalid],
    ];
    for (const [answer, status, error] of refusals) {
      expect(answer.status, error).toBe(status);
      expect((await answer.json()).error).toBe(error);
    }
    // A consultant may not (signed in again: the deactivation above ended Ana's sessions).
    expect((await call('POST', '/api/painel/regras/pausa', { cookie: await signIn(ANA), body: { nome: 'Energia Solar', pausada: true } })).status).toBe(403);
    expect((await read()).version).toBe(start + 2);
    // A whole-list save cannot pause the last rule either (the schema's own words).
    const lastPaused = await save(start + 2, [b2c, solar, { ...everyone, pausada: true }]);
    expect(lastPaused.status).toBe(400);
    expect((await lastPaused.json()).fieldErrors['regras.2.pausada']).toMatch(/não pode ser pausada/);

    // "Retomar": the rule is in force again for the next lead.
    expect((await pause('B2C até R$ 50 mil', false)).status).toBe(200);
    expect((await read()).regras[0].pausada).toBeUndefined();
    expect((await lead({ modeloNegocio: 'b2c', faturamento: '0-50', segmento: 'industria-fabrica' })).route).toMatchObject({ kind: 'none', message: MESSAGE });
  });
});
