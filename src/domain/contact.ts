// The site's contact address. content/site.yaml `email` must equal it (the build stops while they differ,
// src/lib/content.ts), and the functions use it when CONTACT_EMAIL is not set: lead notifications and
// the address /reuniao shows once a meeting can no longer be changed online.
export const SITE_EMAIL = 'contato@mentorsolar.com.br';
