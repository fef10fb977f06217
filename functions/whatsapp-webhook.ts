// GET and POST /api/whatsapp/webhook — see lib/whatsapp/webhook.ts. Config is a literal because Netlify reads it statically.
import type { Config } from '@netlify/functions';
import { getApp } from './lib/app';
import { createWhatsAppWebhookHandler } from './lib/whatsapp/webhook';

export default createWhatsAppWebhookHandler(getApp);

export const config: Config = { path: '/api/whatsapp/webhook' };
