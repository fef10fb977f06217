// Google Ads' offline-conversion files through the real endpoints on PGlite and PostgreSQL: the mentor makes
// the secret link in the painel (shown once, stored as a hash), the files list the gclid row and the hashed
// row with São Paulo times and pass the format's validator, only leads with a measurement basis and within
// the 90-day window appear, a rotated or unknown link is a 404, names are the mentor's, and bodies no form
// sends get a 400 in pt-BR that changes nothing.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { googleTime } from '../../functions/lib/conversions/google-file';
import { hashedContacts } from '../../functions/lib/conversions/hashed-contacts';
import { createGoogleFileHandler } from '../../functions/lib/handlers/google-file';
import { googleFileCopy, googleFilePaths, type GoogleFileLink, type GoogleFileStatus } from '../../src/domain/painel/google-file';
import { checkGoogleFile } from '../support/google-file-validator';
import { ANA, bookMeeting, MENTOR, painelClient, PRESELLERS, SITE } from './painel-helpers';
import { storeCases, type Opened } from './stores';

const DAY = 86_400_000;
const DEFAULT_NAMES = ['Reunião qualificada', 'Negócio ganho'];

describe.each(storeCases(inject('postgresUrl')))('Google Ads conversion files on $name', (store) => {
  let opened: Opened;
  const { call, signIn } = painelClient(() => opened);
  let mentor: string;
  let file: ReturnType<typeof createGoogleFileHandler>;
  const now = Date.now();
  const qualifiedAt = new Date(now - 2 * DAY);
  const wonAt = new Date(now - DAY);
  let byClick: { leadId: string; meetingId: string };
  let byContact: { leadId: string; meetingId: string };
  let noBasis: { leadId: string; meetingId: string };
  let tooOld: { leadId: string; meetingId: string };

  const fetchFile = (url: string, method = 'GET') => {
    const [token, name] = new URL(url).pathname.split('/').slice(-2);
    return file(new Request(url, { method }), { params: { token, file: name } });
  };
  const qualify = (meetingId: string, at: Date) => opened.query(
    `insert into meeting_outcomes (meeting_id, attendance, qualified, recorded_by, recorded_at) values ($1, 'attended', true, $2, $3)`,
    [meetingId, MENTOR, at.toISOString()]);
  const setBasis = (leadId: string) => opened.query(
    `update leads set measurement_basis = 'consentimento', measurement_basis_version = '2026-12-01', measurement_basis_at = created_at where id = $1`, [leadId]);

  beforeAll(async () => {
    opened = await store.open();
    file = createGoogleFileHandler(async () => opened.app);
    byClick = await bookMeeting(opened.app, { email: 'lia@solarnorte.com.br', presellerId: PRESELLERS.ana });
    byContact = await bookMeeting(opened.app, { email: 'Rui.Dias+ads@gmail.com', presellerId: PRESELLERS.ana, time: '11:00', telefone: '11987654321' });
    noBasis = await bookMeeting(opened.app, { email: 'sem-base@ventosul.com.br', presellerId: PRESELLERS.bruno, time: '14:00' });
    tooOld = await bookMeeting(opened.app, { email: 'antigo@ventosul.com.br', presellerId: PRESELLERS.bruno, time: '15:00' });
    await opened.query(`update leads set last_touch = jsonb_build_object('gclid', 'Cj0KCQiA-gclid_1', 'utm_source', 'google') where id = $1`, [byClick.leadId]);
    await opened.query(`update leads set first_touch = jsonb_build_object('gclid', 'Cj0KCQiA-nobasis') where id = $1`, [noBasis.leadId]);
    await opened.query(`update leads set first_touch = jsonb_build_object('gclid', 'Cj0KCQiA-old'), created_at = $2 where id = $1`,
      [tooOld.leadId, new Date(now - 120 * DAY).toISOString()]);
    for (const lead of [byClick, byContact, tooOld]) await setBasis(lead.leadId);
    for (const lead of [byClick, byContact, noBasis]) await qualify(lead.meetingId, qualifiedAt);
    await qualify(tooOld.meetingId, new Date(now - 3 * DAY));
    // A later qualified outcome of the same meeting does not move the conversion's time (Google would count it again).
    await qualify(byClick.meetingId, new Date(now - DAY / 2));
    await opened.query(
      `insert into deals (lead_id, created_by, stage, value_cents, billing, months, won_at, created_at, updated_at)
       values ($1, $2, 'ganho', 150000, 'mensal', 12, $3, $3, $3)`, [byContact.leadId, MENTOR, wonAt.toISOString()]);
    mentor = await signIn(MENTOR);
  });
  afterAll(() => opened.close());

  const status = async () => (await (await call('GET', googleFilePaths.status, { cookie: mentor })).json()) as GoogleFileStatus;
  const rotate = async () => {
    const res = await call('POST', googleFilePaths.rotate, { cookie: mentor });
    expect(res.status).toBe(200);
    return (await res.json()) as GoogleFileLink;
  };

  it('before any link: not linked, the default names', async () => {
    expect(await status()).toEqual({
      linked: false, linkedAt: null, lastFetchAt: null, lastFetchRows: null,
      names: { reuniao_qualificada: 'Reunião qualificada', negocio_ganho: 'Negócio ganho' },
    });
  });

  it('the link is shown once and only its hash is stored; the files list the right rows in São Paulo time', async () => {
    const link = await rotate();
    expect(link.linked).toBe(true);
    expect(link.links.clicks).toMatch(new RegExp(`^${SITE}/api/google-ads/conversoes/[A-Za-z0-9_-]{43}/cliques\\.csv$`));
    const token = link.links.clicks.split('/').at(-2)!;
    expect(link.links.contacts).toBe(`${SITE}/api/google-ads/conversoes/${token}/contatos.csv`);
    const [stored] = await opened.query<{ token_hash: string }>('select token_hash from google_conversion_file');
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await opened.query('select * from google_conversion_file'))).not.toContain(token);
    expect(JSON.stringify(await opened.query('select * from painel_activity'))).not.toContain(token);
    // The status never holds the link again.
    expect(JSON.stringify(await status())).not.toContain(token);

    const clicks = await fetchFile(link.links.clicks);
    expect(clicks.status).toBe(200);
    expect(clicks.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(clicks.headers.get('cache-control')).toBe('private, no-store');
    const clickCheck = checkGoogleFile(await clicks.text(), DEFAULT_NAMES);
    expect(clickCheck.problems).toEqual([]);
    expect(clickCheck.kind).toBe('click');
    // Only the lead with a basis, a click id and a stage within the window.
    expect(clickCheck.rows).toEqual([{
      'Google Click ID': 'Cj0KCQiA-gclid_1', GBRAID: '', WBRAID: '', 'Conversion Name': 'Reunião qualificada',
      'Conversion Time': googleTime(qualifiedAt), 'Conversion Value': '', 'Conversion Currency': 'BRL',
    }]);

    const contacts = await fetchFile(link.links.contacts);
    const text = await contacts.text();
    const contactCheck = checkGoogleFile(text, DEFAULT_NAMES);
    expect(contactCheck.problems).toEqual([]);
    const hashed = hashedContacts('google', { email: 'Rui.Dias+ads@gmail.com', telefone: '11987654321' });
    expect(contactCheck.rows).toEqual([
      { Email: hashed.email, 'Phone Number': hashed.phone, 'Conversion Name': 'Reunião qualificada', 'Conversion Time': googleTime(qualifiedAt), 'Conversion Value': '', 'Conversion Currency': 'BRL' },
      // 12 months of R$ 1.500,00.
      { Email: hashed.email, 'Phone Number': hashed.phone, 'Conversion Name': 'Negócio ganho', 'Conversion Time': googleTime(wonAt), 'Conversion Value': '18000.00', 'Conversion Currency': 'BRL' },
    ]);
    expect(text).not.toMatch(/rui|gmail|98765/i);

    const after = await status();
    // Both files' conversions: the click row and the two contact rows.
    expect(after.lastFetchRows).toBe(3);
    expect(after.lastFetchAt).not.toBeNull();
    // HEAD answers the same status without a body.
    expect((await fetchFile(link.links.clicks, 'HEAD')).status).toBe(200);
  });

  it('a new link: the old one answers 404 at once, as an unknown or malformed one does', async () => {
    const old = await rotate();
    const fresh = await rotate();
    expect(fresh.links.clicks).not.toBe(old.links.clicks);
    expect((await fetchFile(fresh.links.clicks)).status).toBe(200);
    const fake = 'A'.repeat(43);
    for (const url of [old.links.clicks, old.links.contacts, `${SITE}/api/google-ads/conversoes/${fake}/cliques.csv`,
      `${SITE}/api/google-ads/conversoes/curto/cliques.csv`, fresh.links.clicks.replace('cliques.csv', 'tudo.csv')]) {
      const res = await fetchFile(url);
      expect(res.status, url).toBe(404);
      expect(await res.json()).toEqual({ error: 'Arquivo não encontrado.' });
    }
    expect((await fetchFile(fresh.links.clicks, 'POST')).status).toBe(405);
    // A new link starts with no fetch of its own.
    expect((await rotate()).lastFetchAt).toBeNull();
  });

  it("names are the mentor's; bodies no form sends get a pt-BR 400 and change nothing; a consultant gets 403", async () => {
    const link = await rotate();
    const names = { reuniao_qualificada: ' Reunião qualificada (site) ', negocio_ganho: 'Venda, fechada' };
    const saved = await call('POST', googleFilePaths.status, { cookie: mentor, body: { names } });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as GoogleFileStatus).names).toEqual({ reuniao_qualificada: 'Reunião qualificada (site)', negocio_ganho: 'Venda, fechada' });
    const check = checkGoogleFile(await (await fetchFile(link.links.contacts)).text(), ['Reunião qualificada (site)', 'Venda, fechada']);
    expect(check.problems).toEqual([]);
    expect(check.rows.map((r) => r['Conversion Name'])).toEqual(['Reunião qualificada (site)', 'Venda, fechada']);

    const before = await opened.query('select names, updated_at from google_conversion_file');
    for (const body of [
      {}, { names: {} }, { names: { ...names, negocio_ganho: '' } }, { names: { ...names, negocio_ganho: '=HYPERLINK("x")' } },
      { names: { ...names, negocio_ganho: 'x'.repeat(101) } }, { names: { ...names, extra: 'x' } }, { names, token_hash: 'f'.repeat(64) },
    ]) {
      const res = await call('POST', googleFilePaths.status, { cookie: mentor, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ error: googleFileCopy.badName });
    }
    expect((await call('POST', googleFilePaths.status, { cookie: mentor, raw: '{"names":' })).status).toBe(400);
    expect((await call('POST', googleFilePaths.status, { cookie: mentor, body: { names: { ...names, negocio_ganho: 'a\u0000b' } } })).status).toBe(400);
    expect(await opened.query('select names, updated_at from google_conversion_file')).toEqual(before);

    const ana = await signIn(ANA);
    expect((await call('GET', googleFilePaths.status, { cookie: ana })).status).toBe(403);
    expect((await call('POST', googleFilePaths.rotate, { cookie: ana })).status).toBe(403);
    expect((await call('POST', googleFilePaths.rotate, { cookie: mentor, origin: 'https://evil.example' })).status).toBe(403);
  });

  it('an erased lead leaves the file at once', async () => {
    const link = await rotate();
    expect(checkGoogleFile(await (await fetchFile(link.links.contacts)).text(), DEFAULT_NAMES.concat('Reunião qualificada (site)', 'Venda, fechada')).rows).not.toEqual([]);
    const [{ email }] = await opened.query<{ email: string }>('select email from leads where id = $1', [byContact.leadId]);
    expect((await call('POST', `/api/painel/leads/${byContact.leadId}/excluir`, { cookie: mentor, body: { confirm: email } })).status).toBe(200);
    const after = checkGoogleFile(await (await fetchFile(link.links.contacts)).text(), []);
    expect(after.problems).toEqual([]);
    expect(after.rows).toEqual([]);
  });
});
