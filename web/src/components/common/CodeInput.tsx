import { useEffect, useRef } from 'react';
import { VERIFICATION } from '@app/shared';

/** docs/screens.md, "Form rules": letters and digits only, forced to upper case, at most 6 characters. */
export function normaliseCode(raw: string): string {
  return raw.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, VERIFICATION.codeLength);
}

/** `focus`: take the focus when it first shows, on a screen whose first step is typing the code. */
export function CodeInput({ id, value, onChange, describedBy, focus = false }: { id: string; value: string; onChange: (code: string) => void; describedBy?: string; focus?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <input
      ref={ref}
      id={id}
      className="code-input"
      type="text"
      inputMode="text"
      autoComplete="one-time-code"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={VERIFICATION.codeLength}
      aria-describedby={describedBy}
      value={value}
      onChange={(e) => onChange(normaliseCode(e.target.value))}
    />
  );
}
