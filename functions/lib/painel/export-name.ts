// The CSV's file name says what it holds (issue 32 item 6): the list, the period and which date it bounds,
// the tab and every filter in use, in the words of the console, as a plain ASCII slug
// (`reunioes-2026-11-01-a-2026-11-26-sem-desfecho.csv`). Without a period, the day it was exported.
import { labelOf, serviceOptions } from '../../../src/domain/options';
import { addDays, zonedParts } from '../../../src/domain/scheduling/time';
import { schedulingConfig } from '../../../src/domain/scheduling/config';
import type { MeetingFilter } from './store';

/** 'Consultoria Empresarial' → 'consultoria-empresarial'; 'Ana Souza (inativa)' → 'ana-souza-inativa'. */
export function slug(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|(?<!-)-+$/g, '').slice(0, 60);
}

const day = (d: Date) => zonedParts(d, schedulingConfig.timeZone).date;

/** `from`/`to` as the query made them: [start of de, start of the day after ate) in Brasília. */
function periodPart(from: Date | undefined, to: Date | undefined, now: Date): string {
  const last = to ? addDays(day(to), -1) : null;
  if (from && last) return `${day(from)}-a-${last}`;
  if (from) return `desde-${day(from)}`;
  if (last) return `ate-${last}`;
  return `exportado-em-${day(now)}`;
}

/** The meetings CSV's name; `consultant`: the filtered consultant's name, when the mentor chose one. */
export function meetingsFileName(filter: MeetingFilter, now: Date, consultant: string | null): string {
  const parts = [
    'reunioes',
    periodPart(filter.from, filter.to, now),
    filter.dateField === 'agendamento' && (filter.from || filter.to) ? 'agendadas-no-periodo' : null,
    filter.tab,
    filter.outcome && filter.outcome !== filter.tab ? filter.outcome : null,
    filter.service ? slug(labelOf(serviceOptions, filter.service)) : null,
    consultant ? slug(consultant) : null,
  ];
  return `${parts.filter(Boolean).join('-')}.csv`;
}
