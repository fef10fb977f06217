import { afterEach, describe, expect, it } from 'vitest';
import { deployContext, PRODUCTION_ONLY, previewLogLine, scopeToDeploy } from './deploy-context';
import { readEnv } from './env';

const PRODUCTION = {
  DATABASE_URL: 'postgres://prod:secret@db.example.com:6543/postgres',
  SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
  RD_STATION_API_KEY: 'rd-production-key',
  WEBHOOK_URL: 'https://hooks.example.com/x',
  WEBHOOK_SECRET: `whsec_${'A'.repeat(32)}`,
  DATA_DIR: '/tmp/preview-data',
};

afterEach(() => {
  delete (globalThis as { Netlify?: unknown }).Netlify;
});

describe('deploy contexts', () => {
  it('reads Netlify\'s context of the invocation first, CONTEXT from the environment else', () => {
    expect(deployContext({})).toBeNull();
    expect(deployContext({ CONTEXT: 'dev' })).toBe('dev');
    (globalThis as { Netlify?: unknown }).Netlify = { context: { deploy: { context: 'deploy-preview' } } };
    expect(deployContext({ CONTEXT: 'production' })).toBe('deploy-preview');
    (globalThis as { Netlify?: unknown }).Netlify = { context: null };
    expect(deployContext({ CONTEXT: 'branch-deploy' })).toBe('branch-deploy');
  });

  it('in production, locally or with no context known, reads every setting as it is', () => {
    for (const CONTEXT of [undefined, 'production', 'dev', 'dev-server']) {
      const env = readEnv({ ...PRODUCTION, CONTEXT });
      expect(env.deploy).toMatchObject({ preview: false, ignored: [] });
      expect(env.database?.url).toBe(PRODUCTION.DATABASE_URL);
      expect(env.smtpUrl).toBe(PRODUCTION.SMTP_URL);
      expect(env.integrations.rd).not.toBeNull();
    }
  });

  it('in a preview or branch deploy, reads no production setting: the embedded database, .eml files, no integrations', () => {
    const productionHashKey = readEnv(PRODUCTION).painel.hashKey;
    for (const context of ['deploy-preview', 'branch-deploy', 'staging']) {
      (globalThis as { Netlify?: unknown }).Netlify = { context: { deploy: { context } } };
      const env = readEnv({ ...PRODUCTION, SUPABASE_URL: 'https://x.supabase.co' });
      expect(env.deploy).toEqual({ context, preview: true, ignored: ['DATABASE_URL', 'SUPABASE_URL', 'SMTP_URL', 'RD_STATION_API_KEY', 'WEBHOOK_URL', 'WEBHOOK_SECRET'] });
      expect(env.database).toBeNull();
      expect(env.supabaseRestOnly).toBe(false);
      expect(env.smtpUrl).toBeNull();
      expect(env.integrations).toMatchObject({ rd: null, webhook: null, local: false });
      // The console's hash key is not derived from production's database secret either.
      expect(env.painel.hashKey.equals(productionHashKey)).toBe(false);
    }
  });

  it("in a preview, reads none of the ad platforms' settings: no conversion reaches the mentor's ad accounts", () => {
    const platforms = { META_PIXEL_ID: '123456789012345', META_CAPI_TOKEN: 'EAAProductionToken0123456789', GOOGLE_DATAMANAGER_OPERATING_ACCOUNT: '1234567890' };
    expect(readEnv({ ...PRODUCTION, ...platforms, CONTEXT: 'production' }).integrations.conversions.meta).not.toBeNull();
    const env = readEnv({ ...PRODUCTION, ...platforms, CONTEXT: 'deploy-preview' });
    expect(env.integrations.conversions).toMatchObject({ meta: null, google: null, problems: [] });
    expect(env.deploy.ignored).toEqual(expect.arrayContaining(['META_PIXEL_ID', 'META_CAPI_TOKEN', 'GOOGLE_DATAMANAGER_OPERATING_ACCOUNT']));
  });

  it('in a preview, uses the PREVIEW_ settings when set', () => {
    const preview = { PREVIEW_DATABASE_URL: 'postgres://preview@db.example.com:6543/preview', PREVIEW_SMTP_URL: 'smtp://127.0.0.1:2525', PREVIEW_RD_STATION_API_KEY: 'rd-preview-key' };
    const env = readEnv({ ...PRODUCTION, ...preview, CONTEXT: 'deploy-preview' });
    expect(env.database?.url).toBe(preview.PREVIEW_DATABASE_URL);
    expect(env.smtpUrl).toBe(preview.PREVIEW_SMTP_URL);
    expect(env.integrations.rd?.apiKey).toBe('rd-preview-key');
    expect(env.integrations.webhook).toBeNull();
  });

  it('logs names, never values', () => {
    const { scope } = scopeToDeploy({ ...PRODUCTION, CONTEXT: 'deploy-preview' });
    const line = previewLogLine(scope, false);
    expect(line).toBe('deploy_context:deploy-preview production settings not read: DATABASE_URL, SMTP_URL, RD_STATION_API_KEY, WEBHOOK_URL, WEBHOOK_SECRET; database: none (PREVIEW_DATABASE_URL unset: 503)');
    for (const value of Object.values(PRODUCTION)) expect(line).not.toContain(value);
    expect(PRODUCTION_ONLY).toContain('DATABASE_URL');
  });
});
