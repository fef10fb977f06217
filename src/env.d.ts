/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** Tag-manager container id (GTM-XXXX). Unset: no container is loaded, events still go to the console. */
  readonly PUBLIC_GTM_ID?: string;
}

export {};
