// The privacy-policy consent sent with each lead (LGPD): the version of the policy the wizard showed.
// Kept apart from leadSchema because it is not a form field, and tiny because the wizard bundles it.
import * as z from 'zod/mini';

export const consentMessage = 'Aceite a Política de Privacidade para continuar.';

/**
 * Where the policy is published: the route of src/pages/politica-de-privacidade.astro. Not an editor field: a
 * path typed there could not move the page, only break every link to it (tests/integration/cms-copy.test.ts).
 */
export const PRIVACY_POLICY_PATH = '/politica-de-privacidade';

/**
 * What a privacy-policy version looks like ("2026-11-21"): the policy's front matter `version` (content/legal,
 * checked by the build and the editor with these same rules, src/schemas/pages.ts) and the database's check.
 * The published version itself lives only in that front matter: the functions read it at run time
 * (functions/lib/content-files.ts) and accept a lead only with that exact version.
 */
export const POLICY_VERSION_PATTERN = /^[0-9A-Za-z._-]+$/;
export const POLICY_VERSION_MAX_LENGTH = 40;

export const privacyPolicyVersionSchema = z.string({ error: consentMessage }).check(
  z.minLength(1, { error: consentMessage }),
  z.maxLength(POLICY_VERSION_MAX_LENGTH, { error: consentMessage }),
  z.regex(POLICY_VERSION_PATTERN, { error: consentMessage }),
);

/** The version when it is the published one, otherwise null (answer fieldErrors.privacyPolicyVersion = consentMessage). */
export function parsePrivacyPolicyVersion(value: unknown, published: string): string | null {
  const result = privacyPolicyVersionSchema.safeParse(value);
  return result.success && result.data === published ? result.data : null;
}
