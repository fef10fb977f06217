import { z } from 'astro/zod';

// Copy of /orcamento (page heading, service choices, wizard and dialog texts).
export const orcamentoSchema = z.object({
  title: z.string(),
  description: z.string(),
  heading: z.string(),
});
