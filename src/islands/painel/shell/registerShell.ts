// Registers the painel's app shell (public/painel-sw.js) once Hoje has shown its figures: its install
// fetches the whole set (58 files) and writes it to the cache, work that must not compete with the first
// open's own code and render. Other first places register at the page's load (early-start.mjs). Only a
// built page names the shell (data-sw on its early-start script: scripts/build/painel-sw.mjs).
import { EARLY_START_ATTRIBUTE, SHELL_SCOPE } from '../early-start.mjs';

let asked = false;

export function registerShell() {
  if (asked) return;
  asked = true;
  const url = document.querySelector<HTMLScriptElement>(`script[${EARLY_START_ATTRIBUTE}]`)?.dataset.sw;
  if (!url || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register(url, { scope: SHELL_SCOPE }).catch(() => {});
  if ('requestIdleCallback' in window) requestIdleCallback(register);
  else setTimeout(register);
}
