// A tab that a page opened by itself (Ctrl+click on a link, target=_blank), read through Chrome's own target
// list instead of Playwright's Page object. When a service worker answers the new tab's navigation,
// Playwright 1.65 can miss the tab's first commit under CPU load and keep its Page at about:blank for good,
// while Chrome shows the page: seen with three CPU hogs on /painel's app shell, Chrome's target at the
// meeting's address with "Reunião com …" on screen (document complete) and Playwright's Page at about:blank
// 60 s later. Asking Chrome tests what the person sees, whatever Playwright's bookkeeping did.
import type { Browser, CDPSession } from 'playwright-core';

interface TargetInfo { targetId: string; type: string; url: string }

export interface ChromeTab {
  readonly url: string;
  /** The value of `expression` in the tab's page (returned by value). */
  evaluate<T>(expression: string): Promise<T>;
  close(): Promise<void>;
}

/** Waits for a page target whose address `matches` and attaches to it (without pausing it). */
export async function chromeTab(browser: Browser, matches: (url: string) => boolean, timeout = 60_000): Promise<ChromeTab> {
  const cdp = await browser.newBrowserCDPSession();
  // Chrome reports every target's address change (targetInfoChanged): wait for the one that matches.
  const found = new Promise<TargetInfo>((resolve) => {
    const look = (event: { targetInfo: TargetInfo }) => {
      if (event.targetInfo.type === 'page' && matches(event.targetInfo.url)) resolve(event.targetInfo);
    };
    cdp.on('Target.targetCreated', look);
    cdp.on('Target.targetInfoChanged', look);
  });
  await cdp.send('Target.setDiscoverTargets', { discover: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const target = await Promise.race([
    found,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        void cdp.send('Target.getTargets').then((r) => reject(new Error(`no tab matched within ${timeout} ms; tabs: ${
          r.targetInfos.filter((t) => t.type === 'page').map((t) => t.url).join(', ')}`)));
      }, timeout);
    }),
  ]).finally(() => clearTimeout(timer)).catch(async (error: unknown) => {
    await cdp.detach().catch(() => {}); // no tab to hand over: the session ends here, not with the browser
    throw error;
  });
  // Not flattened: Playwright's browser session sends no sessionId of its own, so the tab is spoken to through
  // Target.sendMessageToTarget and answers arrive as Target.receivedMessageFromTarget.
  const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false })) as { sessionId: string };
  return {
    url: target.url,
    evaluate: <T>(expression: string) => send<{ result: { value: T } }>(cdp, sessionId, 'Runtime.evaluate', { expression, returnByValue: true }).then((r) => r.result.value),
    async close() {
      await cdp.send('Target.closeTarget', { targetId: target.targetId }).catch(() => {});
      await cdp.detach().catch(() => {});
    },
  };
}

let nextId = 0;

function send<T>(cdp: CDPSession, sessionId: string, method: string, params: object): Promise<T> {
  const id = ++nextId;
  return new Promise<T>((resolve, reject) => {
    const onMessage = (event: { sessionId: string; message: string }) => {
      if (event.sessionId !== sessionId) return;
      const message = JSON.parse(event.message) as { id?: number; result?: T; error?: { message: string } };
      if (message.id !== id) return;
      cdp.off('Target.receivedMessageFromTarget' as never, onMessage as never);
      if (message.error) reject(new Error(`${method}: ${message.error.message}`));
      else resolve(message.result as T);
    };
    cdp.on('Target.receivedMessageFromTarget' as never, onMessage as never);
    cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(reject);
  });
}
