// Debian's Chromium and the flags it needs on this kind of machine (no sandbox as root, no network
// chatter that a closed network would refuse). Shared by the browser tests and the Lighthouse gate.
import { existsSync } from 'node:fs';

/** The full browser: Lighthouse audits with it (its scores are what a visitor's Chrome does). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser tests' Chromium: Debian's chromium-headless-shell (the same Blink and V8 without the browser
 * shell, what Playwright itself runs for headless tests) when installed, else the full one. On the same three
 * files (34 tests) it used 102 CPU-seconds against 126 for the full browser, and 106 s against 116 s of wall
 * time, measured back to back (2026-11-27). CHROMIUM_TEST_PATH picks another.
 */
export const CHROMIUM_TEST_PATH =
  process.env.CHROMIUM_TEST_PATH ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : CHROMIUM_PATH);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
