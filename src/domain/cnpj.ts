// CNPJ rule, numeric and alphanumeric (Receita Federal, from July 2026): 12 characters 0-9/A-Z,
// then 2 numeric check digits. Each character counts as its ASCII code minus 48 (A=17 … Z=42),
// module 11 with the usual weights. Written here because brazilian-utils 2.4.0 rejects alphanumeric CNPJs.

const WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** Strips the mask and anything that cannot be part of a CNPJ; upper-cases letters. */
export function normalizeCnpj(input: string): string {
  return String(input ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '');
}

function checkDigit(chars: string, weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (chars.charCodeAt(i) - 48) * weights[i];
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** True for a 14-character CNPJ (masked or not, any case) whose check digits match. */
export function isValidCnpj(input: string): boolean {
  const cnpj = normalizeCnpj(input);
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(cnpj)) return false;
  if (/^(.)\1{13}$/.test(cnpj)) return false;
  const first = checkDigit(cnpj, WEIGHTS_1);
  if (first !== Number(cnpj[12])) return false;
  return checkDigit(cnpj, WEIGHTS_2) === Number(cnpj[13]);
}

/** A whole, normalized CNPJ (as stored): masked by slicing, what the loop below gives it. */
const WHOLE_CNPJ = /^[0-9A-Z]{12}[0-9]{2}$/;

/** Progressive mask NN.NNN.NNN/NNNN-NN while typing: letters only in the first 12 places, max 18 chars. */
export function maskCnpj(input: string): string {
  // The leads CSV masks 50,000 stored CNPJs: the loop was ~50 ms of its JavaScript (2026-11-29).
  if (WHOLE_CNPJ.test(input)) return `${input.slice(0, 2)}.${input.slice(2, 5)}.${input.slice(5, 8)}/${input.slice(8, 12)}-${input.slice(12)}`;
  let chars = '';
  for (const c of normalizeCnpj(input)) {
    if (chars.length >= 14) break;
    if (chars.length >= 12 && !/[0-9]/.test(c)) continue; // check digits are numeric
    chars += c;
  }
  const parts: [number, number, string][] = [
    [0, 2, ''],
    [2, 5, '.'],
    [5, 8, '.'],
    [8, 12, '/'],
    [12, 14, '-'],
  ];
  let out = '';
  for (const [from, to, sep] of parts) {
    if (chars.length <= from) break;
    out += sep + chars.slice(from, to);
  }
  return out;
}
