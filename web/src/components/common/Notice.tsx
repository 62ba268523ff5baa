import type { ReactNode } from 'react';

type Tone = 'error' | 'success' | 'info' | 'warning';

/** An inline message; errors are announced at once, the others politely. */
export function Notice({ tone, children, className = '' }: { tone: Tone; children: ReactNode; className?: string }) {
  return (
    <div className={`notice notice-${tone} ${className}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
