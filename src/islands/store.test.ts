// The shared quote store and its sessionStorage draft (quote/draft.ts): restore rules, key rotation after
// edits, reset.
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Minimal browser globals the store touches (no DOM needed).
function installBrowser(url: string, saved?: unknown) {
  const data = new Map<string, string>();
  if (saved !== undefined) data.set('orcamento:rascunho:v1', JSON.stringify(saved));
  const loc = { href: url, search: new URL(url).search };
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  });
  vi.stubGlobal('location', loc);
  vi.stubGlobal('history', {
    state: null,
    replaceState: (_s: unknown, _t: string, next: URL) => {
      loc.href = String(next);
      loc.search = new URL(String(next)).search;
    },
  });
  return { data, loc };
}

async function freshStore() {
  vi.resetModules();
  return { ...(await import('./store')), ...(await import('./quote/draft')) };
}

const filled = {
  nomeCompleto: 'Maria', cargo: 'vendedor', email: 'm@x.com', telefone: '(43) 99123-4567', nomeEmpresa: 'Sol',
  cnpj: '11.222.333/0001-81', faturamento: '0-50', numeroVendedores: 'nenhum', segmento: 'outro', outroSegmento: 'X', modeloNegocio: 'b2b',
};

beforeEach(() => {
  vi.unstubAllGlobals();
});

describe('restoreQuote', () => {
  it('starts on step 1 of the service in ?servico= with a fresh key', async () => {
    installBrowser('http://x/orcamento?servico=trafego');
    const store = await freshStore();
    store.restoreQuote('?servico=trafego');
    const q = store.$quote.get();
    expect(q).toMatchObject({ service: 'trafego', step: 1, leadId: null });
    expect(q.idempotencyKey).toMatch(/^[\w-]{8,}$/);
  });

  it('ignores an unknown ?servico= and stays on the service choice', async () => {
    installBrowser('http://x/orcamento?servico=palestras');
    const store = await freshStore();
    store.restoreQuote('?servico=palestras');
    expect(store.$quote.get()).toMatchObject({ service: null, step: 0 });
  });

  it('prefers the saved draft (values, step, key, lead) and keeps only known string fields', async () => {
    installBrowser('http://x/orcamento', { service: 'consultoria', step: 4, values: { ...filled, extra: 'x', cargo: 3 }, idempotencyKey: 'chave-123456', leadId: 'abc' });
    const store = await freshStore();
    store.restoreQuote('');
    const q = store.$quote.get();
    expect(q).toMatchObject({ service: 'consultoria', step: 4, idempotencyKey: 'chave-123456', leadId: 'abc' });
    expect(q.values).toEqual({ ...filled, cargo: '' });
  });

  it('clamps the step to 1–4 and gives a draft without a key a new one', async () => {
    installBrowser('http://x/orcamento', { service: 'trafego', step: 9, values: filled, idempotencyKey: '' });
    const store = await freshStore();
    store.restoreQuote('');
    const q = store.$quote.get();
    expect(q).toMatchObject({ service: 'trafego', step: 1, values: filled, keySentWith: null, leadId: null });
    expect(q.idempotencyKey).toMatch(/^[\w-]{8,}$/);
  });

  it('ignores a draft without a valid service; ?servico= replaces the draft\'s service', async () => {
    installBrowser('http://x/orcamento', { service: 'palestras', step: 3, values: filled, idempotencyKey: 'chave-123456' });
    let store = await freshStore();
    store.restoreQuote('');
    expect(store.$quote.get()).toMatchObject({ service: null, step: 0 });

    installBrowser('http://x/orcamento?servico=trafego', { service: 'consultoria', step: 3, values: filled, idempotencyKey: 'chave-123456' });
    store = await freshStore();
    store.restoreQuote('?servico=trafego');
    expect(store.$quote.get()).toMatchObject({ service: 'trafego', step: 3, idempotencyKey: 'chave-123456' });
  });

  it('drops a corrupt draft', async () => {
    const { data } = installBrowser('http://x/orcamento');
    data.set('orcamento:rascunho:v1', '{not json');
    const store = await freshStore();
    store.restoreQuote('');
    expect(store.$quote.get()).toMatchObject({ service: null, step: 0 });
  });
});

