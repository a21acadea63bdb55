/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API origin; empty means the same origin that served the app. */
  readonly VITE_API_URL?: string;
  /** Realtime socket origin; empty means the same origin that served the app. */
  readonly VITE_SOCKET_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
