import { getCollection, getEntry, type CollectionKey } from 'astro:content';

// Single-file collections (site.yaml, home.yaml, …) hold one entry named after the file.
async function single<C extends CollectionKey>(collection: C, id: string) {
  const entry = await getEntry(collection, id);
  if (!entry) throw new Error(`content/${id}.yaml não encontrado (coleção ${collection})`);
  return entry.data;
}

export const getSite = () => single('site', 'site');
export const getHome = () => single('home', 'home');
export const getNotFound = () => single('notFound', 'not-found');

export async function getServicePages() {
  return (await getCollection('services')).sort((a, b) => a.data.order - b.data.order);
}
