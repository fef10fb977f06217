import type { Config } from '@netlify/functions';
let count = 0;
export default async () => Response.json({ ok: true, count: ++count });
export const config: Config = { path: '/api/health' };
