// The WhatsApp rules that need no database: who has a mobile, the settings, "PARAR", the templates' request.
import { describe, expect, it } from 'vitest';
import { whatsappEnv } from '../../functions/lib/whatsapp/config';
import { templateRequest } from '../../functions/lib/whatsapp/templates';
import { isStopWord } from '../../functions/lib/whatsapp/webhook';
import { whatsappOptInOf } from '../../functions/lib/whatsapp/opt-in';
import { whatsappNumber } from './phone';
import { paramsOf, whatsappStatusLine, WHATSAPP_STATUSES } from './whatsapp';

const FULL = { WHATSAPP_PHONE_NUMBER_ID: '106540352242922', WHATSAPP_TOKEN: 'EAAGtesttoken0123456789', WHATSAPP_APP_SECRET: 's', WHATSAPP_VERIFY_TOKEN: 'v' };

describe('whatsappNumber', () => {
  it('a Brazilian mobile as typed or stored becomes 55 + area code + 9 digits; landlines and numbers abroad none', () => {
    expect(whatsappNumber('(43) 99123-4567')).toBe('5543991234567');
    expect(whatsappNumber('43991234567')).toBe('5543991234567');
    expect(whatsappNumber('+55 43 99123-4567')).toBe('5543991234567');
    expect(whatsappNumber('4333221100')).toBeNull();
    expect(whatsappNumber('(43) 3322-1100')).toBeNull();
    expect(whatsappNumber('43891234567')).toBeNull();
    expect(whatsappNumber('+351912345678')).toBeNull();
    expect(whatsappNumber('99999999999')).toBeNull();
  });
});

describe('whatsappEnv', () => {
  it('none set: off without a complaint; some set: off, naming what is missing (never values)', () => {
    expect(whatsappEnv({})).toEqual({ whatsapp: null, problems: [] });
    expect(whatsappEnv({ WHATSAPP_TOKEN: FULL.WHATSAPP_TOKEN })).toEqual({
      whatsapp: null, problems: ['WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'],
    });
    expect(whatsappEnv({ ...FULL, WHATSAPP_HOLDOUT_PERCENT: '120' }).problems).toEqual(['WHATSAPP_HOLDOUT_PERCENT']);
    expect(whatsappEnv({ ...FULL, WHATSAPP_API_URL: 'ftp://x' }).problems).toEqual(['WHATSAPP_API_URL']);
    expect(whatsappEnv({ ...FULL, WHATSAPP_API_URL: 'https://graph.facebook.com/?x=1' }).problems).toEqual(['WHATSAPP_API_URL']);
  });
  it('all four: on, with Graph defaults and a 20 % holdout', () => {
    expect(whatsappEnv(FULL).whatsapp).toMatchObject({ apiUrl: 'https://graph.facebook.com', apiVersion: 'v24.0', holdoutPercent: 20 });
  });
  it('the holdout is drawn by its share, only for a ticked box on a mobile with the settings', () => {
    const env = { whatsapp: whatsappEnv(FULL).whatsapp };
    expect(whatsappOptInOf(env, true, '43991234567', () => 0.19)?.group).toBe('holdout');
    expect(whatsappOptInOf(env, true, '43991234567', () => 0.2)?.group).toBe('whatsapp');
    expect(whatsappOptInOf(env, false, '43991234567')).toBeNull();
    expect(whatsappOptInOf(env, true, '4333221100')).toBeNull();
    expect(whatsappOptInOf({ whatsapp: null }, true, '43991234567')).toBeNull();
  });
});

describe('the words and the request', () => {
  it('every status has its painel line', () => {
    expect(whatsappStatusLine('entregue')).toBe('WhatsApp: entregue');
    for (const status of WHATSAPP_STATUSES) expect(whatsappStatusLine(status)).toMatch(/^WhatsApp: \S/);
  });
  it('"PARAR" however typed; other words not', () => {
    for (const text of ['PARAR', 'parar', ' Parar! ', 'PÁRAR']) expect(isStopWord(text), text).toBe(true);
    for (const text of ['parar de receber', 'pare', '']) expect(isStopWord(text), text).toBe(false);
  });
  it('a template request carries only the parameters its text uses, in pt_BR, with the button suffix', () => {
    const templates = {
      idioma: 'pt_BR' as const, categoria: 'utility' as const,
      modelos: Object.fromEntries(['confirmacao', 'lembrete_24h', 'lembrete_1h', 'reagendamento', 'cancelamento'].map((k) => [k, { nome: `t_${k}`, texto: 'Olá, {{nome}}! Às {{hora}}.', botao: 'Ver', validade_minutos: 60 }])),
    } as Parameters<typeof templateRequest>[0];
    expect(paramsOf('{{nome}} {{hora}} {{nome}}')).toEqual(['nome', 'hora']);
    const body = templateRequest(templates, 'lembrete_1h', { to: '5543991234567', suffix: 'tok', params: { nome: 'Ana', data: 'x', hora: '10:00', consultor: 'y', local: 'z' } });
    expect(body).toEqual({
      messaging_product: 'whatsapp', recipient_type: 'individual', to: '5543991234567', type: 'template',
      template: { name: 't_lembrete_1h', language: { code: 'pt_BR' }, components: [
        { type: 'body', parameters: [{ type: 'text', parameter_name: 'nome', text: 'Ana' }, { type: 'text', parameter_name: 'hora', text: '10:00' }] },
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'tok' }] },
      ] },
    });
  });
});
