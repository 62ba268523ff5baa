// A locale's compiled catalog (shared/vite-messages.mjs): message key -> Lingui's compiled message.
declare module 'virtual:messages/*' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}

// Each language's catalog parts as chunks to load (web/vite.config.ts, CATALOG_PARTS).
declare module 'virtual:messages-loaders' {
  import type { Messages } from '@lingui/core';
  const loaders: Record<string, Record<'public' | 'auth' | 'legal' | 'app', () => Promise<{ default: Messages }>>>;
  export default loaders;
}
