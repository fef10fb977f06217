// The WhatsApp card of Integrações: today's messages (Brasília) by their last status, the ones waiting whenever
// queued, the latest failures newest first with the lead and Meta's code and reason; whether the WHATSAPP_*
// settings are there (on, incomplete by name, off) and never their values; mentor only. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WhatsAppHealth } from '../../src/domain/painel/whatsapp-health';
import { explainWhatsAppError } from '../../src/domain/whatsapp-errors';
import type { MeetingView } from '../../src/domain/painel/api';
import { ANA, bookMeeting, MENTOR, painelClient, PRESELLERS } from './painel-helpers';
import { storeCases, type Opened } from './stores';

// 10:00 in Brasília: today began at 03:00 UTC.
const NOW = new Date('2026-11-20T13:00:00Z');
const TOKEN = 'EAAG-token-que-nunca-aparece-1234567890';
const SECRET = 'segredo-do-app-que-nunca-aparece';
const ENV = {
  WHATSAPP_PHONE_NUMBER_ID: '123456789012345', WHATSAPP_TOKEN: TOKEN, WHATSAPP_APP_SECRET: SECRET,
  WHATSAPP_VERIFY_TOKEN: 'verificacao-que-nunca-aparece', WHATSAPP_HOLDOUT_PERCENT: '25',
};

async function lead(db: Opened, nome: string): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `insert into leads (created_at, idempotency_key, nome, email, telefone, empresa, cnpj, cargo, faturamento, vendedores,
       segmento, modelo_negocio, origem, consent_at, privacy_policy_version, servico, whatsapp_opt_in_at, whatsapp_opt_in_version, whatsapp_group)
     values ('2026-11-18T12:00:00Z', $1, $2, $3, '11987654321', 'Empresa Teste', '11222333000181', 'ceo-proprietario', '0-50', '1-2',
       'ecommerce', 'b2b', 'site', '2026-11-18T12:00:00Z', 'v1', 'consultoria', '2026-11-18T12:00:00Z', 'v-teste', 'whatsapp') returning id`,
    [`wa-health-${nome}`, nome, `${nome.toLowerCase().replace(/\W/g, '')}@exemplo.com.br`]);
  return row.id;
}

async function message(db: Opened, leadId: string, m: { kind: string; status: string; at: string; code?: number; title?: string }) {
  await db.query(`insert into whatsapp_messages (lead_id, kind, status, status_at, error_code, error_title, created_at)
    values ($1, $2, $3, $4, $5, $6, $4::timestamptz - interval '1 minute')`, [leadId, m.kind, m.status, m.at, m.code ?? null, m.title ?? null]);
}

