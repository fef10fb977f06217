import { z } from 'astro/zod';

// Copy of /orcamento: page heading, service choices, wizard, scheduling dialog and toasts.
// Every user-facing string of the quote flow lives in content/orcamento.yaml and is typed here,
// so a missing text fails `astro build` instead of rendering an empty label.

const text = z.string().min(1);
const toast = z.object({ title: text, description: text });

const field = z.object({ label: text, placeholder: z.string().optional(), hint: z.string().optional() });

export const orcamentoSchema = z.object({
  title: text,
  description: text,
  heading: text,
  intro: text,
  breadcrumb: text,
  services: z.object({
    heading: text,
    palestras: z.object({ title: text, description: text, newTabHint: text }),
    consultoria: z.object({ title: text, description: text }),
    trafego: z.object({ title: text, description: text }),
  }),
  wizard: z.object({
    /** `{step}` and `{total}` are replaced. */
    progress: text,
    backToServices: text,
    serviceLabel: text,
    steps: z.tuple([
      z.object({ title: text, description: text }),
      z.object({ title: text, description: text }),
      z.object({ title: text, description: text }),
      z.object({ title: text, description: text }),
    ]),
    fields: z.object({
      nomeCompleto: field,
      cargo: field,
      email: field,
      telefone: field,
      nomeEmpresa: field,
      cnpj: field,
      faturamento: field,
      numeroVendedores: field,
      segmento: field,
      outroSegmento: field,
      modeloNegocio: field,
    }),
    requiredNote: text,
    back: text,
    next: text,
    submit: text,
    saving: text,
    honeypotLabel: text,
    /** Under 'Finalizar e Agendar' (LGPD): before + linked policy name + after. */
    consent: z.object({ before: z.string(), link: text, after: z.string() }),
  }),
  dialog: z.object({
    title: text,
    description: text,
    calendarLabel: text,
    loadingDays: text,
    slotsHeading: text,
    selectDateFirst: text,
    noSlots: text,
    loadingSlots: text,
    /** Shown beside times: every slot is in Brasília time. */
    timeZoneLabel: text,
    /** `{time}` is the visitor's local time, shown only when their time zone differs. */
    localTime: text,
    summaryHeading: text,
    summaryDate: text,
    summaryTime: text,
    summaryConsultant: text,
    summaryLocation: text,
    summaryEmpty: text,
    cancel: text,
    close: text,
    confirm: text,
    confirming: text,
  }),
  toasts: z.object({
    saveError: toast,
    /** The server refused the privacy-policy version the page showed (a newer one is published). */
    policyChanged: toast,
    unexpectedError: toast,
    saved: toast,
    availabilityError: toast,
    noSlots: toast,
    /** Title with the server's message, or `description` when there is none. */
    schedulingError: toast,
    /** When the server answers without `success: true` and without a message. */
    schedulingUnknown: toast,
    /** A slot taken between listing and confirming (HTTP 409). */
    slotTaken: toast,
    /** `{consultant}`, `{date}` (dd/MM/yyyy) and `{time}` are replaced. */
    success: toast,
    /** The booking could not be sent at all (no connection): nothing was reserved. */
    offline: toast,
    regionLabel: text,
    closeLabel: text,
  }),
  /** The panel that stays above the service choice after a booking. `{time}`, `{zone}` are replaced in localTime. */
  confirmation: z.object({
    heading: text,
    when: text,
    localTime: text,
    duration: text,
    consultant: text,
    location: text,
    addToCalendar: text,
    googleCalendar: text,
    outlook: text,
    icsFile: text,
    manage: text,
    manageByEmail: text,
    nextHeading: text,
    next: z.array(text).min(1),
  }),
  /** Instead of the calendar, for an email that already holds an upcoming meeting (never its details). */
  upcoming: z.object({
    heading: text,
    description: text,
    resend: text,
    sending: text,
    sent: text,
    recentlySent: text,
    failed: text,
  }),
  /** Shown without JavaScript: `{email}` and the talks chat link come from site.yaml. */
  noscript: z.object({ before: text, email: text, chat: text }),
  /** Stand-in of step 1 in the HTML, while the form's code loads (hidden from assistive technology). */
  skeletonLoading: text,
});

export type OrcamentoContent = z.infer<typeof orcamentoSchema>;
export type WizardCopy = OrcamentoContent['wizard'];
export type DialogCopy = OrcamentoContent['dialog'];
export type ToastCopy = OrcamentoContent['toasts'];
export type ServicesCopy = OrcamentoContent['services'];
export type ConfirmationCopy = OrcamentoContent['confirmation'];
export type UpcomingCopy = OrcamentoContent['upcoming'];
