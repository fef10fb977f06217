import { describe, expect, it } from 'vitest';
import { businessHoursText, openingHoursLd } from './business-hours';
import { schedulingConfig } from './config';

describe('business hours from the scheduling config', () => {
  it('states the meeting hours in pt-BR and in JSON-LD', () => {
    expect(businessHoursText(schedulingConfig)).toBe('Segunda a sexta, das 9h às 18h');
    expect(openingHoursLd(schedulingConfig)).toEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      opens: '09:00',
      closes: '18:00',
    });
  });

  it('follows a change of days and hours', () => {
    expect(businessHoursText({ weekdays: [6, 1, 2, 3, 4, 5], dayStart: '08:30', dayEnd: '17:00' })).toBe('Segunda a sábado, das 8h30 às 17h');
    expect(businessHoursText({ weekdays: [1, 3, 5], dayStart: '09:00', dayEnd: '12:00' })).toBe('Segunda, quarta e sexta, das 9h às 12h');
  });
});
