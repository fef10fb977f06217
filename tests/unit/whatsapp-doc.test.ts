// The mentor's WhatsApp guide (docs/mentor/whatsapp.md) says what the site sends: each template's name, exact
// text, button and validity as content/whatsapp.yaml has them (the text submitted to Meta must be the one the
// functions fill), and every error code the Integrações card explains (src/domain/whatsapp-errors.ts).
import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { expect, it } from 'vitest';
import { WHATSAPP_KINDS } from '../../src/domain/whatsapp';
import { whatsappErrorWords } from '../../src/domain/whatsapp-errors';
import { whatsappSchema } from '../../src/schemas/whatsapp';

const doc = readFileSync('docs/mentor/whatsapp.md', 'utf8');
const templates = whatsappSchema.parse(load(readFileSync('content/whatsapp.yaml', 'utf8')));

it('gives each template exactly as content/whatsapp.yaml, in the order a meeting sends them', () => {
  let from = 0;
  for (const kind of WHATSAPP_KINDS) {
    const t = templates.modelos[kind];
    const block = `- Nome: \`${t.nome}\`\n- Botão: ${t.botao}\n- Validade: ${t.validade_minutos} minutos\n\n\`\`\`text\n${t.texto}\n\`\`\``;
    const at = doc.indexOf(block, from);
    expect(at, `${kind} (${t.nome})`).toBeGreaterThan(-1);
    from = at + block.length;
  }
  // No other template text in the guide: as many blocks as templates.
  expect(doc.match(/```text\n/g)).toHaveLength(WHATSAPP_KINDS.length);
  expect(doc).toContain(`idioma **Português (BR)**`);
  expect(templates.idioma).toBe('pt_BR');
});

it("lists every error code the Integrações card explains", () => {
  for (const code of Object.keys(whatsappErrorWords)) expect(doc, code).toMatch(new RegExp(`^\\| ${code} \\| `, 'm'));
  expect(doc.match(/^\| \d+ \| /gm)).toHaveLength(Object.keys(whatsappErrorWords).length);
});
