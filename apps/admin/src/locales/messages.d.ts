/** A PO catalogue, compiled into Lingui's messages by its Vite plugin (lingui.config.ts). */
declare module '*.po' {
  import type { Messages } from '@lingui/core';

  export const messages: Messages;
}
