import type { Plugin } from 'vite';
export function messagesPlugin(keep: (area: string) => boolean): Plugin;
