import { describe, expect, it } from 'vitest';
import { e164, hashedContacts, normalizedEmail, normalizedPhone, sha256Hex } from './hashed-contacts';

describe('hashing: known vectors', () => {
  it("Meta's own examples (Conversions API customer information parameters)", () => {
    expect(sha256Hex(normalizedEmail('meta', ' John_Smith@gmail.com ')!)).toBe('62a14e44f765419d10fea99367361a727c12365e2520f32218d505ed9aa0f62f');
    expect(sha256Hex('16505551212')).toBe('e323ec626319ca94ee8bff2e4c87cf613be6ea19919ed1364124e16807ab3176');
  });

  it('a Brazilian mobile typed (11) 98765-4321 and stored as its 11 digits hashes with 55 for both platforms, + only for Google', () => {
    expect(hashedContacts('meta', { email: 'x@y.com.br', telefone: '11987654321' }).phone).toBe('029c7290f14c4516673508635f0519db95f7daf42057fd0e4ad1de84c5408a66');
    expect(hashedContacts('google', { email: 'x@y.com.br', telefone: '11987654321' }).phone).toBe('38225ec3dccec4189659c110ddc4f3dc9c27539850cb6a9ddae31ae03a5cf441');
    // Without the country code the hash is another one: it would match nobody and say nothing.
    expect(sha256Hex('11987654321')).not.toBe(hashedContacts('meta', { email: 'x@y.com.br', telefone: '11987654321' }).phone);
  });

  it('Gmail: Google drops the dots and the +suffix, Meta only trims and lower-cases', () => {
    const email = ' Maria.Silva+solar@GMail.com ';
    expect(normalizedEmail('google', email)).toBe('mariasilva@gmail.com');
    expect(hashedContacts('google', { email, telefone: '' }).email).toBe('1b012ceb003e882477e741dc6771745ed14564b344ffb28e14e8ed30fdbeed05');
    expect(normalizedEmail('meta', email)).toBe('maria.silva+solar@gmail.com');
    expect(normalizedEmail('google', 'Ana.Souza+x@googlemail.com')).toBe('anasouza@googlemail.com');
    // Any other domain keeps its dots and plus for Google too.
    expect(normalizedEmail('google', 'Contato.Vendas+site@SolarNorte.com.br')).toBe('contato.vendas+site@solarnorte.com.br');
    expect(hashedContacts('meta', { email: 'contato@solarnorte.com.br', telefone: '' }).email).toBe('8ae2709b457270f7f0ae66434e3c4f5e6109583ef8e03a4fa8da49812911054c');
  });
});

describe('normalisation', () => {
  it('E.164 from the stored phone: Brazilian national digits get +55, a foreign E.164 stays, anything else is nothing', () => {
    expect(e164('11987654321')).toBe('+5511987654321');
    expect(e164('1133334444')).toBe('+551133334444');
    expect(e164('+351912345678')).toBe('+351912345678');
    expect(normalizedPhone('meta', '+351912345678')).toBe('351912345678');
    for (const bad of ['', '123', '+0123456789', '119876543210', 'abc']) expect(e164(bad), bad).toBeNull();
    expect(hashedContacts('google', { email: 'sem-arroba', telefone: '123' })).toEqual({});
  });

  it('refuses what is not an address instead of hashing it', () => {
    for (const bad of ['', '@gmail.com', 'ana@', '+x@gmail.com']) expect(normalizedEmail('google', bad), bad).toBeNull();
  });
});