describe.each(storeCases(inject('postgresUrl')))('Integrações: WhatsApp card on $name', (store) => {
  let opened: Opened;
  const { call, signIn } = painelClient(() => opened);
  let mentor = '';

  beforeAll(async () => {
    opened = await store.open({ now: () => NOW, env: ENV });
    mentor = await signIn(MENTOR);
    const carla = await lead(opened, 'Carla Entregue');
    const davi = await lead(opened, 'Davi Sem WhatsApp');
    const eva = await lead(opened, 'Eva Modelo');
    // Today (after 03:00 UTC): two delivered, one read, one sent, a failure that went by e-mail, one skipped.
    await message(opened, carla, { kind: 'confirmacao', status: 'entregue', at: '2026-11-20T03:05:00Z' });
    await message(opened, carla, { kind: 'lembrete_24h', status: 'entregue', at: '2026-11-20T12:00:00Z' });
    await message(opened, eva, { kind: 'confirmacao', status: 'lido', at: '2026-11-20T09:00:00Z' });
    await message(opened, eva, { kind: 'reagendamento', status: 'enviado', at: '2026-11-20T12:30:00Z' });
    await message(opened, davi, { kind: 'confirmacao', status: 'substituido_por_email', at: '2026-11-20T11:00:00Z', code: 131026, title: 'Message undeliverable' });
    await message(opened, eva, { kind: 'lembrete_1h', status: 'pulado', at: '2026-11-20T10:00:00Z', title: 'expirou' });
    // Yesterday in Brasília (before 03:00 UTC today): not today's, but the failure is still among the latest.
    await message(opened, eva, { kind: 'lembrete_24h', status: 'falhou', at: '2026-11-20T02:59:00Z', code: 132001, title: 'Template name does not exist in the translation' });
    await message(opened, carla, { kind: 'confirmacao', status: 'entregue', at: '2026-11-19T20:00:00Z' });
    // Waiting: one queued long ago (a reminder), one today.
    await message(opened, carla, { kind: 'lembrete_1h', status: 'pendente', at: '2026-11-15T12:00:00Z' });
    await message(opened, davi, { kind: 'lembrete_24h', status: 'pendente', at: '2026-11-20T12:59:00Z' });
  });
  afterAll(() => opened.close());

  const health = async (cookie: string) => {
    const res = await call('GET', '/api/painel/integracoes/whatsapp', { cookie });
    expect(res.status).toBe(200);
    const text = await res.text();
    return { text, h: JSON.parse(text) as WhatsAppHealth };
  };

  it("counts today's messages by last status and the ones waiting", async () => {
    const { h } = await health(mentor);
    expect(h.today).toEqual({ entregue: 2, lido: 1, enviado: 1, substituido_por_email: 1, pulado: 1 });
    expect(h.waiting).toBe(2);
  });

  it('lists the latest failures, newest first, with the lead and Meta’s reason in pt-BR', async () => {
    const { h } = await health(mentor);
    expect(h.failures.map((f) => [f.leadName, f.kind, f.status, f.errorCode])).toEqual([
      ['Davi Sem WhatsApp', 'confirmacao', 'substituido_por_email', 131026],
      ['Eva Modelo', 'lembrete_24h', 'falhou', 132001],
    ]);
    expect(explainWhatsAppError(h.failures[0].errorCode, h.failures[0].errorTitle)).toMatch(/^Número sem WhatsApp/);
    expect(explainWhatsAppError(h.failures[1].errorCode, h.failures[1].errorTitle)).toMatch(/^Modelo não aprovado/);
  });

  it('says it is configured, with the holdout share and the webhook address, never a secret', async () => {
    const { h, text } = await health(mentor);
    expect(h.setup).toEqual({ state: 'on', holdoutPercent: 25 });
    expect(h.webhookUrl).toMatch(/^https?:\/\/[^/]+\/api\/whatsapp\/webhook$/);
    for (const secret of Object.values(ENV).slice(0, 4)) expect(text).not.toContain(secret);
  });

  it("puts each of a meeting's messages in its history, with the last status and Meta's code", async () => {
    const { meetingId } = await bookMeeting(opened.app, { email: 'historia@exemplo.com.br', presellerId: PRESELLERS.ana, nome: 'Hugo História' });
    const [{ lead_id: leadId }] = await opened.query<{ lead_id: string }>('select lead_id from meetings where id = $1', [meetingId]);
    await opened.query(`insert into whatsapp_messages (lead_id, meeting_id, kind, status, status_at, created_at) values ($1, $2, 'confirmacao', 'lido', $3, $3)`,
      [leadId, meetingId, NOW.toISOString()]);
    await opened.query(`insert into whatsapp_messages (lead_id, meeting_id, kind, status, status_at, error_code, error_title, created_at)
      values ($1, $2, 'lembrete_24h', 'substituido_por_email', $3, 131026, 'Message undeliverable', $3::timestamptz - interval '1 second')`, [leadId, meetingId, NOW.toISOString()]);
    const res = await call('GET', `/api/painel/reunioes/${meetingId}`, { cookie: mentor });
    expect(res.status).toBe(200);
    const view = (await res.json()) as MeetingView;
    const lines = view.events.filter((e) => e.kind === 'whatsapp');
    expect(lines).toEqual([
      { kind: 'whatsapp', at: expect.any(String), waKind: 'lembrete_24h', status: 'substituido_por_email', statusAt: expect.any(String), errorCode: 131026, errorTitle: 'Message undeliverable' },
      { kind: 'whatsapp', at: expect.any(String), waKind: 'confirmacao', status: 'lido', statusAt: expect.any(String), errorCode: null, errorTitle: null },
    ]);
    // A WhatsApp outbox row is no mail line (outbox_is_integration).
    expect(view.events.filter((e) => e.kind === 'mail' && e.subject === '')).toEqual([]);
  });

  it('is the mentor’s only', async () => {
    const ana = await signIn(ANA);
    expect((await call('GET', '/api/painel/integracoes/whatsapp', { cookie: ana })).status).toBe(403);
    expect((await call('GET', '/api/painel/integracoes/whatsapp')).status).toBe(401);
  });
});

describe.each(storeCases(inject('postgresUrl')))('Integrações: WhatsApp setup states on $name', (store) => {
  it('is off without the settings and incomplete (by name only) with some of them', async () => {
    for (const [env, expected] of [
      [{}, { state: 'off' }],
      [{ WHATSAPP_TOKEN: TOKEN, WHATSAPP_APP_SECRET: SECRET }, { state: 'incomplete', problems: ['WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_VERIFY_TOKEN'] }],
    ] as const) {
      const opened = await store.open({ now: () => NOW, env });
      try {
        const { call, signIn } = painelClient(() => opened);
        const res = await call('GET', '/api/painel/integracoes/whatsapp', { cookie: await signIn(MENTOR) });
        const text = await res.text();
        expect((JSON.parse(text) as WhatsAppHealth).setup).toEqual(expected);
        expect(text).not.toContain(TOKEN);
        expect(text).not.toContain(SECRET);
      } finally {
        await opened.close();
      }
    }
  });
});
