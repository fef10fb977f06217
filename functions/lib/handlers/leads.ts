// POST /api/leads: validates with the wizard's schema, stores once per idempotency key.
import type { LeadRequestFieldErrors } from '../../../src/domain/api';
import { consentMessage, parsePrivacyPolicyVersion } from '../../../src/domain/consent';
import { validateLead } from '../../../src/domain/lead';
import type { App } from '../app';
import { flushOutboxLater } from '../app';
import { allowMethods, guard, HttpError, json, readJson } from '../http';
import { newLeadNotification } from '../mail/messages';

export const leadCopy = {
  invalid: 'Verifique os campos destacados.',
  key: 'Requisição sem identificador. Recarregue a página e tente novamente.',
} as const;

type Context = { waitUntil?: (p: Promise<unknown>) => void };

export function isIdempotencyKey(v: unknown): v is string {
  return typeof v === 'string' && /^[\w-]{8,100}$/.test(v);
}

export function createLeadsHandler(getApp: () => Promise<App>) {
  return (req: Request, context?: Context) =>
    guard('leads', async () => {
      allowMethods(req, ['POST']);
      const body = await readJson(req);
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, leadCopy.invalid);
      const { idempotencyKey, website, privacyPolicyVersion, ...values } = body as Record<string, unknown>;
      // Honeypot: bots fill every field. Answer like a success so they do not adapt; store nothing.
      if (typeof website === 'string' && website.trim() !== '') return json({ id: crypto.randomUUID() }, 200);
      const result = validateLead(values);
      // No lead without the policy version it consented to (LGPD); reported with the field errors.
      const version = parsePrivacyPolicyVersion(privacyPolicyVersion);
      if (!result.ok || version === null) {
        const fieldErrors: LeadRequestFieldErrors = result.ok ? {} : { ...result.fieldErrors };
        if (version === null) fieldErrors.privacyPolicyVersion = consentMessage;
        return json({ error: leadCopy.invalid, fieldErrors }, 400);
      }
      if (!isIdempotencyKey(idempotencyKey)) throw new HttpError(400, leadCopy.key);

      const app = await getApp();
      // The consent time is set by the database at insert (create_lead), never taken from the client.
      const lead = { ...result.data, id: crypto.randomUUID(), idempotencyKey, origem: app.env.leadOrigin, privacyPolicyVersion: version };
      const { id, created } = await app.store.createLead(lead, [newLeadNotification(lead, app.env.contactEmail)]);
      if (created) flushOutboxLater(app, context);
      return json({ id }, created ? 201 : 200);
    });
}
