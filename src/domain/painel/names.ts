// The team reads people by name: a consultant's e-mail address in a console message or an Atividade line
// (where the log keeps the address, which a rename does not change) is shown as their name as it is now.
// An address that is no consultant's (the mentor's, a deleted consultant's) stays as written.

/** Each known address (any case) in `text` replaced by its name (`names`: lower-case e-mail → name). */
export function withNames(text: string, names: ReadonlyMap<string, string>): string {
  if (!text || names.size === 0) return text;
  // Longest first: "ana@x.com.br" before "ana@x.com"; escaped, so a dot is a dot.
  const emails = [...names.keys()].sort((a, b) => b.length - a.length).map((e) => e.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  // Not inside a longer address: "mariana@x.com" is not "ana@x.com".
  return text.replace(new RegExp(`(?<![\\w.+-])(${emails.join('|')})(?![\\w-]|\\.\\w)`, 'gi'), (m) => names.get(m.toLowerCase()) ?? m);
}
