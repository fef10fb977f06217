// Bidi embeddings, overrides and isolates (U+202A–202E, U+2066–2069) never reach a stored lead, a mail
// subject or a painel note (issue #36 L3): they are removed by the shared text rules (src/domain/text.ts)
// in the name, the company, the "outro" segment, the UTM values and the outcome note.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import { cleanLine, cleanParagraph } from '../../src/domain/text';
import { key, postJson, validRequest } from './helpers';
import { storeCases, type Opened } from './stores';

const BIDI = /[\u202A-\u202E\u2066-\u2069]/u;
const touch = { utm_source: 'google\u202E', utm_campaign: '\u2066verão\u2069 2026', landing_path: '/orcamento' };

describe('bidi controls in user text', () => {
  let opened: Opened;
  beforeAll(async () => {
    opened = await storeCases(null)[0].open();
  });
  afterAll(() => opened.close());

  it('are removed from every line and paragraph, the letters kept', () => {
    expect(cleanLine('Ana \u202Egpj.exe\u202C Souza')).toBe('Ana gpj.exe Souza');
    expect(cleanLine('\u2067مرحبا\u2069 Solar')).toBe('مرحبا Solar');
    expect(cleanParagraph('Motivo \u202Dteste\u202C\nlinha 2')).toBe('Motivo teste\nlinha 2');
  });

  it('never reach the stored lead, its attribution or the mentor\'s notice', async () => {
    const res = await createLeadsHandler(async () => opened.app)(postJson('/api/leads', {
      ...validRequest, email: 'bidi@example.com', idempotencyKey: key(),
      nomeCompleto: 'Ana \u202Egpj.exe\u202C Souza', nomeEmpresa: 'Solar \u2066Norte\u2069', attribution: { first: touch, last: touch },
    }));
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const [lead] = await opened.query<{ nome: string; empresa: string; first_touch: unknown; last_touch: unknown }>(
      'select nome, empresa, first_touch, last_touch from leads where id = $1', [id]);
    expect(lead.nome).toBe('Ana gpj.exe Souza');
    expect(lead.empresa).toBe('Solar Norte');
    expect(lead.first_touch).toMatchObject({ utm_source: 'google', utm_campaign: 'verão 2026' });
    const mails = await opened.query<{ body: string }>('select message::text as body from outbox where lead_id = $1', [id]);
    expect(mails.length).toBeGreaterThan(0);
    for (const m of mails) expect(JSON.parse(m.body).subject ?? '').not.toMatch(BIDI);
    expect(JSON.stringify(lead)).not.toMatch(BIDI);
  });
});
