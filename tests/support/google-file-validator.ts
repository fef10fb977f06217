// A checker of Google Ads' offline-conversion file, written from Google's template and the rejections
// integrators report, and independent of the builder (functions/lib/conversions/google-file.ts): it does not
// import its constants, so a builder that drifts from the format fails here. It answers the list of
// problems (empty = a file Google would take) so a test can show what is wrong.
const ZONE_LINE = /^Parameters:TimeZone=(?:[A-Za-z]+(?:\/[A-Za-z_]+)+|[+-]\d{4})$/;
const CLICK_HEADER = 'Google Click ID,GBRAID,WBRAID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency';
const CONTACT_HEADER = 'Email,Phone Number,Conversion Name,Conversion Time,Conversion Value,Conversion Currency';
const TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const VALUE = /^(?:\d+(?:\.\d{1,2})?)?$/;
const HEX64 = /^[0-9a-f]{64}$/;
const CLICK_ID = /^[A-Za-z0-9_-]{1,200}$/;

export type GoogleFileKind = 'click' | 'contact';

/** RFC 4180 lines into cells (quoted cells may hold commas and doubled quotes; no line breaks expected). */
function parseLine(line: string): string[] | null {
  const cells: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = '';
      i++;
      for (;;) {
        if (i >= line.length) return null;
        if (line[i] === '"') {
          if (line[i + 1] === '"') { value += '"'; i += 2; continue; }
          i++;
          break;
        }
        value += line[i++];
      }
      cells.push(value);
      if (i < line.length && line[i] !== ',') return null;
      i++;
    } else {
      const end = line.indexOf(',', i);
      const stop = end === -1 ? line.length : end;
      const value = line.slice(i, stop);
      if (value.includes('"')) return null;
      cells.push(value);
      i = stop + 1;
    }
  }
  return cells;
}

function validTime(text: string): boolean {
  const m = TIME.exec(text);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
}

export interface GoogleFileCheck {
  kind: GoogleFileKind | null;
  rows: Record<string, string>[];
  problems: string[];
}

/** Checks a whole file; `names` are the conversion actions the account has (a row naming another is refused). */
export function checkGoogleFile(text: string, names: readonly string[]): GoogleFileCheck {
  const problems: string[] = [];
  const rows: Record<string, string>[] = [];
  if (!text.endsWith('\n')) problems.push('the file does not end with a line break');
  const raw = text.replace(/\r?\n$/, '').split(/\r?\n/);
  if (!ZONE_LINE.test(raw[0] ?? '')) problems.push(`line 1 is not a Parameters:TimeZone line: ${JSON.stringify(raw[0])}`);
  const header = raw[1] ?? '';
  const kind: GoogleFileKind | null = header === CLICK_HEADER ? 'click' : header === CONTACT_HEADER ? 'contact' : null;
  if (!kind) {
    problems.push(`line 2 is neither template's header: ${JSON.stringify(header)}`);
    return { kind, rows, problems };
  }
  const columns = header.split(',');
  const seen = new Set<string>();
  raw.slice(2).forEach((line, index) => {
    const at = `row ${index + 1}`;
    const cells = parseLine(line);
    if (!cells || cells.length !== columns.length) {
      problems.push(`${at}: ${cells ? cells.length : 'unparseable'} cells, ${columns.length} expected`);
      return;
    }
    const row = Object.fromEntries(columns.map((c, i) => [c, cells[i]]));
    rows.push(row);
    if (line.includes('@')) problems.push(`${at}: holds an '@' (a plain e-mail?)`);
    if (kind === 'click') {
      const ids = ['Google Click ID', 'GBRAID', 'WBRAID'].filter((c) => row[c] !== '');
      if (ids.length !== 1) problems.push(`${at}: ${ids.length} click ids, exactly one expected`);
      for (const c of ids) if (!CLICK_ID.test(row[c])) problems.push(`${at}: ${c} is not a click id`);
    } else {
      const ids = ['Email', 'Phone Number'].filter((c) => row[c] !== '');
      if (ids.length === 0) problems.push(`${at}: neither Email nor Phone Number`);
      for (const c of ids) if (!HEX64.test(row[c])) problems.push(`${at}: ${c} is not a lower-case hex SHA-256`);
    }
    if (!names.includes(row['Conversion Name'])) problems.push(`${at}: unknown conversion name ${JSON.stringify(row['Conversion Name'])}`);
    if (!validTime(row['Conversion Time'])) problems.push(`${at}: Conversion Time ${JSON.stringify(row['Conversion Time'])} is not YYYY-MM-DD HH:mm:ss`);
    if (!VALUE.test(row['Conversion Value'])) problems.push(`${at}: Conversion Value ${JSON.stringify(row['Conversion Value'])} is not a '.'-decimal number`);
    if (row['Conversion Currency'] !== 'BRL') problems.push(`${at}: Conversion Currency ${JSON.stringify(row['Conversion Currency'])} is not BRL`);
    const key = [...cells.slice(0, kind === 'click' ? 3 : 2), row['Conversion Name'], row['Conversion Time']].join('|');
    if (seen.has(key)) problems.push(`${at}: the same conversion twice`);
    seen.add(key);
  });
  return { kind, rows, problems };
}
