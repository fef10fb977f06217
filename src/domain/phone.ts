// Brazilian phone: area code (DD) plus 8 digits (landline) or 9 digits (mobile).

/** Only the digits, at most 11 (area code + 9). */
export function phoneDigits(input: string): string {
  return String(input ?? '').replace(/\D/g, '').slice(0, 11);
}

/** 10 or 11 digits once the mask is removed, and not one digit repeated (0000000000, 11111111111…). */
export function isValidPhone(input: string): boolean {
  const digits = String(input ?? '').replace(/\D/g, '');
  return (digits.length === 10 || digits.length === 11) && !/^(\d)\1+$/.test(digits);
}

/** Progressive mask: (DD) NNNN-NNNN for 10 digits, (DD) NNNNN-NNNN for 11; max 15 chars. */
export function maskPhone(input: string): string {
  const d = phoneDigits(input);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  const area = `(${d.slice(0, 2)}) `;
  const rest = d.slice(2);
  const split = d.length === 11 ? 5 : 4;
  if (rest.length <= split) return area + rest;
  return `${area}${rest.slice(0, split)}-${rest.slice(split)}`;
}
