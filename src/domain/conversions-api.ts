// The painel's requests about conversions and the measurement basis, checked alike by the server and
// the screen (zod here; src/domain/conversions.ts stays free of it for the form's island).
import * as z from 'zod/mini';
import { MEASUREMENT_BASES } from './conversions';

/** POST /api/painel/medicao (mentor only). */
export const measurementSettingsInputSchema = z.strictObject({ basis: z.enum(MEASUREMENT_BASES) });

/** POST /api/painel/leads/<id>/conversoes/reenviar: one refused conversion of that lead. */
export const conversionResendSchema = z.strictObject({ event: z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)) });

/** The painel's pt-BR answers about them, word for word. */
export const conversionMessages = {
  invalidBasis: 'Escolha a base para medir os anúncios: consentimento ou interesse legítimo.',
  notResendable: 'Só uma conversão recusada pode ser reenviada.',
} as const;
