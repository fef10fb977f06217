// TLS for DATABASE_URL. postgres.js connects in clear text unless told otherwise, and Supabase accepts
// clear text unless "Enforce SSL" is on: the password and every lead would cross the internet readable.
// So any database that is not on this machine gets TLS (libpq's sslmode, stricter default), and a URL that
// asks for less is refused with a message that names the fix, never the URL (it holds the password).
import { readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import { StoreUnavailableError } from './errors';

/** What postgres.js gets: no TLS, encrypted without checking the certificate, or verified. */
export type DatabaseTls = false | 'require' | ConnectionOptions;

const WEAK = new Set(['disable', 'allow', 'prefer']);
const KNOWN = new Set([...WEAK, 'require', 'verify-ca', 'verify-full']);

/** localhost, 127.0.0.0/8, ::1 and unix sockets: the only places a clear-text connection stays on the machine. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === '' || h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || h.startsWith('/');
}

/**
 * The URL postgres.js may see (sslmode, sslrootcert taken out: postgres.js would send an unknown query
 * parameter to the server as a startup parameter, which a pooler refuses) and its TLS setting.
 * caCert: DATABASE_CA_CERT, a PEM text (Supabase's "SSL certificate" download) for verify-full.
 */
export function databaseTls(rawUrl: string, caCert?: string): { url: string; ssl: DatabaseTls } {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new StoreUnavailableError('postgres_url_invalid', 'DATABASE_URL is not a postgres:// URL');
  }
  const mode = (url.searchParams.get('sslmode') ?? url.searchParams.get('ssl') ?? '').toLowerCase();
  const rootCert = url.searchParams.get('sslrootcert');
  for (const name of ['sslmode', 'ssl', 'sslrootcert']) url.searchParams.delete(name);
  const cleaned = url.toString();
  const host = decodeURIComponent(url.hostname);
  if (mode && !KNOWN.has(mode)) {
    throw new StoreUnavailableError('postgres_tls_refused', `DATABASE_URL has sslmode=${mode}, which is not one of require, verify-ca, verify-full`);
  }
  const ca = caCert?.trim() || (rootCert && rootCert !== 'system' ? readCa(rootCert) : undefined);
  if (isLoopbackHost(host)) {
    if (!mode || WEAK.has(mode)) return { url: cleaned, ssl: false };
  } else if (WEAK.has(mode)) {
    throw new StoreUnavailableError(
      'postgres_tls_refused',
      `DATABASE_URL asks for sslmode=${mode} to ${host}, a database off this machine: the functions only connect to it over TLS. Remove sslmode (TLS is the default) or use sslmode=verify-full with DATABASE_CA_CERT`,
    );
  }
  if (mode === 'verify-full' || mode === 'verify-ca' || (!mode && ca)) {
    return {
      url: cleaned,
      ssl: {
        rejectUnauthorized: true,
        ...(ca ? { ca } : {}),
        // verify-ca: the chain is checked, the name is not (libpq's meaning).
        ...(mode === 'verify-ca' ? { checkServerIdentity: () => undefined } : {}),
      },
    };
  }
  // require, or no sslmode to a remote host: encrypted, certificate not checked (libpq's "require").
  return { url: cleaned, ssl: 'require' };
}

function readCa(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    throw new StoreUnavailableError('postgres_tls_refused', 'the sslrootcert file of DATABASE_URL cannot be read; put the PEM text in DATABASE_CA_CERT instead');
  }
}

/** PostgreSQL's SSLRequest: length 8, code 80877103. The server answers one byte: 'S' (TLS) or 'N' (none). */
const SSL_REQUEST = Buffer.from([0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f]);

/**
 * Whether the server at `rawUrl` answers that it does not speak TLS. postgres.js starts TLS whatever the
 * server answered, so such a server shows only as a reset connection ("check the host and port"); this
 * asks the question again to name the real cause. Anything but a clear 'N' (no answer, an error) is false.
 */
export async function serverRefusesTls(rawUrl: string, timeoutMs = 2_000): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return false;
  }
  const host = decodeURIComponent(url.hostname).replace(/^\[|\]$/g, '');
  return new Promise((resolve) => {
    const socket = createConnection({ host, port: Number(url.port || 5432) });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write(SSL_REQUEST));
    socket.once('data', (reply) => done(reply[0] === 0x4e));
  });
}

/**
 * A connection to a remote database that failed as "unreachable" (a PostgreSQL with ssl = off resets it) or
 * as a TLS failure (a pooler without TLS answers with a wrong record) while TLS was asked for: if the server
 * says it has no TLS, the error names TLS (the host and port are right; the server, or the URL's target, is
 * not the TLS endpoint it should be). Otherwise the error as it was.
 */
export async function explainTlsFailure(error: unknown, rawUrl: string, caCert?: string): Promise<unknown> {
  if (!(error instanceof StoreUnavailableError) || !/^postgres_(unreachable|tls_failed):/.test(error.code)) return error;
  let ssl: DatabaseTls;
  try {
    ssl = databaseTls(rawUrl, caCert).ssl;
  } catch {
    return error;
  }
  if (ssl === false || !(await serverRefusesTls(rawUrl))) return error;
  const url = new URL(rawUrl);
  return new StoreUnavailableError(
    'postgres_tls_unsupported',
    `the server at ${decodeURIComponent(url.hostname)}:${url.port || 5432} answered that it does not accept TLS, and the functions reach a database off this machine only over TLS: point DATABASE_URL at a TLS endpoint (Supabase's pooler always is) or enable TLS on that server`,
  );
}
