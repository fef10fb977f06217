// "Entrar com GitHub" opens Netlify's GitHub sign-in in a popup and waits for it to answer. Where it cannot
// answer — the editor opened from this computer (localhost, plain http) or offline — Sveltia CMS waits forever on
// "Entrando…". This stops it: if the sign-in screen is still there 15 s after the click, the popup is closed (the
// editor then gives up and shows its sign-in buttons again) and a pt-BR notice says why and what to do instead. On the published site (https, online) the sign-in may take as
// long as GitHub needs (typing a password, a second factor), so nothing is timed there.
// Loaded before the editor's bundle so it sees the popup being opened (window.open wrapped).
(() => {
  const LIMIT_MS = 15_000;
  const NOTICE_ID = 'sign-in-notice';
  const host = location.hostname;
  const cannotComplete = () =>
    !navigator.onLine || location.protocol !== 'https:' || host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.local');

  let popup = null;
  const open = window.open;
  window.open = function (...args) {
    const opened = open.apply(this, args);
    if (/\/auth\b/.test(String(args[0] ?? ''))) popup = opened;
    return opened;
  };

  function showNotice() {
    if (document.getElementById(NOTICE_ID)) return;
    const notice = document.createElement('div');
    notice.id = NOTICE_ID;
    notice.setAttribute('role', 'alert');
    notice.style.cssText =
      'position:fixed;inset:auto 1rem 1rem 1rem;z-index:2147483647;max-width:36rem;margin:0 auto;padding:1rem 1.25rem;' +
      'background:#fff;color:#1a1a1a;border:2px solid #b42318;border-radius:.5rem;font:16px/1.5 system-ui,sans-serif;box-shadow:0 4px 16px rgb(0 0 0 / .25)';
    const title = document.createElement('p');
    title.style.cssText = 'margin:0 0 .5rem;font-weight:700';
    title.textContent = 'Não foi possível entrar pelo GitHub a partir daqui.';
    const text = document.createElement('p');
    text.style.margin = '0 0 .75rem';
    text.textContent =
      'O login pelo GitHub funciona no site publicado (endereço do site seguido de /admin/), com internet. ' +
      'Neste computador, use “Trabalhar com Repositório Local” no Chrome ou no Edge e escolha a pasta do site.';
    const close = document.createElement('button');
    close.type = 'button';
    close.textContent = 'Entendi';
    close.style.cssText = 'font:inherit;padding:.5rem 1rem;border-radius:.375rem;border:1px solid #1a1a1a;background:#1a1a1a;color:#fff;cursor:pointer';
    close.addEventListener('click', () => notice.remove());
    notice.append(title, text, close);
    document.body.append(notice);
    close.focus();
  }

  document.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (!button || !/GitHub/.test(button.textContent ?? '') || !cannotComplete()) return;
      const started = Date.now();
      const timer = setInterval(() => {
        // Signed in after all: the sign-in screen is gone. While it waits, Sveltia replaces the buttons with
        // "Entrando…" but keeps the screen's "Desenvolvido com Sveltia CMS" line (.powered-by), shown nowhere else.
        if (!document.querySelector('.powered-by')) return clearInterval(timer);
        if (Date.now() - started < LIMIT_MS) return;
        clearInterval(timer);
        popup?.close();
        showNotice();
      }, 250);
    },
    true,
  );
})();
