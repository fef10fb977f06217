// One origin and one sending domain by default (issue 22 item 3): the functions' SITE_URL default is the
// site's own (astro.config.mjs), and MAIL_FROM's default is on the contact address's domain.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { load } from 'js-yaml';
import { readFileSync } from 'node:fs';
import { defaultMailFrom, DEFAULT_SITE_URL, readEnv } from '../../functions/lib/env';

/** The contact address as the mentor edits it (content/site.yaml), its only home. */
const SITE_EMAIL = (load(readFileSync(new URL('../../content/site.yaml', import.meta.url), 'utf8')) as { email: string }).email;

/** 'Name <a@b>' → 'a@b'. */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('server defaults', () => {
  it('links: SITE_URL, else Netlify\'s URL, else the origin astro.config.mjs builds the site for', async () => {
    vi.stubEnv('SITE_URL', undefined);
    vi.stubEnv('URL', undefined);
    const { default: astroConfig } = await import('../../astro.config.mjs');
    expect(readEnv({}).siteUrl).toBe(DEFAULT_SITE_URL);
    expect(String(astroConfig.site).replace(/\/+$/, '')).toBe(DEFAULT_SITE_URL);
    expect(readEnv({ URL: 'https://deploy.example/' }).siteUrl).toBe('https://deploy.example');
    expect(readEnv({ URL: 'https://deploy.example', SITE_URL: 'https://www.example.com.br' }).siteUrl).toBe('https://www.example.com.br');
  });

  it('addresses: MAIL_FROM, else a no-reply address on the contact address\'s domain', () => {
    expect(defaultMailFrom('contato@mentorsolar.com.br')).toBe('Mentor Solar <nao-responda@mentorsolar.com.br>');
    const env = readEnv({});
    expect(env.contactEmail).toBe(SITE_EMAIL);
    expect(env.mailFrom).toBe(defaultMailFrom(SITE_EMAIL));
    expect(domainOf(addressOf(env.mailFrom))).toBe(domainOf(SITE_EMAIL));
    expect(domainOf(env.contactEmail)).toBe(domainOf(addressOf(env.mailFrom)));
    expect(readEnv({ MAIL_FROM: ' Equipe <equipe@example.com> ' }).mailFrom).toBe('Equipe <equipe@example.com>');
  });
});
