// Looks at a page as a person would: `node tests/tools/screenshot.mjs <url> <out.png> [width=375] [fullPage=1]`.
// Prints the scripts the page loaded and its console output.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const [, , url, out, width = '375', full = '1'] = process.argv;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: Number(width), height: 800 } });
const scripts = [];
page.on('response', (r) => r.request().resourceType() === 'script' && scripts.push(r.url()));
page.on('console', (m) => console.log('console:', m.text()));
await page.goto(url, { waitUntil: 'networkidle' });
await page.screenshot({ path: out, fullPage: full === '1' });
console.log('scripts:', scripts);
await browser.close();
