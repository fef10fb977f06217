import { z } from 'astro/zod';
import { cta, faqEntry, highlight, metricItem, pageMeta, resultCard, serviceCard, statCard, text, timelineEntry } from './shared';

const sectionHeading = { eyebrow: text, title: text };

// content/home.yaml
export const homeSchema = z.object({
  ...pageMeta,
  hero: z.object({
    badge: text,
    headline: text,
    description: text,
    // `linkedin` points the button at the LinkedIn URL of site.yaml.
    primaryCta: z.object({ label: text, href: z.union([z.literal('linkedin'), cta.shape.href]) }),
    secondaryCta: cta,
    stats: z.array(statCard).length(4),
  }),
  about: z.object({
    ...sectionHeading,
    paragraphs: z.array(text).min(1),
    highlights: z.array(highlight).length(4),
    timelineTitle: text,
    timeline: z.array(timelineEntry).length(4),
  }),
  services: z.object({
    ...sectionHeading,
    description: text,
    items: z.array(serviceCard).length(6),
    cta: z.object({ title: text, description: text, label: text, href: cta.shape.href }),
  }),
  portfolio: z.object({ ...sectionHeading, description: text, items: z.array(resultCard).length(4) }),
  contact: z.object({
    ...sectionHeading,
    description: text,
    locationLabel: text,
    emailLabel: text,
    availabilityLabel: text,
    socialLabel: text,
    card: z.object({ title: text, description: text, label: text, href: cta.shape.href }),
  }),
});
export type Home = z.infer<typeof homeSchema>;


// content/servicos/*.yaml: one shape for the three service pages.
export const servicePageSchema = z.object({
  ...pageMeta,
  breadcrumb: text,
  serviceType: text,
  order: z.number().int(),
  hero: z.object({ badge: text, headline: text, description: text, cta }),
  metrics: z.object({ title: text, items: z.array(metricItem).length(4) }),
  list: z.object({ title: text, numbered: z.boolean().default(false), items: z.array(text).min(1) }).optional(),
  included: z.object({ title: text, items: z.array(text).length(6) }).optional(),
  faq: z.object({ title: text, items: z.array(faqEntry).length(3) }),
});

// content/not-found.yaml
export const notFoundSchema = z.object({ ...pageMeta, code: text, heading: text, text, homeLink: text });

// content/legal/*.md: Markdown pages with their own version (stored with each lead's consent).
export const legalSchema = z.object({ ...pageMeta, heading: text, breadcrumb: text, version: text, updated: text });
