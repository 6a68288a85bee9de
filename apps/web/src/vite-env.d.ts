/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Host (with port) the organizations' subdomains hang off, e.g. `localhost:3000`. */
  readonly VITE_APP_DOMAIN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
