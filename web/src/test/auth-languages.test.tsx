// Signing in, signing up and the account pages in the visitor's language (issue 39): a browser in
// Spanish, Japanese, Arabic, German or Korean reads these pages in it, while English stays word for
// word what the specification quotes (ERROR_TEXTS, PASSWORD_RULES).
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_TEXTS, PASSWORD_RULES, STORAGE_KEYS } from '@app/shared';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { user } from './fixtures';
import { activateLocale } from '../i18n/i18n';
import { browserName } from '../pages/ExtensionConnectPage';

const CATALOGS = import.meta.glob<Record<string, string>>('../../../shared/locales/auth/*.json', { eager: true, import: 'default' });
const catalog = (locale: string): Record<string, string> => CATALOGS[`../../../shared/locales/auth/${locale}.json`];

const pendingAuth = { access_token: null, token_type: 'bearer', user: null, requires_verification: true };

describe('the English of the sign-in pages', () => {
  it('is the specification’s, word for word: every ERROR_TEXTS text and the password rule', () => {
    const en = catalog('en');
    for (const [name, text] of Object.entries(ERROR_TEXTS)) expect(en[`auth.error.${name}`]).toBe(text);
    expect(en['auth.password.hint']).toBe(PASSWORD_RULES.hint);
    expect(en['auth.forgot.passwordHint']).toBe(`${PASSWORD_RULES.hint}. Every other device will be signed out.`);
  });

  it('is translated in every language, the rule included', () => {
    for (const locale of ['es', 'fr', 'de', 'pt-BR', 'hi', 'ja', 'ko', 'ar']) {
      const own = catalog(locale);
      expect(own['auth.password.hint'], locale).not.toBe(PASSWORD_RULES.hint);
      expect(own['auth.error.loginFailed'], locale).not.toBe(ERROR_TEXTS.loginFailed);
    }
  });
});

describe('a browser in Spanish', () => {
  it('signs up in Spanish: the form, the password rule and the default error, and the account is created in Spanish', async () => {
    await activateLocale('es');
    const server = new FakeServer().on('POST /api/auth/register', { status: 500, text: 'oops' });
    const { location } = renderApp('/register', { server });
    expect(await screen.findByRole('heading', { name: 'Crea tu cuenta' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Nombre completo/)).not.toBeRequired();
    expect(screen.getByText('(opcional)')).toBeInTheDocument();
    expect(screen.getByLabelText('Contraseña')).toHaveAccessibleDescription('Al menos 8 caracteres, con mayúsculas, minúsculas, un número y un carácter especial');
    expect(screen.getByRole('link', { name: 'política de privacidad' })).toHaveAttribute('href', '/privacy-policy');
    expect(screen.getByText(/Debes tener al menos 13 años/)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Correo electrónico'), 'Nueva@Example.test');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'Sup3r-secret!');
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByText('No se pudo crear la cuenta. Inténtalo de nuevo.')).toBeInTheDocument();

    server.on('POST /api/auth/register', { status: 201, body: pendingAuth });
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await waitFor(() => expect(location()).toBe('/verify-email'));
    expect(server.calls('POST /api/auth/register').at(-1)?.body).toMatchObject({ email: 'Nueva@Example.test', ui_language: 'es' });

    // The code page says where the code went, how long it lasts, and counts down in Spanish.
    expect(await screen.findByRole('heading', { name: 'Revisa tu correo' })).toBeInTheDocument();
    expect(screen.getByText(/Enviamos un código de 6 caracteres a/)).toHaveTextContent('Enviamos un código de 6 caracteres a nueva@example.test. Caduca en 15 minutos.');
    expect(screen.getByLabelText('Código de verificación')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Reenviar el código en \d+ s$/ })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Volver a crear cuenta' })).toHaveAttribute('href', '/register');
  });

  it('verifies the code in Spanish and says so', async () => {
    await activateLocale('es');
    window.localStorage.setItem(STORAGE_KEYS.pendingVerificationEmail, 'nueva@example.test');
    const u = user({ is_onboarded: false, ui_language: 'es' });
    const server = new FakeServer()
      .on('POST /api/auth/verify-email', { body: { access_token: 'tok', token_type: 'bearer', user: u, requires_verification: false } })
      .on('GET /api/onboarding/genres', { body: { genres: ['Drama'] } });
    renderApp('/verify-email', { server });
    await userEvent.type(await screen.findByLabelText('Código de verificación'), 'abc123');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar correo' }));
    expect(await screen.findByText('Tu correo electrónico está verificado. Te llevamos a la configuración inicial…')).toBeInTheDocument();
  });
});

