// Every place of the console has an address: the fragment of /painel. One home for its grammar, read by
// the island (Back, Forward, reload, a copied address) and written by the mails that link into it.
//
//   #reunioes&aba=sem-desfecho&consultor=<id>   a screen and the list filters in use
//   #leads&segmento=energia-solar
//   #hoje   #numeros&periodo=personalizado&de=2026-10-01&ate=2026-10-31&toque=ultimo&semana=2026-11-23
//   #lead=<id>   #reuniao=<id>                  one lead, one meeting
//   #regras   #integracoes                      the routing rules, RD Station and webhooks (mentor)
//
// Ids and filter values only, never personal data: the address lands in the browser's history, in the
// address bar a colleague is shown and in a mail. So "Buscar" (a name, an e-mail, a phone) stays out.
// The fragment never reaches the server, a CDN log or a Referer.
import { meetingTabs, RULE_MAX } from './api';

export type PainelSection = 'today' | 'meetings' | 'leads' | 'numbers' | 'team' | 'rules' | 'integrations' | 'activity' | 'agenda';
export const painelSections: readonly PainelSection[] = ['today', 'meetings', 'leads', 'numbers', 'team', 'rules', 'integrations', 'activity', 'agenda'];

/** The words of the address (pt-BR, as the console's screens are named). */
const sectionWords: Record<PainelSection, string> = {
  today: 'hoje', meetings: 'reunioes', leads: 'leads', numbers: 'numeros', team: 'equipe', rules: 'regras', integrations: 'integracoes', activity: 'atividade',
  agenda: 'minha-agenda',
};

/** The filters each list keeps in its address (the names its endpoint takes); anything else is dropped. */
export const addressFilters: Record<PainelSection, readonly string[]> = {
  meetings: ['aba', 'consultor', 'servico', 'desfecho', 'data', 'de', 'ate'],
  // `regra`: a routing rule's name, the mentor's own config (the painel's Regras), not a person's data.
  leads: ['segmento', 'faturamento', 'vendedores', 'modelo', 'servico', 'de', 'ate', 'reuniao', 'integracoes', 'regra'],
  team: [],
  rules: [],
  integrations: [],
  activity: [],
  today: [],
  // Números' period and touch (src/domain/painel/numbers.ts reads unknown values as its defaults), and
  // "Reuniões da semana"'s week and consultant (src/domain/painel/week.ts: a day that is none is this week).
  numbers: ['periodo', 'de', 'ate', 'toque', 'semana', 'consultor'],
  agenda: [],
};

export type Filters = Record<string, string>;

export type PainelPlace =
  | { kind: 'section'; section: PainelSection; filters: Filters }
  | { kind: 'lead'; id: string }
  | { kind: 'meeting'; id: string }
  /** A lead or meeting address whose id cannot be one (the console says "Não encontrado."). */
  | { kind: 'missing' };

/** Hoje is the first screen (issue 34): yesterday, today and the coming week at a glance. */
export const homePlace: PainelPlace = { kind: 'section', section: 'today', filters: {} };

/** A filter value as a list sends it: short (a rule's name is the longest), printable (a copied address is anyone's input). */
const FILTER_MAX = RULE_MAX;
const printable = (value: string) => value.length <= FILTER_MAX && [...value].every((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f);
/**
 * An id goes into the endpoint's path, so only path-safe characters pass (no '/', '.', '%': an address
 * like `#lead=../sessao` must not reach another endpoint); the endpoint answers "Não encontrado." for
 * any other id that is not a record the viewer may see.
 */
const safeId = (id: string) => /^[0-9A-Za-z-]{1,64}$/.test(id);

/**
 * The place an address names. An empty or unknown fragment is the first screen; `#sem-desfecho` (the
 * morning mail's link before screens had addresses, still in people's inboxes) is that tab of Reuniões.
 */
export function parsePlace(hash: string): PainelPlace {
  const text = hash.replace(/^#/, '');
  if (!text) return homePlace;
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(text);
  } catch {
    return homePlace;
  }
  // The first name says what the address is: `reuniao` is also a filter of Leads (com/sem reunião).
  const [first = '', value = ''] = [...params.entries()][0] ?? [];
  if (first === 'lead' || first === 'reuniao') {
    if (!safeId(value)) return { kind: 'missing' };
    return { kind: first === 'lead' ? 'lead' : 'meeting', id: value };
  }
  if ((meetingTabs as readonly string[]).includes(first)) return { kind: 'section', section: 'meetings', filters: { aba: first } };
  const section = painelSections.find((s) => sectionWords[s] === first);
  if (!section) return homePlace;
  const filters: Filters = {};
  for (const name of addressFilters[section]) {
    const value = params.get(name);
    if (value && printable(value)) filters[name] = value;
  }
  return { kind: 'section', section, filters };
}

/** The fragment of a place, with its leading '#'. Filters keep the list's own order; empty ones are left out. */
export function placeHash(place: PainelPlace): string {
  if (place.kind === 'lead') return `#lead=${encodeURIComponent(place.id)}`;
  if (place.kind === 'meeting') return `#reuniao=${encodeURIComponent(place.id)}`;
  if (place.kind === 'missing') return '#lead=';
  const params = new URLSearchParams();
  for (const name of addressFilters[place.section]) {
    const value = place.filters[name];
    if (value) params.set(name, value);
  }
  const rest = params.toString();
  return `#${sectionWords[place.section]}${rest ? `&${rest}` : ''}`;
}

/** The full address of a place, for a mail (SITE_URL is the site's public origin). */
export function painelUrl(siteUrl: string, place: PainelPlace): string {
  return `${siteUrl.replace(/\/$/, '')}/painel${placeHash(place)}`;
}

/** The words of the mails' link into the console. */
export const openInPainel = 'Abrir no painel';