describe('storage that fails', () => {
  it('blocked (even reading sessionStorage throws): the form starts and works without a draft', async () => {
    installBrowser('http://x/orcamento');
    Object.defineProperty(globalThis, 'sessionStorage', { configurable: true, get: () => { throw new DOMException('denied', 'SecurityError'); } });
    const store = await freshStore();
    store.restoreQuote('?servico=consultoria');
    store.setField('nomeCompleto', 'Ana');
    store.resetQuote();
    expect(store.$quote.get()).toMatchObject({ service: null, step: 0 });
  });

  it('full (every write throws): edits still apply', async () => {
    installBrowser('http://x/orcamento');
    vi.stubGlobal('sessionStorage', {
      getItem: () => null,
      setItem: () => { throw new DOMException('full', 'QuotaExceededError'); },
      removeItem: () => { throw new DOMException('full', 'QuotaExceededError'); },
    });
    const store = await freshStore();
    store.restoreQuote('');
    store.chooseService('trafego');
    store.setField('email', 'a@b.com');
    expect(store.$quote.get()).toMatchObject({ service: 'trafego', step: 1, values: { email: 'a@b.com' } });
    store.resetQuote();
    expect(store.$quote.get().service).toBeNull();
  });
});

describe('editing and leaving', () => {
  it('saves the draft on every change and rotates the key when a saved lead is edited', async () => {
    const { data } = installBrowser('http://x/orcamento');
    const store = await freshStore();
    store.restoreQuote('');
    store.chooseService('consultoria');
    store.setField('nomeCompleto', 'Ana');
    const saved = JSON.parse(data.get('orcamento:rascunho:v1') ?? '{}');
    expect(saved.values.nomeCompleto).toBe('Ana');
    const key = store.$quote.get().idempotencyKey;

    store.markLeadSaved('lead-1');
    store.setField('nomeCompleto', 'Ana Lima');
    expect(store.$quote.get().leadId).toBeNull();
    expect(store.$quote.get().idempotencyKey).not.toBe(key);
  });

  it('sends a new key when the values differ from those the key already carried, the same key for a true retry', async () => {
    installBrowser('http://x/orcamento');
    const store = await freshStore();
    store.restoreQuote('');
    store.chooseService('consultoria');
    const first = store.keyForRequest(JSON.stringify({ ...filled, email: 'm@x.con' }));
    // The answer never arrived; the same body again is a retry and keeps the key.
    expect(store.keyForRequest(JSON.stringify({ ...filled, email: 'm@x.con' }))).toBe(first);
    // The visitor corrects the email: the server would refuse the old key with other data (422).
    store.setField('email', 'm@x.com');
    const corrected = store.keyForRequest(JSON.stringify(filled));
    expect(corrected).not.toBe(first);
    expect(store.keyForRequest(JSON.stringify(filled))).toBe(corrected);
  });

  it('clears the edited field error only', async () => {
    installBrowser('http://x/orcamento');
    const store = await freshStore();
    store.$errors.set({ email: 'Email inválido', cargo: 'Selecione seu cargo' });
    store.setField('email', 'a@b.com');
    expect(store.$errors.get()).toEqual({ cargo: 'Selecione seu cargo' });
  });

  it('resetQuote clears everything, the draft and ?servico=', async () => {
    const { data, loc } = installBrowser('http://x/orcamento?servico=consultoria');
    const store = await freshStore();
    store.restoreQuote(loc.search);
    store.setField('email', 'a@b.com');
    store.openScheduling();
    store.resetQuote();
    expect(store.$quote.get()).toMatchObject({ service: null, step: 0, leadId: null });
    expect(store.$schedulingOpen.get()).toBe(false);
    expect(data.has('orcamento:rascunho:v1')).toBe(false);
    expect(loc.href).toBe('http://x/orcamento');
  });
});

describe('toast queue', () => {
  it('queues toasts until a renderer takes them', async () => {
    installBrowser('http://x/orcamento');
    const store = await freshStore();
    store.notify('error', 'Erro ao salvar dados', 'Tente novamente ou entre em contato conosco.');
    store.notify('success', 'Dados salvos com sucesso!', 'Agora selecione um horário para a reunião.');
    expect(store.takeToasts().map((t) => t.title)).toEqual(['Erro ao salvar dados', 'Dados salvos com sucesso!']);
    expect(store.takeToasts()).toEqual([]);
  });
});
