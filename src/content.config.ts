import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { orcamentoSchema } from './schemas/orcamento';
import { reuniaoSchema } from './schemas/reuniao';
import { roteamentoSchema } from './schemas/roteamento';
import { homeSchema, legalSchema, notFoundSchema, servicePageSchema } from './schemas/pages';
import { siteSchema } from './schemas/site';
import { whatsappSchema } from './schemas/whatsapp';

// Every text of the site lives in content/. Each collection is validated at build time:
// a missing field or a wrong type fails `astro build` naming the file and the field.
const yaml = (pattern: string, base = './content') => glob({ pattern, base });

export const collections = {
  site: defineCollection({ loader: yaml('site.yaml'), schema: siteSchema }),
  home: defineCollection({ loader: yaml('home.yaml'), schema: homeSchema }),
  services: defineCollection({ loader: yaml('*.yaml', './content/servicos'), schema: servicePageSchema }),
  legal: defineCollection({ loader: glob({ pattern: '*.md', base: './content/legal' }), schema: legalSchema }),
  notFound: defineCollection({ loader: yaml('not-found.yaml'), schema: notFoundSchema }),
  orcamento: defineCollection({ loader: yaml('orcamento.yaml'), schema: orcamentoSchema }),
  reuniao: defineCollection({ loader: yaml('reuniao.yaml'), schema: reuniaoSchema }),
  // Read by the functions (functions/lib/routing-rules.ts), not by any page: registered so a bad rule fails the build.
  roteamento: defineCollection({ loader: yaml('roteamento.yaml'), schema: roteamentoSchema }),
  // The WhatsApp templates, read by the functions (functions/lib/whatsapp/templates.ts): a bad one fails the build.
  whatsapp: defineCollection({ loader: yaml('whatsapp.yaml'), schema: whatsappSchema }),
};
