import { z } from 'astro/zod';

// Copy of /reuniao (manage a booked meeting). Every user-facing string of the page lives in
// content/reuniao.yaml and is typed here; the scheduling dialog and its toasts keep orcamento.yaml's.

const text = z.string().min(1);
const toast = z.object({ title: text, description: text });
/** A template that must keep its `{name}` placeholders. */
const withPlaceholders = (...names: string[]) =>
  text.refine((value) => names.every((n) => value.includes(`{${n}}`)), { message: `use ${names.map((n) => `{${n}}`).join(', ')}` });

export const reuniaoSchema = z.object({
  title: text,
  description: text,
  heading: text,
  intro: text,
  introState: z.object({ changeable: text, consultantChangeable: text, locked: text, cancelled: text, past: text }),
  loading: text,
  invalidLinkHint: text,
  loadError: text,
  retry: text,
  summary: z.object({ service: text, date: text, time: text, consultant: text, location: text, status: text }),
  status: z.object({ scheduled: text, cancelled: text, past: text }),
  consultantNote: text,
  actions: z.object({ reschedule: text, cancel: text, rescheduleTitle: text, rescheduleDescription: text }),
  cancelConfirm: z.object({ heading: text, text, reasonLabel: text, reasonHint: text, confirm: text, confirming: text, back: text }),
  rescheduled: withPlaceholders('date', 'time'),
  cancelled: text,
  bookAgain: text,
  locked: withPlaceholders('email'),
  toasts: z.object({ cancelError: toast }),
});

export type ReuniaoContent = z.infer<typeof reuniaoSchema>;
