import { describe, expect, it } from 'vitest';
import { fill } from './format';

describe('fill', () => {
  it('replaces known placeholders and leaves unknown ones', () => {
    expect(fill('Reunião agendada com {consultant} para {date} às {time}. {x}', { consultant: 'Ana Souza', date: '24/11/2026', time: '09:30' })).toBe(
      'Reunião agendada com Ana Souza para 24/11/2026 às 09:30. {x}',
    );
    expect(fill('Etapa {step} de {total}', { step: 2, total: 4 })).toBe('Etapa 2 de 4');
  });
});
