import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { orcamentoSchema } from './schemas/orcamento';

// Every text of the site lives in content/. Each collection is validated at build time:
// a missing field or a wrong type fails `astro build` naming the file and the field.
const yaml = (pattern: string) => glob({ pattern, base: './content' });

export const collections = {
  orcamento: defineCollection({ loader: yaml('orcamento.yaml'), schema: orcamentoSchema }),
};
