// Every route with its access rule (docs/screens.md, "Pages and access"). Pages load on demand (React.lazy), so the
// landing page ships only what it shows.
import { Suspense } from 'react';
import { lazyNamed } from './lazyNamed';
import { Navigate, Route, Routes } from 'react-router';
import { DEFAULT_LOCALE, LOCALES, localeSegment } from '@app/shared';
import { PublicLayout } from './components/layout/PublicLayout';
import { RequireAuth } from './components/layout/RequireAuth';
import { RequireOnboarded } from './components/layout/RequireOnboarded';
import { SignedOutOnly } from './components/layout/SignedOutOnly';
import { LegacyRedirect } from './components/layout/LegacyRedirect';
import { LocaleRoute } from './components/layout/LocaleRoute';
import { PageLoading } from './components/common/PageLoading';
import { ensureMessages, type Part } from './i18n/i18n';

/** A page that shows words beyond the public part of the catalog: the parts it shows load with its code (web/src/i18n/i18n.ts; none named: all). */
const withMessages =
  <T,>(load: () => Promise<T>, ...parts: Part[]) =>
  () =>
    Promise.all([load(), ensureMessages(...parts)]).then(([m]) => m);


const LandingPage = lazyNamed(() => import('./pages/LandingPage'), 'LandingPage');
const LoginPage = lazyNamed(withMessages(() => import('./pages/LoginPage'), 'auth'), 'LoginPage');
const RegisterPage = lazyNamed(withMessages(() => import('./pages/RegisterPage'), 'auth'), 'RegisterPage');
const VerifyEmailPage = lazyNamed(withMessages(() => import('./pages/VerifyEmailPage'), 'auth'), 'VerifyEmailPage');
const ForgotPasswordPage = lazyNamed(withMessages(() => import('./pages/ForgotPasswordPage'), 'auth'), 'ForgotPasswordPage');
const RatePage = lazyNamed(withMessages(() => import('./pages/RatePage')), 'RatePage');
const PrivacyPolicyPage = lazyNamed(withMessages(() => import('./pages/PrivacyPolicyPage'), 'legal'), 'PrivacyPolicyPage');
const TermsOfServicePage = lazyNamed(withMessages(() => import('./pages/TermsOfServicePage'), 'legal'), 'TermsOfServicePage');
const RefundPolicyPage = lazyNamed(withMessages(() => import('./pages/RefundPolicyPage'), 'legal'), 'RefundPolicyPage');
const ShippingPolicyPage = lazyNamed(withMessages(() => import('./pages/ShippingPolicyPage'), 'legal'), 'ShippingPolicyPage');
const ContactPage = lazyNamed(withMessages(() => import('./pages/ContactPage')), 'ContactPage');
const ExtensionConnectPage = lazyNamed(withMessages(() => import('./pages/ExtensionConnectPage')), 'ExtensionConnectPage');
const HouseholdAcceptPage = lazyNamed(withMessages(() => import('./pages/HouseholdAcceptPage')), 'HouseholdAcceptPage');
// Rarely visited public pages bring their own route table, so their paths cost the first download nothing.
const RarePublicPages = lazyNamed(withMessages(() => import('./pages/RarePublicPages')), 'RarePublicPages');
const AppLayout = lazyNamed(withMessages(() => import('./components/layout/AppLayout')), 'AppLayout');
const OnboardingPage = lazyNamed(() => import('./pages/OnboardingPage'), 'OnboardingPage');
const DashboardPage = lazyNamed(() => import('./pages/DashboardPage'), 'DashboardPage');
const SettingsPage = lazyNamed(() => import('./pages/SettingsPage'), 'SettingsPage');
const WatchlistPage = lazyNamed(() => import('./pages/WatchlistPage'), 'WatchlistPage');

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route index element={<SignedOutOnly key="landing"><LandingPage /></SignedOutOnly>} />
          <Route path="login" element={<SignedOutOnly key="login"><LoginPage /></SignedOutOnly>} />
          <Route path="register" element={<SignedOutOnly key="register"><RegisterPage /></SignedOutOnly>} />
          <Route path="verify-email" element={<SignedOutOnly key="verify"><VerifyEmailPage /></SignedOutOnly>} />
          <Route path="forgot-password" element={<SignedOutOnly key="forgot"><ForgotPasswordPage /></SignedOutOnly>} />
          <Route path="rate" element={<RatePage />} />
          <Route path="privacy-policy" element={<PrivacyPolicyPage />} />
          <Route path="terms-of-service" element={<TermsOfServicePage />} />
          <Route path="refund-policy" element={<RefundPolicyPage />} />
          <Route path="shipping-policy" element={<ShippingPolicyPage />} />
          <Route path="shipping" element={<ShippingPolicyPage />} />
          <Route path="contact" element={<ContactPage />} />
          <Route path="extension/connect" element={<ExtensionConnectPage />} />
          <Route path="household/accept" element={<HouseholdAcceptPage />} />
          {/* The pre-rendered pages in each language at their own paths (shared LOCALIZED_PAGES, docs/i18n.md). */}
          {LOCALES.filter((l) => l !== DEFAULT_LOCALE).map((l) => (
            <Route key={l} path={localeSegment(l)} element={<LocaleRoute locale={l} />}>
              <Route index element={<SignedOutOnly key="landing"><LandingPage /></SignedOutOnly>} />
              <Route path="login" element={<SignedOutOnly key="login"><LoginPage /></SignedOutOnly>} />
            </Route>
          ))}
          <Route path="*" element={<RarePublicPages />} />
        </Route>
        <Route path="dashboard" element={<LegacyRedirect to="/app/dashboard" />} />
        <Route path="onboarding" element={<LegacyRedirect to="/app/onboarding" />} />
        <Route path="settings" element={<LegacyRedirect to="/app/settings" />} />
        <Route path="watchlist" element={<LegacyRedirect to="/app/watchlist" />} />
        <Route path="app" element={<RequireAuth><AppLayout /></RequireAuth>}>
          <Route path="onboarding" element={<OnboardingPage />} />
          <Route element={<RequireOnboarded />}>
            <Route index element={<Navigate to="/app/dashboard" replace />} />
            <Route path="dashboard" element={<DashboardPage />} />
            <Route path="settings" element={<SettingsPage />} />
            <Route path="watchlist" element={<WatchlistPage />} />
            <Route path="*" element={<Navigate to="/app/dashboard" replace />} />
          </Route>
        </Route>
      </Routes>
    </Suspense>
  );
}
