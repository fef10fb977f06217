/**
 * What the painel's forms check before a round trip: plainly an address (the server checks it
 * properly). Each part excludes the separator that follows it, so no input can make the pattern
 * backtrack (the former /^[^\s@]+@[^\s@]+\.[^\s@]+$/ was quadratic on "a@" plus many dots).
 */
export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(value);
