/// <reference types="astro/client" />

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer, focus or key event inside the island. */
    'client:interaction'?: boolean;
  }
}

interface ImportMetaEnv {
  /** Tag-manager container id (GTM-XXXX). Unset: no container is loaded, events still go to the console. */
  readonly PUBLIC_GTM_ID?: string;
}

export {};
