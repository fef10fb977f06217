// Landmarks for Sveltia CMS 0.221's screens, which leave some content outside any (axe's "region" rule): the
// sign-in screen, the page switcher (a top toolbar on a desktop, a bottom bar on a phone), the content library's
// named group and the entry editor; and main headings for lists and entries.
// Each fix names one container of the editor's own markup and gives it a landmark role, re-applied whenever the
// editor re-renders; tests/browser/admin-a11y.test.ts runs axe on every screen at 390 and 1280 px, so a Sveltia
// update that changes these containers fails there instead of silently losing the landmarks.
(() => {
  const apply = () => {
    // The sign-in screen: its container is the editor's main area only while the screen is shown (the signed-in
    // editor has its own <main>, and two would be one too many).
    const shell = document.querySelector('.sui.app-shell > .outer > .main');
    if (shell) {
      const signIn = shell.querySelector(':scope > .powered-by') !== null;
      if (signIn && shell.getAttribute('role') !== 'main') shell.setAttribute('role', 'main');
      if (!signIn && shell.getAttribute('role') === 'main') shell.setAttribute('role', 'none');
    }
    for (const bar of document.querySelectorAll('.toolbar-wrapper, .sui.bottom-navigation')) {
      if (bar.getAttribute('role') !== 'navigation') {
        bar.setAttribute('role', 'navigation');
        bar.setAttribute('aria-label', 'Páginas do editor');
      }
    }
    // The library's named group ("Biblioteca de Conteúdo") counts as content outside landmarks; its sidebar <nav>
    // and list <main> carry their own names, so the group's name goes (a region around a <main> would be worse).
    for (const group of document.querySelectorAll('#page-container[role="group"]')) {
      if (!group.querySelector('main')) continue;
      group.removeAttribute('aria-label');
      group.setAttribute('role', 'none');
    }
    // The title of a collection's list and of an open entry is an <h2 role="none">, so a screen has no main
    // heading (axe "page-has-heading-one"): it becomes the level-1 heading it reads as.
    for (const title of document.querySelectorAll('main h2[role="none"], .content-editor [role="toolbar"] h2[role="none"]')) {
      title.setAttribute('role', 'heading');
      title.setAttribute('aria-level', '1');
    }
    // Under an entry's title (now level 1) the fields' names are <h4>s: level 2, so no level is skipped (axe
    // "heading-order"); nested fields keep the same level, which skips nothing either.
    for (const name of document.querySelectorAll('.content-editor section[data-key-path] > h4:not([aria-level])')) {
      name.setAttribute('role', 'heading');
      name.setAttribute('aria-level', '2');
    }
    // Already named "Editor de Conteúdo" by the editor: as a region it becomes a landmark.
    for (const editor of document.querySelectorAll('.content-editor[role="group"]')) editor.setAttribute('role', 'region');
  };
  new MutationObserver(apply).observe(document.body, { childList: true, subtree: true });
  apply();
})();
