// The painel's calendar field (Equipe, `feed`) is no window on the functions' network (issue #36 L7):
// outside local use only https:// or webcal://, and never a loopback, private, link-local or
// localhost host; the same parser serves `npm run consultants`. Local use (CONTEXT=dev) keeps http and
// loopback feeds for development.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliCopy, InputError, parseCommand } from '../../functions/lib/admin/consultants';
import { MENTOR, painelClient } from './painel-helpers';
import { storeCases, type Opened } from './stores';

const ANA = 'ana.souza@consultores.example.com';

describe('the calendar feed field', () => {
  let opened: Opened;
  const { call, signIn } = painelClient(() => opened);
  beforeAll(async () => {
    opened = await storeCases(null)[0].open();
  });
  afterAll(() => opened.close());

  it('refuses http:// and internal hosts in Equipe, and stores nothing', async () => {
    const cookie = await signIn(MENTOR);
    const refused: [string, string][] = [
      ['http://calendar.example.com/x.ics', cliCopy.feedUrl],
      ['https://127.0.0.1/x.ics', cliCopy.feedInternal],
      ['https://169.254.169.254/latest/meta-data/', cliCopy.feedInternal],
      ['https://10.0.0.5/agenda.ics', cliCopy.feedInternal],
      ['https://[::1]/x.ics', cliCopy.feedInternal],
      ['https://[::ffff:127.0.0.1]/x.ics', cliCopy.feedInternal],
      ['webcal://localhost:8080/x.ics', cliCopy.feedInternal],
      ['https://intranet/x.ics', cliCopy.feedInternal],
      ['https://2130706433/x.ics', cliCopy.feedInternal],
    ];
    for (const [url, message] of refused) {
      const res = await call('POST', '/api/painel/equipe', { cookie, body: { command: 'feed', args: [ANA, url] } });
      expect(res.status, url).toBe(400);
      expect((await res.json()).error, url).toBe(message);
    }
    // A public webcal:// address passes the guard and is read once before it is saved (issue 33): this one
    // does not answer here, so it is refused with the reason and what to copy, and nothing is stored.
    const unread = await call('POST', '/api/painel/equipe', { cookie, body: { command: 'feed', args: [ANA, 'webcal://calendar.example.com/ana.ics'] } });
    expect(unread.status).toBe(400);
    expect((await unread.json()).error).toBe(cliCopy.feedRefused('silent'));
    const [{ n }] = await opened.query<{ n: number }>('select count(*)::int as n from calendar_feeds');
    expect(n).toBe(0);
  });

  it('keeps http and loopback feeds for local use only', () => {
    const feed = (url: string, localUse: boolean) => parseCommand(['feed', ANA, url], opened.app.env.scheduling, { localUse });
    expect(feed('http://127.0.0.1:9/agenda.ics', true).command).toMatchObject({ action: 'feed', url: 'http://127.0.0.1:9/agenda.ics' });
    expect(() => feed('http://127.0.0.1:9/agenda.ics', false)).toThrow(InputError);
  });
});
