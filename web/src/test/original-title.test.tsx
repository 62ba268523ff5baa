// The original title beside a title shown in the viewer's language (issue 39): said in that
// language, with the title kept as the API gives it, and nothing when the API sends none.
import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { render as plainRender, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { activateLocale, i18n } from '../i18n/i18n';
import { OriginalTitle } from '../components/common/OriginalTitle';

const inApp = (ui: ReactNode) => <I18nProvider i18n={i18n}>{ui}</I18nProvider>;
const render = (ui: ReactNode) => {
  const r = plainRender(inApp(ui));
  return { container: r.container, rerender: (next: ReactNode) => r.rerender(inApp(next)) };
};

/** The text without the direction isolates around the title. */
const plain = (el: HTMLElement) => el.textContent!.replace(/[\u2068\u2069]/g, '');

describe('OriginalTitle', () => {
  it('says "Original title" in English, Spanish, Japanese and Arabic', async () => {
    const { container, rerender } = render(<OriginalTitle title="기생충" />);
    expect(plain(container.querySelector('p')!)).toBe('Original title: 기생충');
    for (const [locale, text] of [
      ['es', 'Título original: 기생충'],
      ['ja', '原題：기생충'],
      ['ar', 'العنوان الأصلي: 기생충'],
    ] as const) {
      await activateLocale(locale);
      rerender(<OriginalTitle title="기생충" />);
      expect(plain(container.querySelector('p')!)).toBe(text);
    }
    // The title is isolated, so a Latin or Korean title keeps its direction on a right-to-left page.
    expect(screen.getByText(/기생충/).textContent).toContain('\u2068기생충\u2069');
  });

  it('renders nothing without an original title', () => {
    const { container } = render(<OriginalTitle title={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
