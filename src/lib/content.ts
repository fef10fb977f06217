import { getCollection, getEntry } from 'astro:content';
import { EMAIL_PLACEHOLDER, legalBody } from '../schemas/pages';
import { withClaims } from './claims';

// Single-file collections (site.yaml, home.yaml, …) hold one entry named after the file.
function required<T>(entry: { data: T } | undefined, file: string): T {
  if (!entry) throw new Error(`content/${file} não encontrado`);
  return entry.data;
}

// The functions read the same file for the contact address (functions/lib/content-files.ts): one home.
const rawSite = async () => required(await getEntry('site', 'site'), 'site.yaml');
/** A content file's data with the site's claims put in for its `{key}` placeholders (src/lib/claims.ts). */
const claimed = async <T>(data: T) => withClaims(data, (await rawSite()).claims);

export const getSite = async () => {
  const site = await rawSite();
  return withClaims(site, site.claims);
};
export const getHome = async () => claimed(required(await getEntry('home', 'home'), 'home.yaml'));
export const getNotFound = async () => claimed(required(await getEntry('notFound', 'not-found'), 'not-found.yaml'));
// The form pages' copy has placeholders of its own ("{step}", filled in the browser) and claims no numbers.
export const getOrcamento = async () => required(await getEntry('orcamento', 'orcamento'), 'orcamento.yaml');
export const getReuniao = async () => required(await getEntry('reuniao', 'reuniao'), 'reuniao.yaml');

export async function getServicePages() {
  const entries = (await getCollection('services')).sort((a, b) => a.data.order - b.data.order);
  return Promise.all(entries.map(async (entry) => ({ ...entry, data: await claimed(entry.data) })));
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The privacy policy, with its body's HTML. The body names the contact address as {email} (src/schemas/pages.ts
 * `legalBody`, the editor's pattern for the field): the build puts in site.yaml's address, so the policy cites
 * the site's address and no other. The functions read its `version` from the file itself (functions/lib/content-files.ts).
 */
export const getPrivacyPolicy = async () => {
  const entry = await getEntry('legal', 'politica-de-privacidade');
  if (!entry) throw new Error('content/legal/politica-de-privacidade.md não encontrado');
  const body = legalBody.safeParse(entry.body ?? '');
  if (!body.success) throw new Error(`content/legal/politica-de-privacidade.md → texto: ${body.error.issues.map((i) => i.message).join(' ')}`);
  const site = await rawSite();
  const html = (entry.rendered?.html ?? '').replaceAll(EMAIL_PLACEHOLDER, escapeHtml(site.email));
  return { ...entry, data: await claimed(entry.data), html };
};
