// LGPD erasure that takes the person and only the person (issue #36 M2 + L5, #32 item 7), through the
// painel's real endpoints on both stores: a lead typed with a team address leaves the team's mail about
// other leads (rows and .eml files); every lead of one e-mail identity goes; upcoming meetings are
// cancelled first with a CANCEL to the consultant; the dialog's preview says what goes and what stays;
// "Exportar dados" also gives a readable pt-BR file.
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ErasePreview } from '../../src/domain/painel/api';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import { key, postJson, validRequest } from './helpers';
import { ANA, bookMeeting, MENTOR, painelClient, PRESELLERS } from './painel-helpers';
import { storeCases, type Opened } from './stores';

type OutboxRow = { id: string; lead_id: string | null; to: string; kind: string };

describe.each(storeCases(inject('postgresUrl')))('erasure by person on $name', (store) => {
  let opened: Opened;
  let mentor: string;
  const { call, signIn } = painelClient(() => opened);
  const outboxDir = () => join(opened.app.env.dataDir, 'outbox');
  const rows = () => opened.query<OutboxRow>(`select id, lead_id, message->>'to' as to, kind from outbox order by id`);
  /** One .eml per outbox row, named as the file transport names them. */
  async function writeEmlFiles() {
    await mkdir(outboxDir(), { recursive: true });
    const existing = new Set(await readdir(outboxDir()));
    for (const r of await rows()) {
      const name = `2026-11-26T10-00-00-000Z-${r.id}.eml`;
      if (!existing.has(name)) await writeFile(join(outboxDir(), name), `To: ${r.to}\n\nOlá`);
    }
  }
  async function submitLead(email: string, nome = 'Pessoa Teste'): Promise<string> {
    const res = await createLeadsHandler(async () => opened.app)(postJson('/api/leads', { ...validRequest, email, nomeCompleto: nome, idempotencyKey: key() }));
    expect(res.status).toBe(201);
    return (await res.json()).id;
  }
  const erase = (leadId: string, confirm: string) => call('POST', `/api/painel/leads/${leadId}/excluir`, { cookie: mentor, body: { confirm } });
  const preview = async (leadId: string) => (await (await call('GET', `/api/painel/leads/${leadId}/excluir`, { cookie: mentor })).json()) as ErasePreview;

  beforeAll(async () => {
    opened = await store.open();
    mentor = await signIn(MENTOR);
  });
  afterAll(() => opened.close());

  it("keeps every other lead's rows and files when the lead's e-mail is a consultant's or the contact address", async () => {
    const others = [
      await bookMeeting(opened.app, { email: 'outro.um@empresa-x.com.br', presellerId: PRESELLERS.ana, time: '09:00' }),
      await bookMeeting(opened.app, { email: 'outra.dois@empresa-y.com.br', presellerId: PRESELLERS.ana, time: '10:00' }),
    ];
    const otherLeadIds = new Set(others.map((o) => o.leadId));
    const consultantTyped = await submitLead(ANA);
    const contactTyped = await submitLead(MENTOR);
    await writeEmlFiles();
    const before = await rows();
    const kept = before.filter((r) => (r.lead_id && otherLeadIds.has(r.lead_id)) || (!r.lead_id && [ANA, MENTOR].includes(r.to.toLowerCase())));
    // The repro holds: Ana's invites about the other leads' meetings, and the mentor's own mail.
    expect(kept.filter((r) => r.to.toLowerCase() === ANA).length).toBeGreaterThanOrEqual(2);
    expect(kept.some((r) => r.kind === 'painel-code')).toBe(true);

    // The dialog warns: the address is a team member's.
    expect((await preview(consultantTyped)).teamAddress).toBe(true);
    expect((await preview(contactTyped)).teamAddress).toBe(true);
    expect((await erase(consultantTyped, ANA)).status).toBe(200);
    expect((await erase(contactTyped, MENTOR)).status).toBe(200);

    const after = new Set((await rows()).map((r) => r.id));
    expect(kept.filter((r) => !after.has(r.id))).toEqual([]);
    const files = new Set(await readdir(outboxDir()));
    expect(kept.filter((r) => !files.has(`2026-11-26T10-00-00-000Z-${r.id}.eml`))).toEqual([]);
    // The erased leads themselves are gone.
    const [{ n }] = await opened.query<{ n: number }>(`select count(*)::int as n from leads where id in ($1, $2)`, [consultantTyped, contactTyped]);
    expect(n).toBe(0);
  });

  it('erases every lead of one e-mail identity (+tag, Gmail dots, googlemail), listed first in the preview', async () => {
    const ids = [
      await submitLead('Maria.Souza@gmail.com'),
      await submitLead('mariasouza+orcamento@gmail.com'),
      await submitLead('maria.souza@googlemail.com'),
    ];
    const stranger = await submitLead('maria.souza@gmail.com.br');
    const shown = await preview(ids[1]);
    expect(shown.leads.map((l) => l.id).sort()).toEqual([...ids].sort());
    expect(shown.teamAddress).toBe(false);
    const res = await erase(ids[1], 'mariasouza+orcamento@gmail.com');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ leads: 3, cancelled: 0 });
    const left = await opened.query<{ id: string }>(`select id from leads where id = any($1::uuid[])`, [[...ids, stranger]]);
    expect(left.map((l) => l.id)).toEqual([stranger]);
    // Nothing about them is left to go out (RD or webhook deliveries, notices).
    const [{ n }] = await opened.query<{ n: number }>(`select count(*)::int as n from outbox where lead_id = any($1::uuid[])`, [ids]);
    expect(n).toBe(0);
  });

  it("cancels the person's upcoming meeting first: the consultant gets a CANCEL naming no lead, and the time is free again", async () => {
    const booked = await bookMeeting(opened.app, { email: 'joao.lima@cliente.com.br', nome: 'João Lima', empresa: 'Lima Solar', presellerId: PRESELLERS.bruno, time: '14:00' });
    const [{ sequence }] = await opened.query<{ sequence: number }>(`select sequence from meetings where id = $1`, [booked.meetingId]);
    const shown = await preview(booked.leadId);
    expect(shown.upcoming).toEqual([expect.objectContaining({ id: booked.meetingId, startsAt: booked.startsAt.toISOString(), consultant: 'Bruno Almeida' })]);
    const res = await erase(booked.leadId, 'joao.lima@cliente.com.br');
    expect(await res.json()).toMatchObject({ leads: 1, meetings: 1, cancelled: 1 });
    const [mail] = await opened.query<{ to: string; subject: string; text: string; ics: string }>(
      `select message->>'to' as to, message->>'subject' as subject, message->>'text' as text, message->'icalEvent'->>'content' as ics
       from outbox where kind = 'meeting-erased-preseller'`);
    expect(mail.to).toBe('bruno.almeida@consultores.example.com');
    const ics = mail.ics.replace(/\r\n[ \t]/g, '');
    expect(ics).toMatch(/^METHOD:CANCEL\r?$/m);
    expect(ics).toContain(`UID:${booked.meetingId}@mentor-solar`);
    expect(ics).toMatch(new RegExp(`^SEQUENCE:${sequence + 1}\\r?$`, 'm'));
    for (const personal of ['João', 'Lima Solar', 'joao.lima']) {
      expect(mail.text + mail.subject + ics).not.toContain(personal);
    }
    const [{ n }] = await opened.query<{ n: number }>(`select count(*)::int as n from meetings where id = $1`, [booked.meetingId]);
    expect(n).toBe(0);
  });

  it('"Exportar dados" also gives a readable pt-BR file: labels, option labels, Brasília times', async () => {
    const booked = await bookMeeting(opened.app, { email: 'lia.rocha@cliente.com.br', nome: 'Lia Rocha', presellerId: PRESELLERS.carla, time: '15:00' });
    const res = await call('GET', `/api/painel/leads/${booked.leadId}/dados?formato=texto`, { cookie: mentor });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="dados-${booked.leadId}.txt"`);
    const text = await res.text();
    expect(text).toContain('Nome: Lia Rocha');
    expect(text).toContain('Cargo: CEO / Proprietário');
    expect(text).toContain('Telefone: (43) 99999-8888');
    expect(text).not.toMatch(/ceo-proprietario|idempotency|request_hash/);
    const start = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })
      .format(booked.startsAt).replace(', ', ' às ');
    expect(text).toContain(`Reunião de Consultoria Empresarial em ${start} com Carla Mendes (agendada)`);
    // A consultant may not read it.
    expect((await call('GET', `/api/painel/leads/${booked.leadId}/dados?formato=texto`, { cookie: await signIn(ANA) })).status).toBe(403);
  });
});
