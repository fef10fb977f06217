import { describe, expect, it } from 'vitest';
import { withNames } from './names';

const names = new Map([['ana@exemplo.com.br', 'Ana Souza'], ['bruno@exemplo.com', 'Bruno Almeida']]);

describe('withNames', () => {
  it('names each known address, in any case, at the end of a sentence too', () => {
    expect(withNames('Consultor ana@exemplo.com.br desativado.', names)).toBe('Consultor Ana Souza desativado.');
    expect(withNames('ANA@Exemplo.com.br: peso 100 → 150; bruno@exemplo.com.', names)).toBe('Ana Souza: peso 100 → 150; Bruno Almeida.');
  });
  it('leaves other addresses, longer ones that contain a known one, and text without any as written', () => {
    expect(withNames('mariana@exemplo.com.br e ana@exemplo.com.br.x', names)).toBe('mariana@exemplo.com.br e ana@exemplo.com.br.x');
    expect(withNames('bruno@exemplo.com.br', names)).toBe('bruno@exemplo.com.br');
    expect(withNames('contato@mentorsolar.com.br', names)).toBe('contato@mentorsolar.com.br');
    expect(withNames('', names)).toBe('');
  });
});
