// A local stand-in for Meta's Graph API messages endpoint (POST /{version}/{phone-number-id}/messages), for
// the WhatsApp tests. It enforces the documented request shape and answers like Meta:
// - Authorization: Bearer <the token>; else 401 with OAuthException code 190.
// - messaging_product "whatsapp", type "template", `to` as E.164 digits without '+', template.name one of
//   the approved templates (else 404, code 132001 "Template name does not exist in the translation"),
//   language.code "pt_BR", a body component whose named parameters (lower case, ≤ 20 characters) are
//   exactly the template's, and one URL button (index "0") with a text suffix; anything else: 400, code 100.
// - A number listed as without WhatsApp: 400, code 131026 ("Message undeliverable").
// - Accepted: 200 { messaging_product, contacts: [{ input, wa_id }], messages: [{ id: "wamid.…" }] }.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeTemplate = { name: string; params: string[] };
export type SentTemplate = { to: string; name: string; params: Record<string, string>; suffix: string; wamid: string };
export type FakeGraph = {
  url: string;
  /** Accepted messages, in order. */
  sent: SentTemplate[];
  /** Every request's answer status, in order (refusals included). */
  answers: { status: number; code: number | null }[];
  /** Numbers (E.164 digits) Meta reports as not on WhatsApp. */
  withoutWhatsApp: Set<string>;
  /** Template names not approved (yet): 132001. */
  unapproved: Set<string>;
  /** Meta unavailable: 503 with code 131000 ("Something went wrong"), to be retried. */
  down: boolean;
  close(): Promise<void>;
};

type Param = { type?: unknown; text?: unknown; parameter_name?: unknown };
type Component = { type?: unknown; sub_type?: unknown; index?: unknown; parameters?: Param[] };
type Body = { messaging_product?: unknown; type?: unknown; to?: unknown; template?: { name?: unknown; language?: { code?: unknown }; components?: unknown } } | null;

const metaError = (code: number, message: string, details: string) =>
  ({ error: { message: `(#${code}) ${message}`, type: 'OAuthException', code, error_data: { messaging_product: 'whatsapp', details }, fbtrace_id: 'fake' } });

export async function startFakeGraph(opts: { token: string; phoneNumberId: string; version: string; templates: FakeTemplate[] }): Promise<FakeGraph> {
  const sent: SentTemplate[] = [];
  const answers: FakeGraph['answers'] = [];
  const withoutWhatsApp = new Set<string>();
  const unapproved = new Set<string>();
  const byName = new Map(opts.templates.map((t) => [t.name, t]));
  const fake = { url: '', sent, answers, withoutWhatsApp, unapproved, down: false, close: async () => {} } as FakeGraph;

  function answer(req: { url: string; method: string; auth: string | undefined; body: string }): { status: number; body: unknown } {
    if (fake.down) return { status: 503, body: metaError(131000, 'Something went wrong', 'Service temporarily unavailable') };
    if (req.method !== 'POST' || req.url !== `/${opts.version}/${opts.phoneNumberId}/messages`) return { status: 404, body: metaError(100, 'Unknown path', req.url) };
    if (req.auth !== `Bearer ${opts.token}`) return { status: 401, body: metaError(190, 'Invalid OAuth access token', 'token') };
    let body: Body;
    try {
      body = JSON.parse(req.body);
    } catch {
      return { status: 400, body: metaError(100, 'Invalid parameter', 'body is not JSON') };
    }
    const bad = (details: string) => ({ status: 400, body: metaError(100, 'Invalid parameter', details) });
    if (body?.messaging_product !== 'whatsapp') return bad('messaging_product must be whatsapp');
    if (body.type !== 'template') return bad('type must be template');
    if (typeof body.to !== 'string' || !/^[1-9]\d{7,14}$/.test(body.to)) return bad('to must be E.164 digits without +');
    const t = body.template;
    if (!t || typeof t.name !== 'string') return bad('template.name is required');
    if (t.language?.code !== 'pt_BR') return bad('template.language.code must be pt_BR');
    const template = byName.get(t.name);
    if (!template || unapproved.has(t.name)) return { status: 404, body: metaError(132001, 'Template name does not exist in the translation', `template name (${t.name}) does not exist in pt_BR`) };
    const components: Component[] = Array.isArray(t.components) ? t.components : [];
    const bodyParts = components.filter((c) => c?.type === 'body');
    const buttons = components.filter((c) => c?.type === 'button');
    if (bodyParts.length !== 1 || buttons.length !== 1 || components.length !== 2) return bad('one body and one button component expected');
    const params: Record<string, string> = {};
    for (const p of bodyParts[0].parameters ?? []) {
      if (p?.type !== 'text' || typeof p.text !== 'string' || !p.text.trim()) return bad('a body parameter must be non-empty text');
      if (typeof p.parameter_name !== 'string' || !/^[a-z_][a-z0-9_]*$/.test(p.parameter_name) || p.parameter_name.length > 20) return bad('parameter_name must be lower case, at most 20 characters');
      params[p.parameter_name] = p.text;
    }
    const names = Object.keys(params);
    if (names.length !== template.params.length || !template.params.every((n) => names.includes(n))) return bad(`parameters must be ${template.params.join(', ')}`);
    const button = buttons[0];
    const suffix = button.parameters?.[0]?.text;
    if (button.sub_type !== 'url' || button.index !== '0' || button.parameters?.length !== 1 || button.parameters[0].type !== 'text' || typeof suffix !== 'string' || !suffix) {
      return bad('the URL button needs index "0" and one text parameter (its suffix)');
    }
    if (withoutWhatsApp.has(body.to)) return { status: 400, body: metaError(131026, 'Message undeliverable', 'Message Undeliverable.') };
    const wamid = `wamid.${randomBytes(24).toString('base64url')}`;
    sent.push({ to: body.to, name: t.name, params, suffix, wamid });
    return { status: 200, body: { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: wamid }] } };
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { status, body } = answer({ url: req.url ?? '', method: req.method ?? '', auth: req.headers.authorization, body: Buffer.concat(chunks).toString('utf8') });
      answers.push({ status, code: (body as { error?: { code?: number } }).error?.code ?? null });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  });
  return fake;
}
