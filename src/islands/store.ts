// The one state module the /orcamento islands share (wizard, scheduling dialog, toasts); /reuniao uses
// its dialog and toast state. The wizard's draft is kept in sessionStorage by quote/draft.ts.
import { atom } from 'nanostores';
import type { LeadFieldErrors } from '../domain/lead';
import { emptyLeadForm, type LeadField, type LeadFormValues } from '../domain/lead-form';
import type { MeetingBooked } from '../domain/api';
import type { Service } from '../domain/options';
import type { MeasurementBasis } from '../domain/conversions';

export type { Service };
export type Step = 0 | 1 | 2 | 3 | 4;
export const TOTAL_STEPS = 4;

export interface QuoteState {
  service: Service | null;
  /** 0 is the service choice, 1–4 the form steps. */
  step: Step;
  values: LeadFormValues;
  /** Sent with every save attempt of the same data, so a retry never creates a second lead. */
  idempotencyKey: string;
  /** The request body the key was last sent with; other values get a new key (the server refuses a key reused with other data). */
  keySentWith: string | null;
  /** Set once the lead is saved; the dialog books against it. */
  leadId: string | null;
  /** The separate, unticked-by-default box "Quero receber conteúdos por e-mail" (sent as marketingOptIn). */
  marketingOptIn: boolean;
  /** The unticked box for measuring the ads, on the contact step when the mentor's basis is consent (sent as measurementConsent). */
  measurementConsent: boolean;
  /** The unticked-by-default WhatsApp box (src/domain/whatsapp.ts); sent only for a mobile while offered. */
  whatsappOptIn: boolean;
}

export interface ToastRequest {
  id: number;
  kind: 'success' | 'error';
  title: string;
  description: string;
}

export function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; getRandomValues does not.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function initialQuote(): QuoteState {
  return { service: null, step: 0, values: { ...emptyLeadForm }, idempotencyKey: '', keySentWith: null, leadId: null, marketingOptIn: false, measurementConsent: false, whatsappOptIn: false };
}

/** Wizard state. Its `init` (step 0) is what the server renders; the client restores on load (quote/draft.ts). */
export const $quote = atom<QuoteState>(initialQuote());
export const $errors = atom<LeadFieldErrors>({});
export const $saving = atom(false);
export const $schedulingOpen = atom(false);
export const $toasts = atom<ToastRequest[]>([]);
/**
 * The meeting just booked, shown above the service choice until the visitor starts another quote or
 * leaves the page. Kept in memory only: its manage link is a secret, so it is never written to storage.
 */
export const $confirmation = atom<MeetingBooked | null>(null);
/** The mentor's measurement basis as GET /api/leads said it (quote/measurement.ts); null until known or when unreadable: no box. */
export const $measurementBasis = atom<MeasurementBasis | null>(null);
/** The saved lead whose email already holds an upcoming meeting: the wizard offers the manage link instead of the calendar. */
export const $upcoming = atom<{ leadId: string } | null>(null);

// The service values of src/domain/options.ts, written out: importing `serviceValues` here moves the
// options module into the chunk both islands load first, +0.6 KB gzip on /orcamento and on /reuniao
// (measured), which has 1 KB of its budget left. The type ties the two: a value that is not a Service fails.
export const isService = (value: unknown): value is Service => value === ('consultoria' satisfies Service) || value === ('trafego' satisfies Service);

function syncUrl(service: Service | null): void {
  // Keeps ?servico= in the address so a reload (or a shared link) lands on the same place.
  const url = new URL(location.href);
  if (service) url.searchParams.set('servico', service);
  else url.searchParams.delete('servico');
  if (url.href !== location.href) history.replaceState(history.state, '', url);
}

export function chooseService(service: Service): void {
  $confirmation.set(null);
  $upcoming.set(null);
  const current = $quote.get();
  $quote.set({ ...current, service, step: 1, idempotencyKey: current.idempotencyKey || newKey() });
  syncUrl(service);
}

/** Editing after the lead was saved means new data: a fresh key saves it as a new lead. */
function edit(change: Partial<QuoteState>): void {
  const current = $quote.get();
  const saved = current.leadId !== null;
  $quote.set({
    ...current,
    ...change,
    leadId: saved ? null : current.leadId,
    idempotencyKey: saved ? newKey() : current.idempotencyKey,
    keySentWith: saved ? null : current.keySentWith,
  });
}

export function setField(field: LeadField, value: string): void {
  edit({ values: { ...$quote.get().values, [field]: value } });
  // Another email is another person: the "already booked" notice was about the previous one.
  if (field === 'email') $upcoming.set(null);
  const errors = $errors.get();
  if (errors[field]) {
    const { [field]: _cleared, ...rest } = errors;
    $errors.set(rest);
  }
}

/** The e-mail opt-in box: like a field, a change after the lead was saved is new data. */
export const setMarketingOptIn = (marketingOptIn: boolean): void => edit({ marketingOptIn });
/** The box for measuring the ads: a change after the lead was saved is new data too. */
export const setMeasurementConsent = (measurementConsent: boolean): void => edit({ measurementConsent });
/** The WhatsApp box: the same. */
export const setWhatsAppOptIn = (whatsappOptIn: boolean): void => edit({ whatsappOptIn });
/** Whether the server offers WhatsApp (GET apiPaths.whatsapp, asked once on the contact step); false until it says so. */
export const $whatsappOffered = atom(false);

export function goToStep(step: Step): void {
  $quote.set({ ...$quote.get(), step });
}

/** Back to the service choice with everything cleared (the "leave the form" action). */
export function resetQuote(): void {
  $quote.set(initialQuote());
  $errors.set({});
  $saving.set(false);
  $schedulingOpen.set(false);
  syncUrl(null);
}

/**
 * The idempotency key to send with this request body: the current one for a first try or a true retry
 * (same body), a new one when the current key already carried other values (e.g. an email corrected
 * after an answer that never arrived). Records the body as the one the key carries.
 */
export function keyForRequest(body: string): string {
  const current = $quote.get();
  const idempotencyKey = current.keySentWith !== null && current.keySentWith !== body ? newKey() : current.idempotencyKey || newKey();
  $quote.set({ ...current, idempotencyKey, keySentWith: body });
  return idempotencyKey;
}

export function markLeadSaved(leadId: string): void {
  $quote.set({ ...$quote.get(), leadId });
}

/** This email already holds an upcoming meeting (lead saved, or a booking refused with 409): no calendar. */
export function showUpcomingMeeting(leadId: string | null = $quote.get().leadId): void {
  $schedulingOpen.set(false);
  if (leadId) $upcoming.set({ leadId });
}

export function openScheduling(): void {
  $schedulingOpen.set(true);
}

/** Closing keeps the saved lead, so "Finalizar e Agendar" reopens the dialog without saving again. */
export function closeScheduling(): void {
  $schedulingOpen.set(false);
}

let toastId = 0;
export function notify(kind: ToastRequest['kind'], title: string, description: string): void {
  $toasts.set([...$toasts.get(), { id: ++toastId, kind, title, description }]);
}

/** The toast host takes the queued toasts once its renderer is mounted. */
export function takeToasts(): ToastRequest[] {
  const queued = $toasts.get();
  if (queued.length) $toasts.set([]);
  return queued;
}
