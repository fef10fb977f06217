import { z } from 'astro/zod';
import { paramsOf, WHATSAPP_KINDS } from '../domain/whatsapp';

export { paramsOf };

// content/whatsapp.yaml: the WhatsApp message templates, exactly as they are submitted to Meta for approval
// (utility category, pt_BR, named parameters) and as the functions fill them (functions/lib/whatsapp/).
// Checked by `astro build` (src/content.config.ts) and by the functions when they read the file.
// Not in the editor at /admin/: a template's text must match the one Meta approved, so a change here is
// a new template to submit first (docs/mentor/).

/** The parameters the functions fill: Meta's named parameters are lower case, at most 20 characters. */
export const WHATSAPP_PARAMS = ['nome', 'data', 'hora', 'consultor', 'local'] as const;
export type WhatsAppParam = (typeof WHATSAPP_PARAMS)[number];


const template = z.strictObject({
  // Meta: lower-case letters, digits and underscores, at most 512 characters.
  nome: z.string().regex(/^[a-z0-9_]{1,512}$/, 'use só letras minúsculas, números e _ (como a Meta exige)'),
  // Meta: a body of at most 1,024 characters; only the parameters the functions know how to fill.
  texto: z
    .string()
    .trim()
    .min(1, 'escreva o texto da mensagem')
    .max(1024, 'no máximo 1.024 caracteres (limite da Meta)')
    .refine((text) => paramsOf(text).every((p) => (WHATSAPP_PARAMS as readonly string[]).includes(p)), {
      message: `use só estes parâmetros: ${WHATSAPP_PARAMS.map((p) => `{{${p}}}`).join(', ')}`,
    }),
  // The URL button opening the manage page; its text at most 25 characters (Meta).
  botao: z.string().trim().min(1, 'escreva o texto do botão').max(25, 'no máximo 25 caracteres (limite da Meta)'),
  // How long Meta keeps trying to deliver (the template's "message_send_ttl_seconds", 30 s to 12 h for
  // utility): a reminder that cannot arrive in time is dropped instead of arriving late.
  validade_minutos: z.number().int().min(1).max(720),
});

export const whatsappSchema = z.strictObject({
  idioma: z.literal('pt_BR'),
  categoria: z.literal('utility'),
  modelos: z.strictObject(Object.fromEntries(WHATSAPP_KINDS.map((k) => [k, template])) as Record<(typeof WHATSAPP_KINDS)[number], typeof template>),
});

export type WhatsAppTemplates = z.infer<typeof whatsappSchema>;
export type WhatsAppTemplate = z.infer<typeof template>;
