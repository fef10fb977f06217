// Server settings from environment variables (documented in docs/operations.md, Environment variables).
import { schedulingConfig, type SchedulingConfig } from '../../src/domain/scheduling/config';
import { hkdfSync } from 'node:crypto';
import { siteContactEmail } from './content-files';
import { integrationsEnv, type IntegrationsEnv } from './integrations/config';
import { whatsappEnv, type WhatsAppEnv } from './whatsapp/config';
import { QUERY_TIMEOUT_MS, type PostgresOptions } from './store/postgres-options';
import { withoutTrailingSlashes } from './base-url';
import { scopeToDeploy, type DeployScope } from './deploy-context';

/**
 * One public origin for every link: without SITE_URL (or Netlify's URL) the functions use the same
 * default as astro.config.mjs's `site` (tests/integration/env-defaults.test.ts compares them).
 */
export const DEFAULT_SITE_URL = 'https://mentor-solar.netlify.app';
/**
 * One sending domain for every address a mail shows: without MAIL_FROM, a no-reply address on the
 * domain of the site's contact address (the Reply-To of the lead's mails).
 */
export const defaultMailFrom = (contactEmail: string) => `Mentor Solar <nao-responda@${contactEmail.slice(contactEmail.lastIndexOf('@') + 1)}>`;

export type ServerEnv = {
  /** Embedded database at `${dataDir}/db`, .eml files at `${dataDir}/outbox`. */
  dataDir: string;
  /**
   * postgres:// URL of the database (on Supabase: the transaction pooler, port 6543), connections per
   * process (DATABASE_POOL_MAX, default 1: an instance serves one request at a time), a statement's
   * deadline (DATABASE_QUERY_TIMEOUT_MS) and the CA for sslmode=verify-full (DATABASE_CA_CERT, PEM).
   */
  database: PostgresOptions | null;
  /**
   * SUPABASE_URL set without DATABASE_URL: the REST adapter this once selected is gone, and falling back
   * to an embedded database in a function's temporary disk would lose every lead, so the store refuses.
   */
  supabaseRestOnly: boolean;
  /** nodemailer URL, e.g. smtps://user:pass@smtp.example.com:465. Unset: write .eml files instead. */
  smtpUrl: string | null;
  /** MAIL_FROM, else defaultMailFrom(the site's contact address). */
  mailFrom: string;
  /** Receives a notification for each new lead: CONTACT_EMAIL, else the site's (content/site.yaml `email`). */
  contactEmail: string;
  /** leads.origem: fixed label identifying this site as the lead's source. */
  leadOrigin: string;
  /** Public origin for links in mail and agenda links: SITE_URL, else Netlify's URL, else DEFAULT_SITE_URL (as astro.config.mjs's `site`). */
  siteUrl: string;
  /** How long availability may reuse consultants and busy times (ms); 0 turns the cache off. */
  availabilityCacheMs: number;
  scheduling: SchedulingConfig;
  painel: PainelEnv;
  /** RD_STATION_API_KEY / RD_STATION_API_URL, WEBHOOK_URL / WEBHOOK_SECRET, and whether this is local use (no CONTEXT). */
  integrations: IntegrationsEnv;
  /**
   * WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_TOKEN, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN (all four, else null:
   * no WhatsApp anywhere), WHATSAPP_API_VERSION, WHATSAPP_API_URL, WHATSAPP_HOLDOUT_PERCENT (whatsapp/config.ts).
   */
  whatsapp: WhatsAppEnv | null;
  /** Settings by name (never values) present but unusable, logged once at start. */
  whatsappProblems: string[];
  /** The deploy context and, in a preview, the production settings it did not read (deploy-context.ts). */
  deploy: DeployScope;
};

/**
 * The console (/painel). mentors: the contact address and PAINEL_MENTORES (comma-separated), lower case.
 * hashKey: the key of the IP and address hashes (activity log, sign-in limits): PAINEL_HASH_KEY, else
 * derived from the database's secret (DATABASE_URL), else from the data folder
 * (the embedded database on a laptop).
 */
export type PainelEnv = { mentors: string[]; hashKey: Buffer };

export function readEnv(raw: Record<string, string | undefined> = process.env): ServerEnv {
  // In a deploy preview production's database, mail server and integrations are not read (deploy-context.ts).
  const { env, scope } = scopeToDeploy(raw);
  const databaseUrl = env.DATABASE_URL?.trim();
  const contactEmail = env.CONTACT_EMAIL?.trim() || siteContactEmail();
  return {
    dataDir: env.DATA_DIR?.trim() || '.data',
    database: databaseUrl ? databaseEnv(databaseUrl, env) : null,
    supabaseRestOnly: !databaseUrl && Boolean(env.SUPABASE_URL?.trim()),
    smtpUrl: env.SMTP_URL?.trim() || null,
    mailFrom: env.MAIL_FROM?.trim() || defaultMailFrom(siteContactEmail()),
    contactEmail,
    leadOrigin: env.LEAD_ORIGIN?.trim() || 'site-mentor-solar',
    siteUrl: withoutTrailingSlashes(env.SITE_URL?.trim() || env.URL?.trim() || DEFAULT_SITE_URL),
    availabilityCacheMs: Math.max(0, Number(env.AVAILABILITY_CACHE_MS ?? 2000) || 0),
    scheduling: schedulingConfig,
    painel: painelEnv(env, contactEmail),
    integrations: integrationsEnv(env),
    ...whatsappOf(env),
    deploy: scope,
  };
}

/** See ServerEnv.database and docs/operations.md "Connection budget": instances × DATABASE_POOL_MAX ≤ the pooler's client limit. */
function databaseEnv(url: string, env: Record<string, string | undefined>): PostgresOptions {
  const timeout = Number(env.DATABASE_QUERY_TIMEOUT_MS);
  return {
    url,
    poolMax: Math.max(1, Math.floor(Number(env.DATABASE_POOL_MAX ?? 1)) || 1),
    queryTimeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : QUERY_TIMEOUT_MS,
    caCert: env.DATABASE_CA_CERT?.trim() || undefined,
  };
}

function painelEnv(env: Record<string, string | undefined>, contactEmail: string): PainelEnv {
  const mentors = [contactEmail, ...(env.PAINEL_MENTORES ?? '').split(',')].map((e) => e.trim().toLowerCase()).filter((e) => e.includes('@'));
  const secret = env.PAINEL_HASH_KEY?.trim() || env.DATABASE_URL?.trim() || `embedded:${env.DATA_DIR?.trim() || '.data'}`;
  return { mentors: [...new Set(mentors)], hashKey: Buffer.from(hkdfSync('sha256', secret, 'mentor-solar', 'painel-hash-key', 32)) };
}

function whatsappOf(env: Record<string, string | undefined>): Pick<ServerEnv, 'whatsapp' | 'whatsappProblems'> {
  const { whatsapp, problems } = whatsappEnv(env);
  return { whatsapp, whatsappProblems: problems };
}
