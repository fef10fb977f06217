// Who may enter the console and what each person reaches: sign-in codes, sessions and their cookie,
// origin checks, and every endpoint × {no session, expired session, consultant A, consultant B, mentor}.
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { CODE_TTL_SECONDS, SESSION_IDLE_SECONDS } from '../../functions/lib/painel/auth';
import { createPainelHandler, routes } from '../../functions/lib/painel/router';
import { config as painelFunction } from '../../functions/painel';
import { ANA, BRUNO, bookMeeting, cookieOf, MENTOR, painelClient, PRESELLERS, SITE } from './painel-helpers';
import { storeCases, type Opened } from './stores';

const DORA = 'dora.lima@consultores.example.com';
const EVA = 'eva.reis@consultores.example.com';

describe.each(storeCases(inject('postgresUrl')))('painel access on $name', (store) => {
  let opened: Opened;
  // Real time, moved forward by `skew` where a test needs a code or a session to age.
  let skew = 0;
  const client = painelClient(() => opened);
  const { call, codeFor, signIn } = client;
  /** A POST as a browser that sends Sec-Fetch-Site and no Origin. */
  const handlerCall = (path: string, cookie: string, headers: Record<string, string>) =>
    createPainelHandler(async () => opened.app)(new Request(`${SITE}${path}`, {
      method: 'POST', headers: { 'content-type': 'application/json', cookie: `__Host-painel=${cookie}`, ...headers }, body: '{}',
    }), { ip: '198.51.100.9' });
  let anaMeeting: { leadId: string; meetingId: string; startsAt: Date };
  let brunoMeeting: { leadId: string; meetingId: string; startsAt: Date };

  beforeAll(async () => {
    opened = await store.open({ now: () => new Date(Date.now() + skew) });
    anaMeeting = await bookMeeting(opened.app, { email: 'lead.a@empresa-a.com.br', presellerId: PRESELLERS.ana, time: '10:00' });
    brunoMeeting = await bookMeeting(opened.app, { email: 'lead.b@empresa-b.com.br', presellerId: PRESELLERS.bruno, time: '11:00' });
    // Two more consultants for the tests that use up an address's codes of the hour.
    await opened.app.store.consultants({ action: 'add', name: 'Dora Lima', email: DORA });
    await opened.app.store.consultants({ action: 'add', name: 'Eva Reis', email: EVA });
  });
  afterAll(() => opened.close());

  it('answers "Receber código" alike for any address, and mails only one that may enter', async () => {
    const allowed = await call('POST', '/api/painel/codigo', { body: { email: ANA } });
    const refused = await call('POST', '/api/painel/codigo', { body: { email: 'estranho@example.com' } });
    expect(allowed.status).toBe(202);
    expect(refused.status).toBe(202);
    expect(await refused.json()).toEqual(await allowed.json());
    expect(await codeFor(ANA)).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(await codeFor('estranho@example.com')).toBeNull();
    // Stored hashed only, and the stored mail body holds a placeholder, never the code.
    const [row] = await opened.query<{ code_hash: string }>(`select code_hash from painel_codes where email = $1`, [ANA]);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    const code = (await codeFor(ANA))!;
    const stored = await opened.query<{ body: string }>(`select message::text as body from outbox where kind = 'painel-code'`);
    expect(stored.some((r) => r.body.includes(code))).toBe(false);
  });

  it('refuses an IP at its 5th wrong try at an address, refuses an expired code, and never opens another address', async () => {
    await call('POST', '/api/painel/codigo', { body: { email: BRUNO }, ip: '198.51.100.1' });
    const good = (await codeFor(BRUNO))!;
    const wrong = good === '22222222' ? '33333333' : '22222222';
    for (let i = 0; i < 5; i++) {
      expect((await call('POST', '/api/painel/entrar', { body: { email: BRUNO, code: wrong }, ip: '198.51.100.1' })).status).toBe(400);
    }
    const dead = await call('POST', '/api/painel/entrar', { body: { email: BRUNO, code: good }, ip: '198.51.100.1' });
    expect(dead.status).toBe(429);
    expect((await dead.json()).error).toMatch(/^Muitas tentativas\. Tente de novo às \d\d:\d\d\.$/);

    await call('POST', '/api/painel/codigo', { body: { email: BRUNO }, ip: '198.51.100.2' });
    const fresh = (await codeFor(BRUNO))!;
    // Bruno's code does not open Ana's account.
    expect((await call('POST', '/api/painel/entrar', { body: { email: ANA, code: fresh }, ip: '198.51.100.2' })).status).toBe(400);
    skew = (CODE_TTL_SECONDS + 1) * 1000;
    expect((await call('POST', '/api/painel/entrar', { body: { email: BRUNO, code: fresh }, ip: '198.51.100.2' })).status).toBe(400);
    skew = 0;
  });

  it('sets the session cookie __Host-, HttpOnly, Secure, SameSite=Strict, Path=/; a used code is gone', async () => {
    const logged: string[] = [];
    const spies = (['log', 'info', 'warn', 'error'] as const).map((level) => vi.spyOn(console, level).mockImplementation((...args) => void logged.push(args.join(' '))));
    await call('POST', '/api/painel/codigo', { body: { email: MENTOR }, ip: '198.51.100.3' });
    await opened.app.outbox.idle();
    const code = (await codeFor(MENTOR))!;
    const res = await call('POST', '/api/painel/entrar', { body: { email: MENTOR.toUpperCase(), code: code.toLowerCase() }, ip: '198.51.100.3' });
    expect(res.status).toBe(200);
    const header = res.headers.get('set-cookie')!;
    expect(header).toMatch(/^__Host-painel=[\w-]{32}; /);
    for (const flag of ['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/']) expect(header.split('; ')).toContain(flag);
    expect(header).not.toMatch(/Domain=/i);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-robots-tag')).toMatch(/noindex/);
    expect((await call('POST', '/api/painel/entrar', { body: { email: MENTOR, code }, ip: '198.51.100.3' })).status).toBe(400);
    const [{ n }] = await opened.query<{ n: number }>(`select count(*)::int as n from painel_sessions where token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`, [cookieOf(res)]);
    expect(n).toBe(1);
    spies.forEach((spy) => spy.mockRestore());
    // Nothing logged carries the code, the session token or the address.
    for (const secret of [code, cookieOf(res)!, MENTOR]) expect(logged.join('\n')).not.toContain(secret);
  });

  it('takes Sec-Fetch-Site over Origin: same-origin passes, same-site, cross-site and none are refused', async () => {
    const cookie = await signIn(ANA, '198.51.100.9');
    const post = (site: string) => handlerCall('/api/painel/sair', cookie, { 'sec-fetch-site': site });
    for (const site of ['cross-site', 'same-site', 'none']) expect((await post(site)).status, site).toBe(403);
    expect((await call('GET', '/api/painel/reunioes', { cookie })).status).toBe(200);
    expect((await post('same-origin')).status).toBe(204);
    expect((await call('GET', '/api/painel/reunioes', { cookie })).status).toBe(401);
  });

  it('limits codes to 5 an hour per address and IP with the same 429 for an address that may enter and one that may not', async () => {
    const answers = async (email: string, ip: string) => {
      const out: string[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await call('POST', '/api/painel/codigo', { body: { email }, ip });
        // The time to try again is each address's own first request + 1 h: compared without it.
        out.push(`${res.status} ${JSON.stringify(await res.json()).replace(/\d\d:\d\d/, 'HH:MM')}`);
      }
      return out;
    };
    const allowed = await answers(DORA, '192.0.2.10');
    const refused = await answers('ninguem@example.org', '192.0.2.11');
    expect(allowed.slice(0, 5).every((a) => a.startsWith('202'))).toBe(true);
    expect(allowed[5]).toMatch(/^429/);
    expect(refused).toEqual(allowed);
  });

  it('keeps a session used every 11 hours alive, and ends it 7 days after sign-in whatever the use', async () => {
    const cookie = await signIn(EVA, '198.51.100.10');
    for (let day = 0; day < 13; day++) {
      skew = (day + 1) * 11 * 3600_000;
      const expected = skew < 7 * 24 * 3600_000 ? 200 : 401;
      expect((await call('GET', '/api/painel/reunioes', { cookie })).status, `after ${(day + 1) * 11} h`).toBe(expected);
      if (expected === 401) break;
    }
    skew = 0;
  });

  it('refuses a POST from another origin, or with no origin at all', async () => {
    const cookie = await signIn(MENTOR, '198.51.100.4');
    const path = `/api/painel/reunioes/${anaMeeting.meetingId}/desfecho`;
    const body = { attendance: 'attended', qualified: true };
    expect((await call('POST', path, { body, cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect((await call('POST', path, { body, cookie, origin: null })).status).toBe(403);
    expect((await call('POST', '/api/painel/sair-de-todos', { cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect((await call('GET', '/api/painel/sessao', { cookie })).status).toBe(200);
  });

  it('"Sair de todos os aparelhos" makes every other cookie fail', async () => {
    const phone = await signIn(ANA, '198.51.100.5');
    const laptop = await signIn(ANA, '198.51.100.5');
    const other = await signIn(BRUNO, '198.51.100.5');
    expect((await call('POST', '/api/painel/sair-de-todos', { cookie: phone })).status).toBe(204);
    expect((await call('GET', '/api/painel/reunioes', { cookie: laptop })).status).toBe(401);
    expect((await call('GET', '/api/painel/reunioes', { cookie: phone })).status).toBe(401);
    expect((await call('GET', '/api/painel/sessao', { cookie: other })).status).toBe(200);
  });

  it('ends a session idle 12 h, and a consultant\'s at once when deactivated', async () => {
    const cookie = await signIn(MENTOR, '198.51.100.6');
    skew = (SESSION_IDLE_SECONDS + 60) * 1000;
    expect((await call('GET', '/api/painel/reunioes', { cookie })).status).toBe(401);
    skew = 0;
    const carla = await signIn('carla.mendes@consultores.example.com', '198.51.100.6');
    expect((await call('GET', '/api/painel/sessao', { cookie: carla })).status).toBe(200);
    await opened.app.store.consultants({ action: 'deactivate', email: 'carla.mendes@consultores.example.com' });
    expect((await call('GET', '/api/painel/reunioes', { cookie: carla })).status).toBe(401);
  });

  it('answers every endpoint per person: no session, expired, consultant A, consultant B, mentor', async () => {
    const mentor = await signIn(MENTOR, '198.51.100.7');
    const a = await signIn(ANA, '198.51.100.7');
    const b = await signIn(BRUNO, '198.51.100.7');
    const expired = await signIn(BRUNO, '198.51.100.7');
    await opened.query(`update painel_sessions set expires_at = now() - interval '1 minute' where token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`, [expired]);
    // A's meeting and lead; B must get 404 for them (and A for B's).
    const m = anaMeeting.meetingId;
    const l = anaMeeting.leadId;
    type Row = [string, string, unknown, Record<'none' | 'expired' | 'a' | 'b' | 'mentor', number>];
    const all = (n: number) => ({ none: 401, expired: 401, a: n, b: n, mentor: n });
    const mentorOnly = (n: number) => ({ none: 401, expired: 401, a: 403, b: 403, mentor: n });
    const deal = { stage: 'proposta_enviada', valueCents: 100_000, billing: 'avulso', months: null, expectedCloseOn: null, lostReason: null, lostNote: null };
    const matrix: Row[] = [
      // Signed out is the sign-in screen's answer: 200 null (checked below), not an error.
      ['GET', '/api/painel/sessao', undefined, { none: 200, expired: 200, a: 200, b: 200, mentor: 200 }],
      ['GET', '/api/painel/reunioes', undefined, all(200)],
      ['GET', `/api/painel/reunioes/${m}`, undefined, { none: 401, expired: 401, a: 200, b: 404, mentor: 200 }],
      ['GET', `/api/painel/reunioes/${brunoMeeting.meetingId}`, undefined, { none: 401, expired: 401, a: 404, b: 200, mentor: 200 }],
      // Before the meeting starts: no outcome yet (409), for whoever may record it.
      ['POST', `/api/painel/reunioes/${m}/desfecho`, { attendance: 'attended', qualified: true }, { none: 401, expired: 401, a: 409, b: 404, mentor: 409 }],
      // "Cancelar reunião" without a reason: refused before anything is looked up (painel-cancel.test.ts cancels real ones).
      ['POST', `/api/painel/reunioes/${m}/cancelar`, { reason: '' }, { none: 401, expired: 401, a: 400, b: 400, mentor: 400 }],
      // "Reagendar" to a day long gone: not a time to move to (400) for whoever may move it; B's is not theirs.
      ['POST', `/api/painel/reunioes/${m}/reagendar`, { scheduledDate: '2020-01-06', scheduledTime: '10:00', consultant: 'same', idempotencyKey: 'chave-de-teste-1' },
        { none: 401, expired: 401, a: 400, b: 404, mentor: 400 }],
      // "Enviar link para reagendar": A sends it; the mentor's press right after is the 10 minutes' refusal (429).
      ['POST', `/api/painel/reunioes/${m}/link-reagendar`, undefined, { none: 401, expired: 401, a: 200, b: 404, mentor: 429 }],
      // A meeting left by a day off or a deactivation: a screen that saw another consultant is refused (409,
      // orphaned-meetings.test.ts moves and keeps real ones); "Manter" without what the screen saw is 400.
      ['POST', `/api/painel/reunioes/${m}/outro-consultor`, { consultantId: crypto.randomUUID(), startsAt: '2026-12-01T13:00:00Z', idempotencyKey: 'chave-de-teste-2' },
        { none: 401, expired: 401, a: 409, b: 404, mentor: 409 }],
      ['POST', `/api/painel/reunioes/${m}/manter`, {}, { none: 401, expired: 401, a: 400, b: 400, mentor: 400 }],
      ['GET', '/api/painel/reunioes/contagem', undefined, all(200)],
      ['GET', '/api/painel/leads', undefined, all(200)],
      ['GET', `/api/painel/leads/${l}`, undefined, { none: 401, expired: 401, a: 200, b: 404, mentor: 200 }],
      ['GET', `/api/painel/leads/${brunoMeeting.leadId}`, undefined, { none: 401, expired: 401, a: 404, b: 200, mentor: 200 }],
      ['GET', `/api/painel/leads/${l}/dados`, undefined, mentorOnly(200)],
      ['GET', `/api/painel/leads/${l}/excluir`, undefined, mentorOnly(200)],
      ['POST', `/api/painel/leads/${l}/excluir`, { confirm: 'not-the-email@x.com' }, mentorOnly(400)],
      // "Reenviar" of a delivery this lead does not have (painel-integrations.test.ts resends real ones).
      ['POST', `/api/painel/leads/${l}/reenviar`, { delivery: crypto.randomUUID() }, mentorOnly(404)],
      // Negociações: A's lead is A's and the mentor's (B: 404, as if it did not exist); a change of a deal no one has is 404.
      ['GET', `/api/painel/leads/${l}/negociacoes`, undefined, { none: 401, expired: 401, a: 200, b: 404, mentor: 200 }],
      ['POST', `/api/painel/leads/${l}/negociacoes`, deal, { none: 401, expired: 401, a: 201, b: 404, mentor: 201 }],
      ['POST', `/api/painel/negociacoes/${crypto.randomUUID()}`, { ...deal, updatedAt: '2026-12-01T12:00:00Z' }, all(404)],
      // Every deal in the viewer's scope as CSV (deals.test.ts checks what each one gets).
      ['GET', '/api/painel/exportar/negociacoes', undefined, all(200)],
      ['GET', '/api/painel/exportar/reunioes', undefined, mentorOnly(200)],
      ['GET', '/api/painel/exportar/leads', undefined, mentorOnly(200)],
      ['GET', '/api/painel/equipe', undefined, mentorOnly(200)],
      ['POST', '/api/painel/equipe', { command: 'hours', args: ['nobody@x.com', 'seg-sex 09:00-18:00'] }, mentorOnly(400)],
      ['GET', '/api/painel/atividade', undefined, mentorOnly(200)],
      ['GET', '/api/painel/relatorio', undefined, mentorOnly(200)],
      // Hoje and Números: everyone signed in, each with their own numbers (painel-numbers.test.ts).
      ['GET', '/api/painel/hoje', undefined, all(200)],
      ['GET', '/api/painel/numeros', undefined, all(200)],
      ['GET', '/api/painel/exportar/numeros?tabela=funil', undefined, all(200)],
      // Qual campanha paga: everyone, a consultant with their own people and deals and no spend (campaign-money.test.ts).
      ['GET', '/api/painel/numeros/campanhas', undefined, all(200)],
      ['GET', '/api/painel/exportar/campanhas', undefined, all(200)],
      // Gastos com anúncios: the mentor's; a JSON body is not a file (415), an unknown import 404, an empty map save 400 (spend-import.test.ts).
      ['GET', '/api/painel/gastos', undefined, mentorOnly(200)],
      ['POST', '/api/painel/gastos', {}, mentorOnly(415)],
      ['POST', `/api/painel/gastos/${crypto.randomUUID()}/desfazer`, undefined, mentorOnly(404)],
      ['POST', '/api/painel/campanhas', {}, mentorOnly(400)],
      // Reuniões da semana: everyone signed in, a consultant's own meetings only (painel-week-mail.test.ts).
      ['GET', '/api/painel/semana', undefined, all(200)],
      // Regras and Integrações: the mentor's; a save or resend that says nothing valid is refused (400).
      ['GET', '/api/painel/regras', undefined, mentorOnly(200)],
      ['POST', '/api/painel/regras', {}, mentorOnly(400)],
      ['POST', '/api/painel/regras/pausa', {}, mentorOnly(400)],
      ['GET', '/api/painel/integracoes', undefined, mentorOnly(200)],
      ['GET', '/api/painel/integracoes/lembrete', undefined, mentorOnly(200)],
      ['POST', '/api/painel/integracoes/reenviar', { target: 'nenhum' }, mentorOnly(400)],
      // Conversions for the ads and the measurement basis: the mentor's (conversions.test.ts sends real ones).
      ['GET', '/api/painel/integracoes/conversoes', undefined, mentorOnly(200)],
      ['GET', `/api/painel/leads/${l}/conversoes`, undefined, mentorOnly(200)],
      ['POST', `/api/painel/leads/${l}/conversoes/reenviar`, { id: crypto.randomUUID() }, mentorOnly(404)],
      ['GET', '/api/painel/medicao', undefined, mentorOnly(200)],
      ['POST', '/api/painel/medicao', { basis: 'nenhuma' }, mentorOnly(400)],
      // Google's file: the names and a new secret link (google-file.test.ts reads the files).
      ['GET', '/api/painel/google-arquivo', undefined, mentorOnly(200)],
      ['POST', '/api/painel/google-arquivo', {}, mentorOnly(400)],
      ['POST', '/api/painel/google-arquivo/novo-link', undefined, mentorOnly(200)],
      // WhatsApp: its card is the mentor's; the show rate by channel is everyone's, each in their scope.
      ['GET', '/api/painel/integracoes/whatsapp', undefined, mentorOnly(200)],
      ['GET', '/api/painel/numeros/whatsapp', undefined, all(200)],
      // Minha agenda: a consultant's own; the mentor here takes no meetings (404); nobody changes another's (403).
      ['GET', '/api/painel/minha-agenda', undefined, { none: 401, expired: 401, a: 200, b: 200, mentor: 404 }],
      ['POST', '/api/painel/minha-agenda', { command: 'hours', args: ['nobody@x.com', 'seg-sex 09:00-18:00'] }, { none: 401, expired: 401, a: 403, b: 403, mentor: 403 }],
    ];
    // Every route of the router is in the matrix (sign-in and sign-out are tested above).
    const covered = new Set(matrix.map(([method, path]) => `${method} ${path.split('?')[0].replace(/[0-9a-f-]{36}/g, '*').replace('/api/painel/', '')}`));
    const open = ['POST codigo', 'POST entrar', 'POST sair', 'POST sair-de-todos'];
    expect(routes.map((r) => `${r.method} ${r.path.join('/')}`).filter((r) => !open.includes(r)).sort()).toEqual([...covered].sort());
    // …and reaches the function at all: Netlify (and npm start) route only the function's paths to it.
    const depths = new Set([painelFunction.path].flat().map((p) => p!.split('/').length - 3));
    expect(routes.filter((r) => !depths.has(r.path.length)).map((r) => r.path.join('/'))).toEqual([]);

    const cookies = { none: null, expired, a, b, mentor };
    const got: string[] = [];
    const want: string[] = [];
    for (const [method, path, body, expected] of matrix) {
      for (const [who, cookie] of Object.entries(cookies)) {
        const res = await call(method, path, { body, cookie });
        got.push(`${method} ${path} ${who} → ${res.status}`);
        want.push(`${method} ${path} ${who} → ${expected[who as keyof typeof expected]}`);
        expect(res.headers.get('cache-control')).toBe('private, no-store');
        expect(res.headers.get('x-robots-tag')).toMatch(/noindex/);
        await res.body?.cancel();
      }
    }
    expect(got).toEqual(want);
    expect(await (await call('GET', '/api/painel/sessao', { cookie: expired })).json()).toBeNull();
    expect(await (await call('GET', '/api/painel/sessao', {})).json()).toBeNull();
    expect(await (await call('GET', '/api/painel/sessao', { cookie: a })).json()).toMatchObject({ email: ANA, role: 'consultor', name: 'Ana Souza' });
  });

  it('answers bad input with a pt-BR 4xx, never a 500', async () => {
    const cookie = await signIn(MENTOR, '198.51.100.8');
    const bad: [string, string, string?][] = [
      ['GET', '/api/painel/reunioes?aba=todas'],
      ['GET', '/api/painel/reunioes?consultor=ana'],
      ['GET', '/api/painel/reunioes?de=2026-02-30'],
      ['GET', '/api/painel/reunioes?de=2026-03-10&ate=2026-03-01'],
      ['GET', '/api/painel/reunioes?cursor=%%%'],
      ['GET', '/api/painel/reunioes?ate=9999-12-31'],
      ['GET', '/api/painel/leads?de=0000-01-01'],
      ['GET', '/api/painel/exportar/leads?ate=9999-12-31'],
      ['GET', `/api/painel/leads?cursor=${Buffer.from('{"t":"0000-01-01T00:00:00Z","id":"00000000-0000-4000-8000-000000000000"}').toString('base64url')}`],
      ['GET', `/api/painel/reunioes?cursor=${Buffer.from('{"t":"x","id":"y"}').toString('base64url')}`],
      ['GET', '/api/painel/leads?segmento=padaria'],
      ['GET', '/api/painel/numeros/campanhas?periodo=personalizado&de=2020-01-01&ate=2026-12-31'],
      ['GET', '/api/painel/exportar/campanhas?periodo=personalizado&de=2026-02-30&ate=2026-03-01'],
      ['GET', `/api/painel/leads?busca=${'a'.repeat(101)}`],
      ['GET', '/api/painel/leads?busca=a&busca=b'],
      ['GET', '/api/painel/reunioes/nao-e-um-id'],
      ['GET', '/api/painel/atividade?cursor=e30'],
      ['POST', '/api/painel/reunioes/00000000-0000-4000-8000-000000000000/desfecho', '{"attendance":"talvez"}'],
      ['POST', '/api/painel/reunioes/00000000-0000-4000-8000-000000000000/desfecho', '{"attendance":"attended","qualified":true,"note":"' + 'x'.repeat(1001) + '"}'],
      ['POST', '/api/painel/reunioes/00000000-0000-4000-8000-000000000000/desfecho', '[1,2'],
      ['POST', '/api/painel/equipe', '{"command":"rm","args":[]}'],
      ['POST', '/api/painel/equipe', '{"command":"add","args":["x"]}'],
      ['POST', '/api/painel/equipe', '{"command":"feed","args":["ana.souza@consultores.example.com","javascript:alert(1)"]}'],
      ['POST', '/api/painel/codigo', '{"email":"não é email"}'],
      ['POST', '/api/painel/entrar', '{"email":"a@b.com","code":{"$ne":1}}'],
      ['GET', '/api/painel/inexistente'],
      ['DELETE', '/api/painel/leads'],
    ];
    for (const [method, path, raw] of bad) {
      const res = await call(method === 'DELETE' ? 'DELETE' : method, path, { cookie, raw });
      const text = await res.text();
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      if (method !== 'HEAD') expect(JSON.parse(text).error, `${method} ${path}`).toMatch(/[a-zà-ú]/i);
    }
  });
});
