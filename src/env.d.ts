/// <reference types="astro/client" />

declare module 'lazy-chunk:*' {
  /** URL of the module built as its own chunk (src/integrations/lazy-chunk-url.mjs). */
  const url: string;
  export default url;
}

interface ImportMetaEnv {
  /** Tag-manager container id (GTM-XXXX). Unset: no container is loaded, events still go to the console. */
  readonly PUBLIC_GTM_ID?: string;
}

export {};
