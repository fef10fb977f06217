// The mentor's files: "Exportar CSV" of a filtered list as Excel in pt-BR reads it, and a lead's
// "Exportar dados" / "Excluir dados" — the same export and erasure as `npm run data-subject`, .eml included.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuePendingOutcomesMail } from '../../functions/lib/painel/daily-mail';
import { painelMessages } from '../../src/domain/painel/copy';
import { openTestApp, type TestApp } from './helpers';
import { bookMeeting, MENTOR, painelClient, PRESELLERS } from './painel-helpers';
import type { Opened } from './stores';

describe('painel files on PGlite, mail written to .eml', () => {
  let app: TestApp;
  let opened: Opened;
  let cookie: string;
  let injected: { leadId: string; meetingId: string };
  const { call, signIn } = painelClient(() => opened);

  beforeAll(async () => {
    app = await openTestApp({ send: 'real' });
    opened = { app, query: async (sql, params = []) => (await app.store.db.query(sql, params)).rows as never, close: () => app.close() };
    injected = await bookMeeting(app, { email: 'hyper@link.com.br', presellerId: PRESELLERS.ana, nome: '=HYPERLINK("x")', empresa: 'Ação & Cia', cnpj: '11.222.333/0001-81' });
    await bookMeeting(app, { email: 'outra@empresa.com.br', presellerId: PRESELLERS.bruno, time: '15:00', nome: 'Outra Pessoa', cnpj: '45.723.174/0001-10' });
    cookie = await signIn(MENTOR);
    await app.outbox.idle();
  });
  afterAll(() => app.close());

  it('exports the filtered leads as UTF-8 with BOM, ";" and CRLF, formulas defused, CNPJ formatted', async () => {
    const res = await call('GET', '/api/painel/exportar/leads?busca=hyper', { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}-busca\.csv"$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text).not.toMatch(/^sep=/);
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(2);
    const [header, row] = parse(text, { delimiter: ';', record_delimiter: '\r\n' }) as string[][];
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('Nome')).toBe(`'=HYPERLINK("x")`);
    expect(cell('Empresa')).toBe('Ação & Cia');
    expect(cell('CNPJ')).toBe('11.222.333/0001-81');
    expect(cell('Data')).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });

  it('exports the meetings of one consultant only', async () => {
    const res = await call('GET', `/api/painel/exportar/reunioes?aba=proximas&consultor=${PRESELLERS.bruno}`, { cookie });
    const rows = parse(Buffer.from(await res.arrayBuffer()).subarray(3).toString('utf8'), { delimiter: ';' }) as string[][];
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('Outra Pessoa');
  });

  it('exports what the console recorded (history, outcome), and an erasure takes the morning mail that named the person', async () => {
    const third = await bookMeeting(app, { email: 'terceira@empresa.com.br', presellerId: PRESELLERS.carla, time: '16:00', nome: 'Terceira Pessoa', cnpj: '04.252.011/0001-10' });
    // Both meetings took place an hour ago (moved in the database, as time would).
    await opened.query(`update meetings m set starts_at = now() - interval '60 minutes', ends_at = now() - interval '30 minutes'
      from leads l where l.id = m.lead_id and l.email in ('terceira@empresa.com.br', 'outra@empresa.com.br')`);
    const outcome = await call('POST', `/api/painel/reunioes/${third.meetingId}/desfecho`, { cookie, body: { attendance: 'attended', qualified: false, note: 'Sem orçamento este ano.' } });
    expect(outcome.status).toBe(200);
    const exported = await (await call('GET', `/api/painel/leads/${third.leadId}/dados`, { cookie })).json();
    const [meeting] = exported.leads[0].meetings;
    expect(meeting.outcomes).toMatchObject([{ attendance: 'attended', qualified: false, note: 'Sem orçamento este ano.', recorded_by: MENTOR }]);
    expect(meeting.history.map((e: { kind: string }) => e.kind)).toEqual(['booked', 'rescheduled']);

    expect(await queuePendingOutcomesMail(app)).toBe(true);
    const [daily] = await opened.query<{ message: { text: string } }>(`select message from outbox where kind = 'painel-pending-outcomes'`);
    expect(daily.message.text).toContain('Outra Pessoa');
    const outra = (await opened.query<{ id: string }>(`select id from leads where email = 'outra@empresa.com.br'`))[0].id;
    expect((await call('POST', `/api/painel/leads/${outra}/excluir`, { cookie, body: { confirm: 'outra@empresa.com.br' } })).status).toBe(200);
    expect(await opened.query(`select 1 from outbox where kind = 'painel-pending-outcomes'`)).toEqual([]);
  });

  it('exports a lead\'s data as the data-subject command does, and erases it only when confirmed', async () => {
    const data = await call('GET', `/api/painel/leads/${injected.leadId}/dados`, { cookie });
    expect(data.headers.get('content-disposition')).toContain('attachment');
    const exported = await data.json();
    expect(exported).toEqual({ ...(await app.store.exportPersonData('hyper@link.com.br')), exported_at: expect.any(String) });
    expect(exported.leads[0].meetings).toHaveLength(1);

    const files = async () => (await readdir(join(app.dataDir, 'outbox'))).filter((n) => n.endsWith('.eml'));
    await app.outbox.idle();
    const before = await files();
    const refused = await call('POST', `/api/painel/leads/${injected.leadId}/excluir`, { cookie, body: { confirm: 'outra@empresa.com.br' } });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe(painelMessages.confirmErase);
    const erased = await call('POST', `/api/painel/leads/${injected.leadId}/excluir`, { cookie, body: { confirm: ' HYPER@link.com.br ' } });
    expect(erased.status).toBe(200);
    const counts = await erased.json();
    expect(counts).toMatchObject({ leads: 1, meetings: 1 });
    expect(counts.files).toBeGreaterThan(0);
    expect((await files()).length).toBe(before.length - counts.files);
    expect(await opened.query(`select 1 from leads where email = 'hyper@link.com.br'`)).toEqual([]);
    expect((await call('GET', `/api/painel/leads/${injected.leadId}`, { cookie })).status).toBe(404);
    // Logged by what was done, never by whom it was done to.
    const log = await opened.query<{ action: string; subject: string }>(`select action, subject from painel_activity where action in ('erase', 'export_data', 'export_csv') order by id`);
    expect(log.map((l) => l.action)).toEqual(['export_csv', 'export_csv', 'export_data', 'erase', 'export_data', 'erase']);
    expect(JSON.stringify(log)).not.toContain('hyper@');
  });
});
