// One description of a message, rendered twice: the text part and the HTML part come from the same
// blocks, so the two can never say different things. The HTML is built for mail clients: tables for
// layout, inline styles only (clients drop <style> and external CSS), no images at all (so nothing is
// lost with images off), buttons as styled links that still read as links without their styles.
import type { MailContent } from '../store/port';
import { html, isWebUrl, type Html } from './html';

export type Link = { label: string; url: string };
export type Block =
  /** A paragraph. */
  | { type: 'text'; text: string }
  /** The meeting's date block: the first line stands out (weekday, date, time, zone), the rest below it. */
  | { type: 'when'; lines: string[] }
  /** Label–value lines, optionally under a heading. */
  | { type: 'rows'; title?: string; rows: (readonly [string, string])[] }
  /** Buttons; the first is the main action. */
  | { type: 'buttons'; links: Link[] }
  /** A list of things, each with its own link (the morning mail's meetings, each opening in the console). */
  | { type: 'items'; items: { text: string; link: Link }[] };

export type MailBody = {
  greeting: string;
  blocks: Block[];
  /** Closing line(s) before the footer. */
  closing?: string[];
  /** Small print: the site's link (SITE_URL) and where replies go. */
  footer: { siteUrl?: string; note: string };
};

const FONT = "font-family:Arial,Helvetica,sans-serif;";
const TEXT = `${FONT}font-size:16px;line-height:24px;color:#0b1733;`;
/** Long URLs and e-mail addresses wrap instead of widening the message past a phone's screen. */
const BREAK = 'overflow-wrap:anywhere;word-break:break-word;';
const SMALL = `${FONT}font-size:13px;line-height:20px;color:#475569;`;
/** White on ember-700 (#c2410c): 5.2:1, readable for the button text at 16px bold. */
const BUTTON = `${FONT}display:inline-block;font-size:16px;line-height:20px;font-weight:bold;text-decoration:none;border-radius:6px;padding:12px 20px;margin:0 8px 8px 0;`;
const PRIMARY = `${BUTTON}background-color:#c2410c;color:#ffffff;border:1px solid #c2410c;`;
const SECONDARY = `${BUTTON}background-color:#ffffff;color:#1b2f63;border:1px solid #1b2f63;`;

function blockText(block: Block): string[] {
  switch (block.type) {
    case 'text':
      return [block.text];
    case 'when':
      return block.lines;
    case 'rows':
      return [...(block.title ? [`${block.title}:`] : []), ...block.rows.map(([label, value]) => `${label}: ${value}`)];
    case 'buttons':
      return block.links.map((l) => `${l.label}: ${l.url}`);
    case 'items':
      return block.items.flatMap((item) => [item.text, `${item.link.label}: ${item.link.url}`]);
  }
}

function blockHtml(block: Block): Html {
  switch (block.type) {
    case 'text':
      return html`<p style="margin:0 0 16px;${TEXT}${BREAK}">${block.text}</p>`;
    case 'when': {
      const [first, ...rest] = block.lines;
      return html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse;"><tr>
<td style="padding:12px 16px;background-color:#fff7ed;border-left:4px solid #c2410c;">
<p style="margin:0;${FONT}font-size:18px;line-height:26px;font-weight:bold;color:#0b1733;">${first}</p>
${rest.map((line) => html`<p style="margin:4px 0 0;${TEXT}${BREAK}">${line}</p>`)}
</td></tr></table>`;
    }
    case 'rows':
      return html`${block.title ? html`<p style="margin:0 0 4px;${TEXT}font-weight:bold;">${block.title}</p>` : ''}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse;">
${block.rows.map(([label, value]) => html`<tr><td style="padding:2px 12px 2px 0;vertical-align:top;${TEXT}color:#475569;">${label}</td><td style="padding:2px 0;vertical-align:top;${TEXT}${BREAK}">${value}</td></tr>`)}
</table>`;
    case 'buttons':
      return html`<p style="margin:8px 0 16px;">${block.links.map((l, i) => (isWebUrl(l.url)
        ? html`<a href="${l.url}" style="${i === 0 ? PRIMARY : SECONDARY}">${l.label}</a>`
        : html`<span style="${TEXT}${BREAK}">${l.label}: ${l.url}</span><br>`))}</p>`;
    case 'items':
      return html`${block.items.map((item) => html`<p style="margin:0 0 12px;${TEXT}${BREAK}">${item.text}<br>${isWebUrl(item.link.url)
        ? html`<a href="${item.link.url}" style="color:#1b2f63;font-weight:bold;">${item.link.label}</a>`
        : html`${item.link.label}: ${item.link.url}`}</p>`)}`;
  }
}

export function renderText(body: MailBody): string {
  const parts = [[body.greeting], ...body.blocks.map(blockText), ...(body.closing ? [body.closing] : []), ['--', body.footer.siteUrl ? `Mentor Solar · ${body.footer.siteUrl}` : 'Mentor Solar', body.footer.note]];
  return parts.map((lines) => lines.join('\n')).join('\n\n');
}

export function renderHtml(subject: string, body: MailBody): string {
  return html`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${subject}</title></head>
<body style="margin:0;padding:0;background-color:#eef3ff;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background-color:#eef3ff;border-collapse:collapse;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background-color:#ffffff;border-radius:8px;border-collapse:separate;"><tr><td style="padding:24px 20px;">
<p style="margin:0 0 20px;${FONT}font-size:20px;line-height:28px;font-weight:bold;color:#1b2f63;">Mentor Solar</p>
<p style="margin:0 0 16px;${TEXT}">${body.greeting}</p>
${body.blocks.map(blockHtml)}
${(body.closing ?? []).map((line) => html`<p style="margin:0 0 8px;${TEXT}">${line}</p>`)}
</td></tr></table>
<p style="margin:16px 0 0;${SMALL}">${body.footer.siteUrl && isWebUrl(body.footer.siteUrl) ? html`<a href="${body.footer.siteUrl}" style="color:#1b2f63;">Mentor Solar</a>` : 'Mentor Solar'}<br>${body.footer.note}</p>
</td></tr></table>
</body></html>
`.value;
}

/** The message with both parts. */
export function composeMail(head: Omit<MailContent, 'text' | 'html'>, body: MailBody): MailContent {
  return { ...head, text: renderText(body), html: renderHtml(head.subject, body) };
}
