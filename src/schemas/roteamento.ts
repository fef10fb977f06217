import { z } from 'astro/zod';
import { cargoValues, faturamentoValues, modeloNegocioValues, numeroVendedoresValues, segmentoValues, serviceValues } from '../domain/options';
import { isCatchAll, type RoutingRules } from '../domain/scheduling/rules';
import { cleanLine, cleanParagraph, hasOnlyPrintable } from '../domain/text';

// The qualification rules (src/domain/scheduling/rules.ts matches them): one schema, one set of pt-BR
// messages, for every way rules come in — the painel's "Regras de encaminhamento" on save
// (functions/lib/painel/handlers/rules.ts), and content/roteamento.yaml, the seed of a new install, checked
// by `astro build` (src/content.config.ts) and by the functions when they seed the database from it.
// Not in the editor at /admin/: the file keeps the commented examples the mentor copies from, which the
// editor would drop on its first save, and its "one of three destinations" has no editor widget.
// Every message is pt-BR and names what to fix; Astro prints it with the file and the field's path.

/** A condition: the accepted values of one answer, exactly as stored (src/domain/options.ts). */
const accepts = <T extends readonly [string, ...string[]]>(values: T, answer: string) =>
  z
    .array(z.enum(values, { error: (issue) => `"${String(issue.input)}" não é um valor de ${answer}; use um destes: ${values.join(', ')}` }))
    .min(1, `liste ao menos um valor de ${answer} (ou apague a condição)`)
    .optional();

const CONDITIONS = ['servico', 'segmento', 'faturamento', 'numeroVendedores', 'cargo', 'modeloNegocio'] as const;

const quando = z.strictObject(
  {
    servico: accepts(serviceValues, 'servico'),
    segmento: accepts(segmentoValues, 'segmento'),
    faturamento: accepts(faturamentoValues, 'faturamento'),
    numeroVendedores: accepts(numeroVendedoresValues, 'numeroVendedores'),
    cargo: accepts(cargoValues, 'cargo'),
    modeloNegocio: accepts(modeloNegocioValues, 'modeloNegocio'),
  },
  // A misspelt condition must not be ignored: the rule would then hold for more leads than meant.
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `condição desconhecida: ${issue.keys.join(', ')}; use: ${CONDITIONS.join(', ')}` : undefined) },
);

/**
 * A site path (/palestras), an https address (wa.me included), or mailto:. A site path never starts with
 * "//" or "/\\" and holds no backslash: a browser reads "//evil.example" (and "/\\evil.example", backslashes
 * being slashes in a URL) as another site, which leads would be sent to from /orcamento.
 */
const LINK_URL = /^(\/(?![/\\])[^\s\\]*|https:\/\/[^\s/\\]\S*|mailto:[^\s@]+@[^\s@]+)$/;

const PRINTABLE = 'sem caracteres de controle';
/**
 * A one-line text the mentor writes and leads or the team read (a rule's name, a link's text): the lead
 * fields' hygiene (src/domain/text.ts): NFC, bidi controls removed (U+202E would reverse what follows it
 * in the painel, the lead's notice and the CSV), whitespace collapsed, no control character.
 */
const line = (empty: string, max: number) =>
  z.string().transform(cleanLine).pipe(z.string().min(1, empty).max(max, `até ${max} caracteres`).refine(hasOnlyPrintable, PRINTABLE));

const semReuniao = z.strictObject({
  // A paragraph: line breaks kept, control characters and bidi controls removed.
  mensagem: z.string().transform(cleanParagraph).pipe(z.string().min(1, 'escreva a mensagem que o lead vê').max(600, 'até 600 caracteres')),
  link: z
    .strictObject({
      texto: line('escreva o texto do link', 80),
      url: z.string().trim().regex(LINK_URL, 'use um caminho do site (/palestras), um endereço https://… ou mailto:…'),
    })
    .optional(),
});

const DESTINATIONS = ['equipe', 'consultores', 'semReuniao'] as const;
const destino = z
  .strictObject({
    equipe: z.literal('todos', { error: 'use equipe: "todos" (a equipe inteira)' }).optional(),
    consultores: z
      .array(z.string().trim().toLowerCase().pipe(z.email('e-mail de consultor inválido')))
      .min(1, 'liste ao menos um e-mail de consultor')
      .refine((emails) => new Set(emails).size === emails.length, 'um consultor aparece duas vezes')
      .optional(),
    semReuniao: semReuniao.optional(),
  })
  .superRefine((value, ctx) => {
    const given = DESTINATIONS.filter((key) => value[key] !== undefined);
    if (given.length !== 1) ctx.addIssue({ code: 'custom', message: `use exatamente um destino: ${DESTINATIONS.join(', ')}` });
  });

const regra = z.strictObject({
  nome: line('dê um nome à regra', 120),
  quando: quando.nullish().transform((v) => v ?? undefined),
  destino,
  // Paused: the routing reads past it (src/domain/scheduling/rules.ts). Only `true` is stored.
  pausada: z.boolean({ error: 'use pausada: true (ou apague a linha)' }).optional().transform((v) => (v ? true : undefined)),
});

export const roteamentoSchema = z
  .strictObject({ regras: z.array(regra).min(1, 'escreva ao menos uma regra (a última vale para todos os leads)') })
  .superRefine(({ regras }, ctx) => {
    const seen = new Set<string>();
    regras.forEach((rule, i) => {
      if (seen.has(rule.nome)) ctx.addIssue({ code: 'custom', path: ['regras', i, 'nome'], message: `o nome "${rule.nome}" já é de outra regra` });
      seen.add(rule.nome);
      const last = i === regras.length - 1;
      if (last && !isCatchAll(rule)) {
        ctx.addIssue({ code: 'custom', path: ['regras', i, 'quando'], message: `a última regra ("${rule.nome}") precisa valer para todos os leads: apague o "quando" dela ou acrescente no fim uma regra sem "quando"` });
      }
      if (last && rule.pausada) {
        ctx.addIssue({ code: 'custom', path: ['regras', i, 'pausada'], message: `a última regra ("${rule.nome}") vale para todos os leads e não pode ser pausada: apague o "pausada" dela` });
      }
      if (!last && isCatchAll(rule)) {
        ctx.addIssue({ code: 'custom', path: ['regras', i, 'quando'], message: `a regra "${rule.nome}" vale para todos os leads, então as regras abaixo dela nunca seriam usadas: deixe-a por último ou dê a ela um "quando"` });
      }
    });
  }) satisfies z.ZodType<RoutingRules>;

export type RoteamentoContent = z.infer<typeof roteamentoSchema>;
