// Every route with its access rule (docs/screens.md, "Pages and access"). Pages load on demand (React.lazy), so the
// landing page ships only what it shows.
import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PublicLayout } from './components/PublicLayout';
import { RequireAuth } from './components/RequireAuth';
import { RequireOnboarded } from './components/RequireOnboarded';
import { SignedOutOnly } from './components/SignedOutOnly';
import { LegacyRedirect } from './components/LegacyRedirect';
import { PageLoading } from './components/PageLoading';

/** A lazily loaded page from its module's named export. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

const LandingPage = page(() => import('./pages/LandingPage'), 'LandingPage');
const LoginPage = page(() => import('./pages/LoginPage'), 'LoginPage');
const RegisterPage = page(() => import('./pages/RegisterPage'), 'RegisterPage');
const VerifyEmailPage = page(() => import('./pages/VerifyEmailPage'), 'VerifyEmailPage');
const ForgotPasswordPage = page(() => import('./pages/ForgotPasswordPage'), 'ForgotPasswordPage');
const RatePage = page(() => import('./pages/RatePage'), 'RatePage');
const PrivacyPolicyPage = page(() => import('./pages/PrivacyPolicyPage'), 'PrivacyPolicyPage');
const TermsOfServicePage = page(() => import('./pages/TermsOfServicePage'), 'TermsOfServicePage');
const RefundPolicyPage = page(() => import('./pages/RefundPolicyPage'), 'RefundPolicyPage');
const ShippingPolicyPage = page(() => import('./pages/ShippingPolicyPage'), 'ShippingPolicyPage');
const ContactPage = page(() => import('./pages/ContactPage'), 'ContactPage');
const ExtensionConnectPage = page(() => import('./pages/ExtensionConnectPage'), 'ExtensionConnectPage');
const HouseholdAcceptPage = page(() => import('./pages/HouseholdAcceptPage'), 'HouseholdAcceptPage');
// Rarely visited public pages bring their own route table, so their paths cost the first download nothing.
const RarePublicPages = page(() => import('./pages/RarePublicPages'), 'RarePublicPages');
const AppLayout = page(() => import('./components/AppLayout'), 'AppLayout');
const OnboardingPage = page(() => import('./pages/OnboardingPage'), 'OnboardingPage');
const DashboardPage = page(() => import('./pages/DashboardPage'), 'DashboardPage');
const SettingsPage = page(() => import('./pages/SettingsPage'), 'SettingsPage');
const WatchlistPage = page(() => import('./pages/WatchlistPage'), 'WatchlistPage');

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
