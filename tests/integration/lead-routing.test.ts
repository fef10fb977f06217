// POST /api/leads with a test rules file (ROUTING_RULES_FILE): the qualification rule decides what the
// wizard is told (a no-meeting rule's message and link; never a pool's consultants), what is stored with
// the lead (service, rule, kind) and the mentor's "Encaminhamento" line. On PGlite and on PostgreSQL.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import { key, postJson, validRequest } from './helpers';
import { storeCases, type Opened } from './stores';
import { b2cNoMeetingRule } from '../support/routing-rules.mjs';

const RULES = `regras:
${b2cNoMeetingRule('Obrigado! Pelo porte da sua empresa, comece pelo nosso material.')}  - nome: "Tráfego solar"
    quando:
      servico: ["trafego"]
      segmento: ["energia-solar"]
    destino:
      consultores: ["ana@consultores.example.com"]
  - nome: "Vendedores"
    quando:
      cargo: ["vendedor"]
    destino:
      semReuniao:
        mensagem: "Fale com a gente no chat."
  - nome: "Todos"
    destino:
      equipe: "todos"
`;

let dir = '';
const previous = process.env.ROUTING_RULES_FILE;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lead-routing-'));
  await writeFile(join(dir, 'regras.yaml'), RULES);
  // Read by functions/lib/routing-rules.ts on each lead (cached per path).
  process.env.ROUTING_RULES_FILE = join(dir, 'regras.yaml');
});
afterAll(async () => {
  if (previous === undefined) delete process.env.ROUTING_RULES_FILE;
  else process.env.ROUTING_RULES_FILE = previous;
  await rm(dir, { recursive: true, force: true });
});

describe.each(storeCases(inject('postgresUrl')))('lead routing on $name', (store) => {
  let opened: Opened;
  let post: (body: unknown) => Promise<Response>;
  beforeAll(async () => {
    opened = await store.open({ env: { CONTACT_EMAIL: 'mentor@teste.example.com' } });
    const handler = createLeadsHandler(async () => opened.app);
    post = (body) => handler(postJson('/api/leads', body));
  });
  afterAll(() => opened?.close());

  const stored = async (id: string) => (await opened.query<{ servico: string | null; routing_rule: string; routing_kind: string }>(
    'select servico, routing_rule, routing_kind from leads where id = $1', [id]))[0];
  const notice = async (id: string) => (await opened.query<{ message: { to: string; text: string; html: string } }>(
    `select message from outbox where kind = 'lead-notification' and message->>'text' like $1`, [`%${id}%`]))[0]?.message;

  it('a B2C lead below R$ 50 mil gets the rule’s message and link instead of a meeting; stored and told to the mentor', async () => {
    const email = `b2c-${crypto.randomUUID()}@example.com`;
    const res = await post({ ...validRequest, email, modeloNegocio: 'b2c', faturamento: '0-50', service: 'consultoria', idempotencyKey: key() });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({
      id: expect.any(String),
      route: { kind: 'none', message: 'Obrigado! Pelo porte da sua empresa, comece pelo nosso material.', link: { label: 'Ver o material', url: 'https://blog.mentorsolar.com.br' } },
    });
    expect(await stored(body.id)).toEqual({ servico: 'consultoria', routing_rule: 'B2C abaixo de R$ 50 mil', routing_kind: 'none' });
    const mail = await notice(body.id);
    expect(mail.to).toBe('mentor@teste.example.com');
    expect(mail.text).toContain('Encaminhamento: B2C abaixo de R$ 50 mil — sem reunião (o lead viu a mensagem da regra)');
    expect(mail.text).toContain('Serviço: Consultoria Empresarial');
    expect(mail.html).toContain('sem reunião (o lead viu a mensagem da regra)');
    expect((await opened.app.store.getLead(body.id))?.service).toBe('consultoria');
  });

  it('a repeat of the same key answers the same route, storing nothing new; the key with another service is refused', async () => {
    const request = { ...validRequest, email: `rep-${crypto.randomUUID()}@example.com`, modeloNegocio: 'b2c', faturamento: '0-50', service: 'trafego', idempotencyKey: key() };
    const first = await post(request);
    const again = await post(request);
    expect([first.status, again.status]).toEqual([201, 200]);
    const [a, b] = [await first.json(), await again.json()];
    expect(b).toEqual(a);
    expect(b.route.kind).toBe('none');
    // The service is part of the request: the same key with another one is another request (422).
    expect((await post({ ...request, service: 'consultoria' })).status).toBe(422);
    expect((await post({ ...request, service: undefined })).status).toBe(422);
  });

  it('a pool rule stores its name and kind and tells the browser nothing about it; the mentor reads the rule', async () => {
    const res = await post({ ...validRequest, email: `pool-${crypto.randomUUID()}@example.com`, service: 'trafego', idempotencyKey: key() });
    expect(res.status).toBe(201);
    const text = await res.clone().text();
    expect(JSON.parse(text)).toEqual({ id: expect.any(String) });
    expect(text).not.toContain('consultores.example.com');
    const { id } = JSON.parse(text);
    expect(await stored(id)).toEqual({ servico: 'trafego', routing_rule: 'Tráfego solar', routing_kind: 'pool' });
    const mail = await notice(id);
    expect(mail.text).toContain('Encaminhamento: Tráfego solar\n');
    expect(mail.text).not.toContain('sem reunião');
  });

  it('a junk, missing or other-typed service is stored as unknown, never a 500: service conditions fail, the rest match', async () => {
    for (const service of ['palestras', 42, { x: 1 }, null, undefined, 'TRAFEGO']) {
      const res = await post({ ...validRequest, email: `junk-${crypto.randomUUID()}@example.com`, service, idempotencyKey: key() });
      expect(res.status, String(service)).toBe(201);
      const { id } = await res.json();
      // energia-solar + trafego would be the pool: without a known service it falls to the catch-all.
      expect(await stored(id), String(service)).toEqual({ servico: null, routing_rule: 'Todos', routing_kind: 'team' });
      expect((await notice(id)).text).not.toContain('Serviço:');
    }
    const res = await post({ ...validRequest, email: `junk-${crypto.randomUUID()}@example.com`, cargo: 'vendedor', service: 'x', idempotencyKey: key() });
    expect(await res.json()).toEqual({ id: expect.any(String), route: { kind: 'none', message: 'Fale com a gente no chat.', link: null } });
  });

  it('an email that already holds a meeting is told so, whatever rule its answers match now', async () => {
    const email = `upcoming-${crypto.randomUUID()}@example.com`;
    const lead = await (await post({ ...validRequest, email, service: 'consultoria', idempotencyKey: key() })).json();
    const starts = new Date(Date.now() + 3 * 86_400_000);
    const [consultant] = await opened.query<{ id: string }>(`insert into presellers (name, email) values ('Rota Teste', $1) returning id`, [`rota-${crypto.randomUUID()}@example.com`]);
    await opened.query(`insert into meetings (lead_id, preseller_id, starts_at, ends_at, service, diagnostic_score, status, idempotency_key) values ($1, $2, $3, $4, 'consultoria', 50, 'scheduled', $5)`,
      [lead.id, consultant.id, starts, new Date(starts.getTime() + 30 * 60_000), key()]);
    const again = await post({ ...validRequest, email, modeloNegocio: 'b2c', faturamento: '0-50', service: 'consultoria', idempotencyKey: key() });
    expect(await again.json()).toEqual({ id: expect.any(String), upcomingMeeting: true });
  });
});
