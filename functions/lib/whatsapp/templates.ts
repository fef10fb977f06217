// The WhatsApp templates of content/whatsapp.yaml, read once per process and checked with the build's schema
// (src/schemas/whatsapp.ts), and the Cloud API request that fills one for a message.
import { readFileSync } from 'node:fs';
import { paramsOf, type WhatsAppKind } from '../../../src/domain/whatsapp';
import type { WhatsAppParam, WhatsAppTemplates } from '../../../src/schemas/whatsapp';
import { ContentFileError, findContentFile } from '../content-path';

export const WHATSAPP_TEMPLATES_FILE = 'content/whatsapp.yaml';

let loaded: Promise<WhatsAppTemplates> | undefined;

/** The templates, or a rejected ContentFileError naming the file and each bad field. */
export function whatsappTemplates(): Promise<WhatsAppTemplates> {
  loaded ??= (async () => {
    const [{ load }, { whatsappSchema }] = await Promise.all([import('js-yaml'), import('../../../src/schemas/whatsapp')]);
    const path = findContentFile(WHATSAPP_TEMPLATES_FILE);
    const parsed = whatsappSchema.safeParse(load(readFileSync(path, 'utf8')));
    if (!parsed.success) {
      throw new ContentFileError(`${WHATSAPP_TEMPLATES_FILE}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    }
    return parsed.data;
  })();
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}

/** What one message says: its parameters' values and the button's dynamic suffix (the manage token). */
export type TemplateFill = { to: string; params: Record<WhatsAppParam, string>; suffix: string };

/**
 * The body of POST /{phone-number-id}/messages: the template by name in pt_BR, the body's named parameters
 * (only those its text uses, in that order), and the URL button's suffix.
 */
export function templateRequest(templates: WhatsAppTemplates, kind: WhatsAppKind, fill: TemplateFill) {
  const template = templates.modelos[kind];
  const used = paramsOf(template.texto) as WhatsAppParam[];
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: fill.to,
    type: 'template',
    template: {
      name: template.nome,
      language: { code: templates.idioma },
      components: [
        { type: 'body', parameters: used.map((name) => ({ type: 'text', parameter_name: name, text: fill.params[name] })) },
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: fill.suffix }] },
      ],
    },
  };
}

/** How long a message of this kind may wait before it is dropped (the template's TTL), in ms. */
export function validityMs(templates: WhatsAppTemplates, kind: WhatsAppKind): number {
  return templates.modelos[kind].validade_minutos * 60_000;
}
