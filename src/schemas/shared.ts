import { z } from 'astro/zod';

// Shapes shared by several content files (hero, stat card, FAQ, link).
export const text = z.string().trim().min(1);

export const iconName = z.enum([
  'users', 'trending-up', 'award', 'instagram', 'linkedin', 'zap', 'calendar', 'graduation', 'briefcase',
  'target', 'mic', 'chart', 'mail', 'map-pin', 'clock', 'check', 'arrow-right', 'sun',
]);
export type IconName = z.infer<typeof iconName>;

/** A site path (`/x`, `/#anchor`, `/x?y`) or an absolute https URL. */
export const href = z.union([z.string().regex(/^\/[^\s]*$/, 'use um caminho que comece com /'), z.url({ protocol: /^https?$/ })]);

export const navItem = z.object({
  name: text,
  target: href,
  type: z.enum(['scroll', 'link', 'external']),
});
export type NavItem = z.infer<typeof navItem>;

export const cta = z.object({ label: text, href });

export const statCard = z.object({
  icon: iconName,
  number: text,
  label: text,
  gradient: z.enum(['sun', 'ember', 'ocean', 'violet']),
});

export const highlight = z.object({ icon: iconName, number: text, label: text });
export const metricItem = z.object({ metric: text, description: text });
export const faqEntry = z.object({ question: text, answer: text });
export type FaqEntry = z.infer<typeof faqEntry>;
export const timelineEntry = z.object({ period: text, role: text, company: text, description: text });
export const serviceCard = z.object({
  title: text,
  icon: iconName,
  description: text,
  features: z.array(text).length(4),
});
export const resultCard = z.object({ metric: text, title: text, description: text });

/** Every page has its own title and description for search engines. */
export const pageMeta = { title: text.max(70), description: text.min(50).max(170) };
