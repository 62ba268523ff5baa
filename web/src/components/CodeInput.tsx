import { VERIFICATION } from '@app/shared';

/** docs/screens.md, "Form rules": letters and digits only, forced to upper case, at most 6 characters. */
export function normaliseCode(raw: string): string {
  return raw.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, VERIFICATION.codeLength);
}

export function CodeInput({ id, value, onChange, describedBy }: { id: string; value: string; onChange: (code: string) => void; describedBy?: string }) {
  return (
    <input
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
