import { z } from 'astro/zod';
import { withPlaceholders } from './placeholders';

// Shapes shared by several content files (hero, stat card, FAQ, link). Labels and hints in pt-BR are the
// editor's (/admin/): its configuration is generated from these schemas (src/cms/), so they live here.

/** Gives a field its editor label and, optionally, a hint under it. Applied last, so it stays on the field. */
export const label = <T extends z.ZodType>(schema: T, title: string, description?: string): T =>
  schema.meta(description ? { title, description } : { title });

/** The numbers the site claims, written once in site.yaml → claims, and their labels. */
export const CLAIMS = {
  mentoredOwners: 'Empresários mentorados',
  salesGenerated: 'Vendas geradas por clientes',
  salesInTwoDays: 'Vendas em dois dias',
  yearsOfExperience: 'Anos de experiência',
  immersionEditions: 'Edições da imersão',
  students: 'Alunos formados',
  eventAttendees: 'Pessoas em eventos',
  instagramFollowers: 'Seguidores no Instagram',
  peopleImpactedByTalks: 'Pessoas impactadas por palestras',
} as const;
export const CLAIM_KEYS = Object.keys(CLAIMS) as (keyof typeof CLAIMS)[];

/** A required text without placeholders. */
export const plainText = withPlaceholders(z.string().trim().min(1), []);
/** A required text of the site and the content pages: it may name any claim, e.g. `{mentoredOwners}`. */
export const text = withPlaceholders(z.string().trim().min(1), CLAIM_KEYS);

const ICON_NAMES = [
  'users', 'trending-up', 'award', 'instagram', 'linkedin', 'zap', 'calendar', 'graduation', 'briefcase',
  'target', 'mic', 'chart', 'mail', 'map-pin', 'clock', 'check', 'arrow-right', 'sun',
] as const;
export const iconName = label(z.enum(ICON_NAMES), 'Ícone');
export type IconName = z.infer<typeof iconName>;

/** A site path (`/x`, `/#anchor`, `/x?y`) or an absolute https URL. */
export const href = label(
  z.union([z.string().trim().regex(/^\/[^\s]*$/, 'use um caminho que comece com /'), z.url({ protocol: /^https?$/ }).trim()]),
  'Link',
  'Um caminho do site que começa com / (ex.: /orcamento, /#contato) ou um endereço completo https://…',
);

export const navItem = z.object({
  name: label(text, 'Nome no menu'),
  target: href,
  type: label(z.enum(['scroll', 'link', 'external']), 'Tipo', 'Como o link abre: scroll rola até uma seção da página inicial; link abre outra página do site; external abre outro site em nova aba.'),
});
export type NavItem = z.infer<typeof navItem>;

export const cta = z.object({ label: label(text, 'Texto do botão'), href });

export const statCard = z.object({
  icon: iconName,
  number: label(text, 'Número'),
  label: label(text, 'Legenda'),
  gradient: label(z.enum(['sun', 'ember', 'ocean', 'violet']), 'Cor'),
});

export const highlight = z.object({ icon: iconName, number: label(text, 'Número'), label: label(text, 'Legenda') });
export const metricItem = z.object({ metric: label(text, 'Número'), description: label(text, 'Legenda') });
export const faqEntry = z.object({ question: label(text, 'Pergunta'), answer: label(text, 'Resposta') });
export type FaqEntry = z.infer<typeof faqEntry>;
export const timelineEntry = z.object({
  period: label(text, 'Período', 'Exemplo: troque pelo período real (ex.: 2015 – 2020).'),
  role: label(text, 'Cargo', 'Exemplo: troque pelo cargo real.'),
  company: label(text, 'Empresa', 'Exemplo: troque pela empresa real.'),
  description: label(text, 'Descrição'),
});
export const serviceCard = z.object({
  title: label(text, 'Título'),
  icon: iconName,
  description: label(text, 'Descrição'),
  features: label(z.array(label(text, 'Item')).length(4), 'Itens (4)'),
});
export const resultCard = z.object({ metric: label(text, 'Número'), title: label(text, 'Título'), description: label(text, 'Descrição') });

/** Every page has its own title and description for search engines. */
export const pageMeta = {
  title: label(text.max(70), 'Título na aba e no Google', 'Até 70 caracteres.'),
  description: label(text.min(50).max(170), 'Descrição no Google', 'De 50 a 170 caracteres.'),
};
