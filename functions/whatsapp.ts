// GET /api/whatsapp — whether the form offers the WhatsApp box: { offered } (the settings are present).
// Reads the settings only (no database): the answer is the same for everyone until the next deploy.
// Config is a literal because Netlify reads it statically.
import type { Config } from '@netlify/functions';
import { scopeToDeploy } from './lib/deploy-context';
import { allowMethods, guard, json } from './lib/http';
import { whatsappEnv } from './lib/whatsapp/config';
import type { WhatsAppOffer } from '../src/domain/api';

export default (req: Request) =>
  guard('whatsapp', async () => {
    allowMethods(req, ['GET']);
    const { whatsapp } = whatsappEnv(scopeToDeploy(process.env).env);
    return json({ offered: whatsapp !== null } satisfies WhatsAppOffer);
  });

export const config: Config = { path: '/api/whatsapp', rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
