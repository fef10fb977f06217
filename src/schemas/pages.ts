import { z } from 'astro/zod';
import { POLICY_VERSION_MAX_LENGTH, POLICY_VERSION_PATTERN } from '../domain/consent';
import { cta, faqEntry, highlight, href, label, metricItem, pageMeta, resultCard, serviceCard, statCard, text, timelineEntry } from './shared';

const sectionHeading = { eyebrow: label(text, 'Sobretítulo'), title: label(text, 'Título') };
const description = label(text, 'Descrição');
const card = label(
  z.object({ title: label(text, 'Título'), description, label: label(text, 'Texto do botão'), href }),
  'Chamada final',
);

// content/home.yaml
export const homeSchema = z.object({
  ...pageMeta,
  hero: label(
    z.object({
      badge: label(text, 'Selo'),
      headline: label(text, 'Título principal'),
      description,
      primaryCta: label(
        z.object({
          label: label(text, 'Texto do botão'),
          // `linkedin` points the button at the LinkedIn URL of site.yaml.
          href: label(z.union([z.string().trim().regex(/^linkedin$/), href]), 'Link', 'Escreva linkedin para o LinkedIn de Identidade do site, um caminho que começa com / ou um endereço https://…'),
        }),
        'Botão principal',
      ),
      secondaryCta: label(cta, 'Botão secundário'),
      stats: label(z.array(statCard).length(4), 'Números (4)'),
    }),
    'Topo (#inicio)',
  ),
  about: label(
    z.object({
      ...sectionHeading,
      paragraphs: label(z.array(label(text, 'Parágrafo')).min(1), 'Parágrafos'),
      highlights: label(z.array(highlight).length(4), 'Destaques (4)'),
      timelineTitle: label(text, 'Título da trajetória'),
      timeline: label(z.array(timelineEntry).length(4), 'Trajetória (4)', 'Exemplo: troque pelos períodos, cargos e empresas da sua trajetória real.'),
    }),
    'Sobre (#sobre)',
  ),
  services: label(
    z.object({ ...sectionHeading, description, items: label(z.array(serviceCard).length(6), 'Serviços (6)'), cta: card }),
    'Serviços (#servicos)',
  ),
  portfolio: label(
    z.object({ ...sectionHeading, description, items: label(z.array(resultCard).length(4), 'Resultados (4)') }),
    'Portfólio (#portfolio)',
  ),
  contact: label(
    z.object({
      ...sectionHeading,
      description,
      locationLabel: label(text, 'Rótulo da localização'),
      emailLabel: label(text, 'Rótulo do e-mail'),
      availabilityLabel: label(text, 'Disponibilidade'),
      socialLabel: label(text, 'Rótulo das redes sociais'),
      card,
    }),
    'Contato (#contato)',
  ),
});
export type Home = z.infer<typeof homeSchema>;

// content/servicos/*.yaml: one shape for the three service pages.
export const servicePageSchema = z.object({
  ...pageMeta,
  breadcrumb: label(text, 'Nome na trilha de navegação'),
  serviceType: label(text, 'Tipo de serviço', 'O nome do serviço como o Google deve entendê-lo (não aparece no texto da página).'),
  order: label(z.number().int(), 'Ordem', 'A ordem desta página na lista de serviços: 1 aparece primeiro.'),
  hero: label(z.object({ badge: label(text, 'Selo'), headline: label(text, 'Título principal'), description, cta: label(cta, 'Botão') }), 'Topo'),
  metrics: label(z.object({ title: label(text, 'Título'), items: label(z.array(metricItem).length(4), 'Números (4)') }), 'Números'),
  list: label(
    z.object({
      title: label(text, 'Título'),
      numbered: label(z.boolean().default(false), 'Lista numerada'),
      items: label(z.array(label(text, 'Item')).min(1), 'Itens'),
    }).optional(),
    'Lista',
  ),
  included: label(
    z.object({ title: label(text, 'Título'), items: label(z.array(label(text, 'Item')).length(6), 'Itens (6)') }).optional(),
    'O que está incluído',
  ),
  faq: label(z.object({ title: label(text, 'Título'), items: label(z.array(faqEntry).length(3), 'Perguntas (3)') }), 'Perguntas frequentes'),
});

// content/not-found.yaml
export const notFoundSchema = z.object({
  ...pageMeta,
  code: label(text, 'Código'),
  heading: label(text, 'Título'),
  text: label(text, 'Texto'),
  homeLink: label(text, 'Link para o início'),
});

// content/legal/*.md: Markdown pages with their own version (stored with each lead's consent). The functions
// read the policy's `version` from this file at run time (functions/lib/content-files.ts): its only home.
export const legalSchema = z.object({
  ...pageMeta,
  heading: label(text, 'Título'),
  breadcrumb: label(text, 'Nome na trilha de navegação'),
  version: label(
    z.string().trim().max(POLICY_VERSION_MAX_LENGTH).regex(POLICY_VERSION_PATTERN, 'Use só letras sem acento, números, ponto, hífen ou sublinhado, sem espaços (ex.: 2026-12-01).'),
    'Versão',
    'Mude sempre que mudar o texto, por exemplo para a data de hoje (2026-12-01). Cada pedido de orçamento guarda a versão que a pessoa aceitou.',
  ),
  updated: label(text, 'Atualizada em', 'A data mostrada no topo da página, por extenso (ex.: 1 de dezembro de 2026).'),
});

/** `{email}` in a legal text: the site's contact address (Identidade do site → E-mail de contato), put in by the build. */
export const EMAIL_PLACEHOLDER = '{email}';

/**
 * A legal text's body (Markdown): it names the contact address as {email} and never writes an address itself,
 * so the address has one home (site.yaml) and the policy can never cite another. One pattern, because the
 * editor takes one per field: has {email}, no e-mail address, no other {name}.
 */
export const legalBody = label(
  z.string().regex(/^(?=[\s\S]*\{email\})(?![\s\S]*[\w.+-]@[\w-]+\.\w)(?![\s\S]*\{(?!email\})[A-Za-z]+\})[\s\S]*$/, 'Escreva {email} onde o e-mail de contato deve aparecer (ele vem de Identidade do site). Não escreva endereços de e-mail nem outros marcadores entre chaves.'),
  'Texto',
  'Onde o e-mail de contato aparece, escreva {email}: o site põe no lugar o endereço de Identidade do site → E-mail de contato.',
);
