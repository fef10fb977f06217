import { getCollection, getEntry } from 'astro:content';

// Single-file collections (site.yaml, home.yaml, …) hold one entry named after the file.
function required<T>(entry: { data: T } | undefined, file: string): T {
  if (!entry) throw new Error(`content/${file} não encontrado`);
  return entry.data;
}

export const getSite = async () => required(await getEntry('site', 'site'), 'site.yaml');
export const getHome = async () => required(await getEntry('home', 'home'), 'home.yaml');
export const getNotFound = async () => required(await getEntry('notFound', 'not-found'), 'not-found.yaml');
export const getOrcamento = async () => required(await getEntry('orcamento', 'orcamento'), 'orcamento.yaml');

export async function getServicePages() {
  return (await getCollection('services')).sort((a, b) => a.data.order - b.data.order);
}

export const getPrivacyPolicy = async () => {
  const entry = await getEntry('legal', 'politica-de-privacidade');
  if (!entry) throw new Error('content/legal/politica-de-privacidade.md não encontrado');
  return entry;
};
