// The wizard draft in sessionStorage, so a reload never loses what the visitor typed; it is dropped
// once the quote has no service (booking the meeting and going back to the service choice reset it).
// Only the wizard island loads this module: /reuniao shares the store, not the draft.
// src/pages/orcamento.astro reads the same key before hydration.
import { persistentAtom, setPersistentEngine, windowPersistentEvents } from '@nanostores/persistent';
import { emptyLeadForm, type LeadField, type LeadFormValues } from '../../domain/lead-form';
import { $quote, initialQuote, isService, newKey, TOTAL_STEPS, type QuoteState, type Step } from '../store';

export const DRAFT_STORAGE_KEY = 'orcamento:rascunho:v1';

function attempt<T>(use: () => T): T | undefined {
  try {
    return use();
  } catch {
    return undefined;
  }
}

// sessionStorage as the library's engine. Storage blocked (even reading `sessionStorage` throws) or
// full never throws: the form still works, it just won't survive a reload.
const sessionEngine = new Proxy({} as Record<string, string>, {
  get: (_, key) => attempt(() => sessionStorage.getItem(String(key))) ?? undefined,
  has: (_, key) => attempt(() => sessionStorage.getItem(String(key)) !== null) ?? false,
  set: (_, key, value: string) => (attempt(() => sessionStorage.setItem(String(key), value)), true),
  deleteProperty: (_, key) => (attempt(() => sessionStorage.removeItem(String(key))), true),
});
// The engine is global to @nanostores/persistent; the draft is its only store.
setPersistentEngine(sessionEngine, windowPersistentEvents);

/** Only string values of known fields survive a stored draft. */
function pickStrings(values: unknown): Partial<LeadFormValues> {
  if (!values || typeof values !== 'object') return {};
  const out: Partial<LeadFormValues> = {};
  for (const key of Object.keys(emptyLeadForm) as LeadField[]) {
    const v = (values as Record<string, unknown>)[key];
    if (typeof v === 'string') out[key] = v;
  }
  return out;
}

/** A stored draft without a valid service, or one that does not parse, is no draft. */
function decodeDraft(raw: string): QuoteState | null {
  const draft = attempt(() => JSON.parse(raw) as Partial<QuoteState> | null);
  if (!draft || !isService(draft.service)) return null;
  const step = Number(draft.step);
  return {
    service: draft.service,
    step: (step >= 1 && step <= TOTAL_STEPS ? step : 1) as Step,
    values: { ...emptyLeadForm, ...pickStrings(draft.values) },
    idempotencyKey: typeof draft.idempotencyKey === 'string' && draft.idempotencyKey ? draft.idempotencyKey : newKey(),
    keySentWith: typeof draft.keySentWith === 'string' ? draft.keySentWith : null,
    leadId: typeof draft.leadId === 'string' ? draft.leadId : null,
    marketingOptIn: draft.marketingOptIn === true,
    measurementConsent: draft.measurementConsent === true,
    whatsappOptIn: draft.whatsappOptIn === true,
  };
}

const $draft = persistentAtom<QuoteState | null>(DRAFT_STORAGE_KEY, null, {
  // undefined removes the key: without a service there is nothing to restore.
  encode: (state) => (state?.service ? JSON.stringify(state) : undefined),
  decode: decodeDraft,
  // sessionStorage belongs to this tab: no other tab's changes to follow.
  listen: false,
});

/**
 * Client start-up: the saved draft wins; otherwise `?servico=` (links from the service pages)
 * starts the form on step 1. Called once by the wizard island, after hydration (the server renders
 * initialQuote()); from then on every change of the quote is saved.
 */
export function restoreQuote(search: string): void {
  const fromUrl = new URLSearchParams(search).get('servico');
  const draft = $draft.get();
  if (draft) {
    $quote.set(isService(fromUrl) ? { ...draft, service: fromUrl } : draft);
  } else if (isService(fromUrl)) {
    $quote.set({ ...initialQuote(), service: fromUrl, step: 1, idempotencyKey: newKey() });
  }
  $quote.listen((state) => $draft.set(state));
}
