import { useState, type ReactNode } from 'react';
import { useT } from '../../i18n/useT';

export const SHOW_STEP = 100;

/**
 * A long list shown 100 at a time, so a preview of thousands of rows stays fast: "Show 100 more"
 * and "Show all" under it while rows are hidden.
 */
export function ShowMore<T>({
  items,
  label,
  className,
  render,
  itemKey,
}: {
  items: readonly T[];
  label: string;
  className?: string;
  render: (item: T) => ReactNode;
  itemKey: (item: T, index: number) => string | number;
}) {
  const t = useT();
  const [shown, setShown] = useState(SHOW_STEP);
  const hidden = items.length - shown;
  return (
    <>
      <ul className={className} aria-label={label}>
        {items.slice(0, shown).map((item, i) => (
          <li key={itemKey(item, i)}>{render(item)}</li>
        ))}
      </ul>
      {hidden > 0 && (
        <div className="btn-row show-more">
          <span className="muted">{t('common.showMore.showing', { shown, total: items.length })}</span>
          <button type="button" className="btn btn-ghost btn-small" onClick={() => setShown((n) => n + SHOW_STEP)}>
            {t('common.showMore.more', { count: Math.min(SHOW_STEP, hidden) })}
          </button>
          <button type="button" className="btn btn-ghost btn-small" onClick={() => setShown(items.length)}>
            {t('common.showMore.all')}
          </button>
        </div>
      )}
    </>
  );
}
