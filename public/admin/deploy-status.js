// Whether the mentor's edits are on the site: a saved edit is a commit, and Netlify then builds and publishes
// the site, which takes a few minutes and may fail (the site then stays on its previous version). This notice
// shows the latest publication's state from GET /api/deploy-status (functions/deploy-status.ts), refreshed every
// 20 s while the editor is open, with times in Brasília. Hidden when the site has no deploy status set up
// (local use; README "Publicação no editor").
(() => {
  const REFRESH_MS = 20_000;
  const time = (iso, withDay) => {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return '';
    const zone = { timeZone: 'America/Sao_Paulo' };
    const hour = date.toLocaleTimeString('pt-BR', { ...zone, hour: '2-digit', minute: '2-digit' });
    const day = date.toLocaleDateString('pt-BR', { ...zone, day: '2-digit', month: '2-digit' });
    const today = new Date().toLocaleDateString('pt-BR', { ...zone, day: '2-digit', month: '2-digit' });
    return withDay && day !== today ? `em ${day} às ${hour}` : `às ${hour}`;
  };
  const COPY = {
    publishing: (s) => ({ tone: 'info', title: 'Publicando…', text: `As últimas alterações estão indo para o site (começou ${time(s.since)}). Leva alguns minutos.` }),
    published: (s) => ({ tone: 'ok', title: `Site publicado ${time(s.at, true)}`, text: 'As alterações salvas até então estão no ar.' }),
    failed: (s) => ({
      tone: 'error',
      title: `A publicação ${time(s.at, true).replace(/^às/, 'das').replace(/^em/, 'de')} falhou`,
      text: 'O site continua na versão anterior. Abra o último texto que você mudou, confira os campos marcados e salve de novo. Se continuar falhando, avise quem cuida do site.',
    }),
    unknown: () => ({ tone: 'info', title: 'Situação da publicação indisponível', text: 'Não foi possível saber agora se o site foi publicado. Tente de novo em instantes.' }),
  };
  const TONES = { info: '#1d4ed8', ok: '#15803d', error: '#b42318' };

  let box;
  function render(status) {
    const copy = COPY[status.state]?.(status);
    if (!copy) {
      box?.remove();
      box = undefined;
      return false;
    }
    if (!box) {
      box = document.createElement('aside');
      box.setAttribute('aria-label', 'Publicação do site');
      box.style.cssText =
        'position:fixed;right:1rem;bottom:max(1rem,env(safe-area-inset-bottom));z-index:2147483646;max-width:min(22rem,calc(100vw - 2rem));' +
        'padding:.625rem .875rem;background:#fff;color:#1a1a1a;border-left:4px solid;border-radius:.375rem;font:14px/1.4 system-ui,sans-serif;' +
        'box-shadow:0 2px 10px rgb(0 0 0 / .2)';
      // Above the editor's bottom bar on a phone.
      if (matchMedia('(max-width: 768px)').matches) box.style.bottom = '4.75rem';
      const status = document.createElement('div');
      status.setAttribute('role', 'status');
      box.append(status);
      document.body.append(box);
    }
    box.style.borderLeftColor = TONES[copy.tone];
    const [title, text] = [document.createElement('strong'), document.createElement('span')];
    title.textContent = copy.title;
    title.style.display = 'block';
    text.textContent = copy.text;
    box.firstChild.replaceChildren(title, text);
    return true;
  }

  let stopped = false;
  async function refresh() {
    if (stopped || document.visibilityState !== 'visible') return;
    try {
      const response = await fetch('/api/deploy-status', { headers: { accept: 'application/json' } });
      const status = response.ok ? await response.json() : { state: 'unknown' };
      if (!render(status) && status.state === 'unconfigured') {
        stopped = true;
        clearInterval(timer);
      }
    } catch {
      render({ state: 'unknown' });
    }
  }
  const timer = setInterval(refresh, REFRESH_MS);
  document.addEventListener('visibilitychange', refresh);
  refresh();
})();
