// Which deploy a function serves, and what it may reach from there. Netlify gives a new environment variable to
// every deploy context unless the operator scopes it, so a deploy preview usually holds production's
// DATABASE_URL, SMTP_URL and integration keys: its leads would land in production, and each preview's mail
// flush would claim production's due mail. Outside production, those variables are not read at all: each is
// read from its PREVIEW_ name instead (PREVIEW_DATABASE_URL: a separate database; unset, no database at all,
// every request answers 503 naming it, as the deployed functions carry no embedded one; no PREVIEW_SMTP_URL:
// mail written as .eml files; no PREVIEW_ integration settings: the integrations off).

/** The variables that reach production's data or people; in a preview each is read from `PREVIEW_<name>`. */
export const PRODUCTION_ONLY = [
  'DATABASE_URL', 'SUPABASE_URL', 'SMTP_URL', 'RD_STATION_API_KEY', 'RD_STATION_API_URL', 'WEBHOOK_URL', 'WEBHOOK_SECRET',
  // The ad platforms' conversions: a preview's test leads must never count in the mentor's ad accounts.
  'META_PIXEL_ID', 'META_CAPI_TOKEN', 'META_CAPI_URL',
  'GOOGLE_DATAMANAGER_SERVICE_ACCOUNT', 'GOOGLE_DATAMANAGER_OPERATING_ACCOUNT', 'GOOGLE_DATAMANAGER_DESTINATION', 'GOOGLE_DATAMANAGER_URL',
  // A preview must never message real leads on WhatsApp.
  'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_TOKEN', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN', 'WHATSAPP_API_URL',
] as const;

/** Local use: `npm start` and `netlify dev` (CONTEXT=dev), Netlify's dev server. */
const LOCAL_CONTEXTS = new Set(['dev', 'dev-server']);

export type DeployScope = {
  /** Netlify's name for the deploy context (production, deploy-preview, branch-deploy, dev…), or null when none is known. */
  context: string | null;
  /** Neither production nor local use: production's variables are not read. */
  preview: boolean;
  /** Production variables present in the environment and not read because this is a preview (names only). */
  ignored: string[];
};

type NetlifyGlobal = { Netlify?: { context?: { deploy?: { context?: unknown } } | null } };

/**
 * The deploy context of this invocation: Netlify's own (Functions v2: `Netlify.context.deploy.context`, set for
 * each request and scheduled run), else CONTEXT from the environment (`npm start` sets dev; a test or a local
 * server plays a preview with CONTEXT=deploy-preview). None known (a deployed function outside an invocation):
 * production, what an unscoped deploy is.
 */
export function deployContext(env: Record<string, string | undefined>): string | null {
  const fromNetlify = (globalThis as NetlifyGlobal).Netlify?.context?.deploy?.context;
  if (typeof fromNetlify === 'string' && fromNetlify.trim()) return fromNetlify.trim();
  return env.CONTEXT?.trim() || null;
}

/** The environment this deploy may read: in a preview, each PRODUCTION_ONLY variable replaced by its PREVIEW_ one. */
export function scopeToDeploy(env: Record<string, string | undefined>): { env: Record<string, string | undefined>; scope: DeployScope } {
  const context = deployContext(env);
  const preview = context !== null && context !== 'production' && !LOCAL_CONTEXTS.has(context) && env.NETLIFY_DEV?.trim() !== 'true';
  if (!preview) return { env, scope: { context, preview: false, ignored: [] } };
  const scoped: Record<string, string | undefined> = { ...env };
  const ignored: string[] = [];
  for (const name of PRODUCTION_ONLY) {
    if (env[name]?.trim()) ignored.push(name);
    scoped[name] = env[`PREVIEW_${name}`];
  }
  return { env: scoped, scope: { context, preview: true, ignored } };
}

/** The one line a preview logs when its app opens: what it did not read and what it uses instead (names, never values). */
export function previewLogLine(scope: DeployScope, usesPreviewDatabase: boolean): string {
  return `deploy_context:${scope.context} production settings not read: ${scope.ignored.join(', ') || 'none set'}; database: ${usesPreviewDatabase ? 'PREVIEW_DATABASE_URL' : 'none (PREVIEW_DATABASE_URL unset: 503)'}`;
}
