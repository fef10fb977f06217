// The privacy-policy consent sent with each lead (LGPD): the version of the policy the wizard showed.
// Kept apart from leadSchema because it is not a form field, and tiny because the wizard bundles it.
import * as z from 'zod/mini';

export const consentMessage = 'Aceite a Política de Privacidade para continuar.';

/** Versions look like the policy's frontmatter `version` ("2026-11-21"); the database checks the same. */
export const privacyPolicyVersionSchema = z.string({ error: consentMessage }).check(
  z.minLength(1, { error: consentMessage }),
  z.maxLength(40, { error: consentMessage }),
  z.regex(/^[0-9A-Za-z._-]+$/, { error: consentMessage }),
);

/** The version when valid, otherwise null (answer fieldErrors.privacyPolicyVersion = consentMessage). */
export function parsePrivacyPolicyVersion(value: unknown): string | null {
  const result = privacyPolicyVersionSchema.safeParse(value);
  return result.success ? result.data : null;
}
