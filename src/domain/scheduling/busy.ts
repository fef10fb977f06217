// A consultant's taken time, whatever took it: its own module so that hours.ts (which makes "fora do
// horário" spans) and slots.ts (which reads the hours) need not import each other.
export type BusyKind = 'meeting' | 'calendar' | 'time_off' | 'hours';
/**
 * kind: what holds the consultant (a meeting, a calendar block, time off, or outside their hours); absent
 * reads as a meeting. Only the routing "why" tells them apart (routing-facts.ts).
 */
export type Busy = { presellerId: string; startsAt: Date; endsAt: Date; kind?: BusyKind };
