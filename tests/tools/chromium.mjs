// Debian's Chromium and the flags it needs on this kind of machine (no sandbox as root, no network
// chatter that a closed network would refuse). Shared by the browser tests and the Lighthouse gate.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
