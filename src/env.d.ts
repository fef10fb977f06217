/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** Tag-manager container id (GTM-XXXX). Unset: no container is loaded, events still go to the console. */
  readonly PUBLIC_GTM_ID?: string;
}

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate once the page has painted its first content (scripts/build/astro/painted-directive.mjs). */
    'client:painted'?: boolean;
  }
}

export {};
