import { getCollection, getEntry } from 'astro:content';
import { PRIVACY_POLICY_VERSION } from '../domain/consent';
import { SITE_EMAIL } from '../domain/contact';
import { withClaims } from './claims';

// Single-file collections (site.yaml, home.yaml, …) hold one entry named after the file.
function required<T>(entry: { data: T } | undefined, file: string): T {
  if (!entry) throw new Error(`content/${file} não encontrado`);
  return entry.data;
}

const rawSite = async () => {
  const site = required(await getEntry('site', 'site'), 'site.yaml');
  // The functions mail and show the same address (src/domain/contact.ts): both change together.
  if (site.email !== SITE_EMAIL) {
    throw new Error(`content/site.yaml → email: "${site.email}" difere de SITE_EMAIL ("${SITE_EMAIL}") em src/domain/contact.ts; atualize os dois juntos`);
  }
  return site;
};
/** A content file's data with the site's claims put in for its `{key}` placeholders (src/lib/claims.ts). */
const claimed = async <T>(data: T, file: string) => withClaims(data, (await rawSite()).claims, file);

export const getSite = async () => {
  const site = await rawSite();
  return withClaims(site, site.claims, 'site.yaml');
};
export const getHome = async () => claimed(required(await getEntry('home', 'home'), 'home.yaml'), 'home.yaml');
export const getNotFound = async () => claimed(required(await getEntry('notFound', 'not-found'), 'not-found.yaml'), 'not-found.yaml');
// The form pages' copy has placeholders of its own ("{step}", filled in the browser) and claims no numbers.
export const getOrcamento = async () => required(await getEntry('orcamento', 'orcamento'), 'orcamento.yaml');
export const getReuniao = async () => required(await getEntry('reuniao', 'reuniao'), 'reuniao.yaml');

export async function getServicePages() {
  const entries = (await getCollection('services')).sort((a, b) => a.data.order - b.data.order);
  return Promise.all(entries.map(async (entry) => ({ ...entry, data: await claimed(entry.data, `servicos/${entry.id}.yaml`) })));
}

export const getPrivacyPolicy = async () => {
  const entry = await getEntry('legal', 'politica-de-privacidade');
  if (!entry) throw new Error('content/legal/politica-de-privacidade.md não encontrado');
  // The functions accept only the published version (src/domain/consent.ts): both must name the same text.
  // The policy names the contact address in its text: it must be the site's, and no other.
  const addresses = new Set(entry.body?.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g) ?? []);
  if (addresses.size !== 1 || !addresses.has(SITE_EMAIL)) {
    throw new Error(`content/legal/politica-de-privacidade.md cita ${[...addresses].join(', ') || 'nenhum email'}; o email de contato do site é ${SITE_EMAIL} (content/site.yaml)`);
  }
  if (entry.data.version !== PRIVACY_POLICY_VERSION) {
    throw new Error(`content/legal/politica-de-privacidade.md → version: "${entry.data.version}" difere de PRIVACY_POLICY_VERSION ("${PRIVACY_POLICY_VERSION}") em src/domain/consent.ts; atualize os dois juntos`);
  }
  return { ...entry, data: await claimed(entry.data, 'legal/politica-de-privacidade.md') };
};
