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

/**
 * The browser tests' flags: the above, with the GPU process's work (software compositing, as --disable-gpu
 * leaves it) and the network service run inside the browser process instead of two processes of their own,
 * which every frame and every request crossed by IPC. On four browser files (24 tests, one worker) the whole
 * machine used 83–95 CPU-s (mean 89, 4 runs) against 90–98 (mean 94, 6 runs) without them, alternated on one
 * quiet host (2026-12-02). Not for Lighthouse: its scores are what a visitor's Chrome, with those processes, does.
 */
export const CHROMIUM_TEST_ARGS = [...CHROMIUM_ARGS, '--in-process-gpu', '--enable-features=NetworkServiceInProcess2'];
