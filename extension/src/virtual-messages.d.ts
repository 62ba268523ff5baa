// A locale's compiled catalog (shared/vite-messages.mjs): message key -> Lingui's compiled message.
declare module 'virtual:messages/*' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}

