/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Address of the API; '' (default) means the portal's own origin. */
  readonly VITE_API_BASE_URL?: string;
  /** Client credential sent to POST /api/Token/GerarToken. */
  readonly VITE_API_CLIENT_USER?: string;
  readonly VITE_API_CLIENT_SECRET?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
