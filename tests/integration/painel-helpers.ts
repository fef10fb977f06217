// The console's tests: its real handler over either store, signing in the way a person does (the code
// read from the queued mail), and meetings booked through the real lead and booking endpoints.
import type { App } from '../../functions/lib/app';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import { createMeetingsHandler } from '../../functions/lib/handlers/meetings';
import { SESSION_COOKIE } from '../../functions/lib/painel/auth';
import { createPainelHandler } from '../../functions/lib/painel/router';
import type { SealedContent } from '../../functions/lib/mail/secrets';
import { asDelivered, futureWorkday, key, postJson, PRESELLERS, validRequest } from './helpers';
import type { Opened } from './stores';

export const SITE = 'https://mentor-solar.netlify.app';
export const MENTOR = 'contato@mentorsolar.com.br';
export const ANA = 'ana.souza@consultores.example.com';
export const BRUNO = 'bruno.almeida@consultores.example.com';

export type CallOptions = { body?: unknown; cookie?: string | null; origin?: string | null; ip?: string; raw?: string };

export function painelClient(opened: () => Opened) {
  const handler = createPainelHandler(async () => opened().app);

  async function call(method: string, path: string, opts: CallOptions = {}): Promise<Response> {
    const headers: Record<string, string> = {};
    if (opts.cookie) headers.cookie = `${SESSION_COOKIE}=${opts.cookie}`;
    if (method === 'POST') {
      headers['content-type'] = 'application/json';
      // A browser's same-origin fetch; null leaves both headers out (a client that says nothing).
      if (opts.origin !== null) headers.origin = opts.origin ?? SITE;
    }
    const req = new Request(`${SITE}${path}`, {
      method, headers, body: method === 'POST' ? (opts.raw ?? JSON.stringify(opts.body ?? {})) : undefined,
    });
    return handler(req, { ip: opts.ip ?? '203.0.113.7' });
  }

  /** The code of the latest sign-in mail to `email` whose code is live, as its reader gets it; null when none. */
  async function codeFor(email: string): Promise<string | null> {
    const [row] = await opened().query<{ id: string; message: SealedContent; secrets: string[] | null }>(
      // The live code's mail: written at the code's own time (a test's clock may have gone back since).
      `select o.id, o.message, o.secrets from outbox o join painel_codes c on c.email = lower(o.message->>'to') and c.created_at = o.created_at
       where o.kind = 'painel-code' and lower(o.message->>'to') = lower($1) order by o.created_at desc, o.id desc limit 1`, [email]);
    if (!row) return null;
    return /é: ([A-Z0-9]{8})/.exec(asDelivered(row).message.text)?.[1] ?? null;
  }

  /** Signs in as a person does; returns the session cookie's value. */
  async function signIn(email: string, ip?: string): Promise<string> {
    const asked = await call('POST', '/api/painel/codigo', { body: { email }, ip });
    if (asked.status !== 202) throw new Error(`codigo ${asked.status}`);
    const code = await codeFor(email);
    const res = await call('POST', '/api/painel/entrar', { body: { email, code }, ip });
    if (res.status !== 200) throw new Error(`entrar ${res.status}`);
    return cookieOf(res)!;
  }

  return { call, codeFor, signIn };
}

export function cookieOf(res: Response): string | null {
  const header = res.headers.get('set-cookie') ?? '';
  return new RegExp(`${SESSION_COOKIE}=([^;]*)`).exec(header)?.[1] || null;
}

/** A lead with a meeting booked through the real endpoints, with a consultant chosen by id. */
export async function bookMeeting(app: App, opts: { email: string; presellerId: string; day?: number; time?: string; empresa?: string; nome?: string; cnpj?: string; telefone?: string }) {
  const leads = createLeadsHandler(async () => app);
  const meetings = createMeetingsHandler(async () => app);
  const lead = await leads(postJson('/api/leads', {
    ...validRequest, email: opts.email, idempotencyKey: key(),
    ...(opts.empresa ? { nomeEmpresa: opts.empresa } : {}), ...(opts.nome ? { nomeCompleto: opts.nome } : {}),
    ...(opts.cnpj ? { cnpj: opts.cnpj } : {}), ...(opts.telefone ? { telefone: opts.telefone } : {}),
  }));
  if (lead.status !== 201) throw new Error(`lead ${lead.status}`);
  const { id: leadId } = await lead.json();
  const res = await meetings(postJson('/api/meetings', {
    leadId, service: 'consultoria', diagnosticScore: 70, idempotencyKey: key(),
    scheduledDate: futureWorkday(3, opts.day ?? 0), scheduledTime: opts.time ?? '10:00', presellerId: opts.presellerId,
  }));
  if (res.status !== 201) throw new Error(`meeting ${res.status} ${await res.text()}`);
  const { meeting } = await res.json();
  return { leadId: leadId as string, meetingId: meeting.id as string, startsAt: new Date(meeting.startsAt as string) };
}

export { PRESELLERS };
