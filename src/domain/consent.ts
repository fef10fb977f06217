// The privacy-policy consent sent with each lead (LGPD): the version of the policy the wizard showed.
// Kept apart from leadSchema because it is not a form field, and tiny because the wizard bundles it.
import * as z from 'zod/mini';

export const consentMessage = 'Aceite a Política de Privacidade para continuar.';

/**
 * The version of the privacy policy the site publishes. A lead is stored only with this exact
 * version: anything else (missing, invented, an old page left open) is not consent to the text in force.
 * content/legal/politica-de-privacidade.md carries the same value in its frontmatter `version`; the build
 * stops when the two differ (src/lib/content.ts), so a new policy text ships with its new version here.
 */
export const PRIVACY_POLICY_VERSION = '2026-11-28';

/** Versions look like the policy's frontmatter `version` ("2026-11-21"); the database checks the same. */
export const privacyPolicyVersionSchema = z.string({ error: consentMessage }).check(
  z.minLength(1, { error: consentMessage }),
  z.maxLength(40, { error: consentMessage }),
  z.regex(/^[0-9A-Za-z._-]+$/, { error: consentMessage }),
);

/** The version when it is the published one, otherwise null (answer fieldErrors.privacyPolicyVersion = consentMessage). */
export function parsePrivacyPolicyVersion(value: unknown, published: string = PRIVACY_POLICY_VERSION): string | null {
  const result = privacyPolicyVersionSchema.safeParse(value);
  return result.success && result.data === published ? result.data : null;
}
