// Reuniões da semana's rules: which week an address means, the days' names, and a meeting's status.
import { describe, expect, it } from 'vitest';
import type { MeetingRow } from './api';
import { meetingCount, meetingStatus, weekDays, weekdayLabel, weekStart } from './week';

const meeting = (over: Partial<MeetingRow>): MeetingRow => ({
  id: 'm', startsAt: '2026-11-26T17:30:00.000Z', endsAt: '2026-11-26T18:00:00.000Z', status: 'scheduled', service: 'trafego',
  lead: { id: 'l', name: 'Ana', company: 'Solar' }, consultant: { id: 'c', name: 'Bruno' }, outcome: null, ...over,
});
const outcome = (attendance: 'attended' | 'lead_no_show', qualified: boolean | null) => ({ attendance, qualified, note: null, recordedBy: 'x', recordedAt: '2026-11-26T19:00:00.000Z' });

describe('Reuniões da semana', () => {
  it('runs Monday to Sunday: any day names its week; a day that is none, or out of range, is this week', () => {
    expect(weekStart('2026-11-26', '2026-01-01')).toBe('2026-11-23'); // a Thursday
    expect(weekStart('2026-11-23', '2026-01-01')).toBe('2026-11-23'); // the Monday itself
    expect(weekStart('2026-11-29', '2026-01-01')).toBe('2026-11-23'); // the Sunday ends it
    for (const bad of ['2026-02-30', '1999-12-27', 'ontem', '', null, undefined]) expect(weekStart(bad, '2026-11-26'), String(bad)).toBe('2026-11-23');
    expect(weekDays('2026-12-28')).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
  });

  it('names days and counts as people say them', () => {
    expect(weekDays('2026-11-23').map(weekdayLabel)).toEqual(['Seg 23/11', 'Ter 24/11', 'Qua 25/11', 'Qui 26/11', 'Sex 27/11', 'Sáb 28/11', 'Dom 29/11']);
    expect([0, 1, 2].map(meetingCount)).toEqual(['nenhuma reunião', '1 reunião', '2 reuniões']);
  });

  it('says what became of a meeting: cancelled, its latest outcome, without one once over, booked before', () => {
    const during = new Date('2026-11-26T17:45:00.000Z');
    const after = new Date('2026-11-26T18:00:00.000Z');
    expect(meetingStatus(meeting({}), during)).toBe('Marcada');
    expect(meetingStatus(meeting({}), after)).toBe('Sem desfecho');
    expect(meetingStatus(meeting({ status: 'cancelled' }), after)).toBe('Cancelada');
    expect(meetingStatus(meeting({ outcome: outcome('attended', true) }), after)).toBe('Compareceu · qualificado');
    expect(meetingStatus(meeting({ outcome: outcome('attended', false) }), after)).toBe('Compareceu');
    expect(meetingStatus(meeting({ outcome: outcome('lead_no_show', null) }), after)).toBe('Lead não compareceu');
  });
});