describe('signing in', () => {
  it('in Japanese: the page, the link to sign up and the default error', async () => {
    await activateLocale('ja');
    const server = new FakeServer().on('POST /api/auth/login', { status: 500, text: 'oops' });
    renderApp('/login', { server });
    expect(await screen.findByRole('heading', { name: 'おかえりなさい' })).toBeInTheDocument();
    expect(screen.getByText('ログインして今夜のおすすめを見ましょう。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'アカウントを作成' })).toHaveAttribute('href', '/register');
    await userEvent.type(screen.getByLabelText('メールアドレス'), 'viewer@example.test');
    await userEvent.type(screen.getByLabelText('パスワード'), 'Sup3r-secret!');
    await userEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByText('ログインできませんでした。もう一度お試しください。')).toBeInTheDocument();
  });

  it('keeps the server’s own detail, which it wrote in the reader’s language', async () => {
    await activateLocale('de');
    const server = new FakeServer().on('POST /api/auth/login', { status: 401, body: { detail: 'E-Mail oder Passwort ist falsch.' } });
    renderApp('/login', { server });
    await userEvent.type(await screen.findByLabelText('E-Mail'), 'viewer@example.test');
    await userEvent.type(screen.getByLabelText('Passwort'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('E-Mail oder Passwort ist falsch.')).toBeInTheDocument();
  });
});

describe('the other account pages', () => {
  it('resets a password in Arabic, right to left, with the code’s lifetime said in Arabic plurals', async () => {
    await activateLocale('ar');
    const server = new FakeServer().on('POST /api/auth/forgot-password', { body: { message: 'تم الإرسال', retry_after_seconds: 60 } });
    renderApp('/forgot-password', { server });
    expect(await screen.findByRole('heading', { name: 'إعادة تعيين كلمة المرور' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    await userEvent.type(screen.getByLabelText('البريد الإلكتروني'), 'viewer@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'أرسل لي رمزًا' }));
    expect(await screen.findByLabelText('رمز إعادة التعيين')).toBeInTheDocument();
    expect(screen.getByText(/تنتهي صلاحيته خلال 30 دقيقة\./)).toBeInTheDocument();
    expect(within(screen.getByText(/^تذكّرتها؟/)).getByRole('link', { name: 'تسجيل الدخول' })).toHaveAttribute('href', '/login');
  });

  it('asks a signed-out visitor to join a household in Korean, naming who invited them', async () => {
    await activateLocale('ko');
    const server = new FakeServer().on('POST /api/household/invite/view', { body: { inviter: 'Dana' } });
    renderApp('/household/accept#token=abc', { server });
    expect(await screen.findByRole('heading', { name: '볼 작품을 함께 골라요' })).toBeInTheDocument();
    expect(await screen.findByText(/^Dana 님이 Tonight’s Pick을 함께 쓰자고 초대했어요\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '계정 만들기' })).toHaveAttribute('href', '/register');
  });

  it('names a connected browser in the page’s language', async () => {
    const ua = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
    await activateLocale('en', document, ['auth']);
    expect(browserName(ua)).toBe('Chrome on Linux');
    await activateLocale('es');
    expect(browserName(ua)).toBe('Chrome en Linux');
    await activateLocale('ja');
    expect(browserName(ua)).toBe('Chrome（Linux）');
  });
});
