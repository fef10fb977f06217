// A conversion as the outbox holds it (conversion_enqueue, supabase/schemas/functions/conversion_enqueue.sql)
// and what both senders derive from it alike: the event's id and its age.
import type { ConversionStage, MeasurementBasis } from '../../../src/domain/conversions';

export type ConversionMessage = {
  event: ConversionStage;
  /** When the stage happened (the lead's submission, the booking, the outcome, the deal won). */
  at: string;
  data: {
    lead: { id: string; email: string; phone: string; user_agent: string | null; landing_path: string | null };
    /** Meta: fbc, fbp; Google: gclid, gbraid, wbraid (only those present). */
    ad_ids: Partial<Record<'fbc' | 'fbp' | 'gclid' | 'gbraid' | 'wbraid', string>>;
    basis: MeasurementBasis;
    value_cents: number | null;
    currency: 'BRL' | null;
  };
};

/**
 * The event's id on both platforms (Meta's event_id, Google's transactionId): the outbox's once key
 * without its platform, so a resent or repeated conversion is the same event and never counted twice.
 */
export const conversionEventId = (message: ConversionMessage) => `${message.event}:${message.data.lead.id}`;

/** Meta refuses a whole request holding an event older than this; such an event is skipped alone. */
export const META_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** The page the lead's visit landed on, on this site (Meta's event_source_url); the form's page when unknown. */
export function eventSourceUrl(siteUrl: string, landingPath: string | null): string {
  return new URL(landingPath && landingPath.startsWith('/') ? landingPath : '/orcamento', siteUrl).toString();
}

/** A won deal's value in reais (cents / 100), as both platforms take a decimal number. */
export const valueOf = (message: ConversionMessage) => (message.data.value_cents === null ? null : message.data.value_cents / 100);
