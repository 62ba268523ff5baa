/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { Link } from '../components/common/Link';
import { MINIMUM_AGE, SUPPORT_REPLY_HOURS } from '@app/shared';
import { LegalPage } from '../components/layout/LegalPage';

export function PrivacyPolicyPage() {
  return (
    <LegalPage title="Privacy policy">
      <p>
        Tonight&rsquo;s Pick recommends one movie or series at a time. This policy explains what we collect to do that, why, and
        the choices you have. We do not sell your data and we do not show third-party advertising.
      </p>
      <h2>What we collect</h2>
      <ul>
        <li><strong>Account details:</strong> your email address, an optional full name, and a securely hashed password (or your Google account identifier if you sign in with Google).</li>
        <li><strong>Taste preferences:</strong> the genres, languages, favourite titles and streaming services you choose during onboarding or in settings.</li>
        <li><strong>Activity:</strong> the recommendations we gave you, your likes and dislikes, titles you marked as watched, and the mood you picked.</li>
        <li><strong>Schedule settings:</strong> preferred days, time and timezone, and, if you connect a calendar on the lifetime plan, an encrypted calendar access token.</li>
        <li><strong>Feedback:</strong> what you send through the feedback form, including an email address if you choose to give one.</li>
        <li><strong>Usage:</strong> which pages of the app are viewed, recorded in our own database. We use no third-party analytics or tracking scripts.</li>
      </ul>
      <h2>How we use it</h2>
      <p>
        To create your account, verify your email, choose recommendations for you, explain why we picked them, add events to your
        calendar when you ask, process a lifetime purchase, answer support requests, and keep the service secure (for example by
        limiting repeated sign-in attempts).
      </p>
      <h2>Who we share it with</h2>
      <p>
        Only the services needed to run the product: our email provider (to send verification codes), Google (only if you sign in
        with Google or connect Google Calendar), and our payment processor (only if you buy the lifetime plan; we never see or store
        your card number).
      </p>
      <h2>Storage on your device and cookies</h2>
      <p>
        The web app keeps your sign-in token and basic profile in your browser&rsquo;s local storage so you stay signed in. Signing
        out removes them.
      </p>
      <p>
        When you sign up or sign in, our server also sets strictly necessary cookies, which scripts on the page cannot read and
        which are sent only to our sign-in endpoints: <code>tp_signup</code> proves that this browser chose the password of an
        account whose email is not verified yet, so only that browser&rsquo;s password is kept when the code is entered; and{' '}
        <code>tp_device</code> marks this browser as one that signed in to your account before, so failed sign-in attempts made
        elsewhere cannot lock you out (signing out everywhere makes it invalid); and, only if you ask us to email you a sign-in
        code, <code>tp_unlock</code> holds a random number for a day so that code works in this browser only. Each holds only a
        signed or random value (for{' '}
        <code>tp_device</code>, your account&rsquo;s internal id, when it was set and a random number), never your email, password
        or activity, and expires on its own. We do not use advertising or tracking cookies.
      </p>
      <h2>Your rights</h2>
      <p>
        You can see and change your preferences in Settings at any time, and reset them. Two buttons in Settings do the rest
        yourself, at once, without writing to us:
      </p>
      <ul>
        <li>
          <strong>Export my data</strong> downloads a file (JSON) with everything we keep about your account: profile, preferences,
          favourites, every recommendation with your ratings, schedule and scheduled deliveries, payments, feedback you sent with your
          account&rsquo;s email, the browsers you connected (their names and dates) and your calendar connection (the Google account
          and whether it is on). A second button downloads your ratings and history as a spreadsheet (CSV). Passwords, access tokens
          and the calendar token are never in either file.
        </li>
        <li>
          <strong>Delete my account</strong> asks for your password (or, if your account has none because you sign in with Google,
          for a code we email you) and then deletes, in one step, your account, preferences, favourites, recommendations and
          ratings, schedule and pending scheduled emails, connected browsers and feedback. Everything signed in to your account is
          signed out at once, including the browser extension. If you connected Google Calendar, we ask Google to revoke our access
          and delete the token. Two things are kept without anything that links them to you: records of payments (amount, date and
          the payment processor&rsquo;s reference, which we must keep for accounting) and page-view counts. We email you a
          confirmation, and you can register again with the same email whenever you like.
        </li>
      </ul>
      <p>
        If you can no longer sign in, write to us through the <Link to="/contact">contact page</Link> from your account&rsquo;s
        email address and we will do the same for you. We reply within {SUPPORT_REPLY_HOURS} hours.
      </p>
      <h2>Children</h2>
      <p>
        Tonight&rsquo;s Pick is not intended for anyone under {MINIMUM_AGE}. We do not knowingly collect data from children under{' '}
        {MINIMUM_AGE}; if you believe a child has created an account, contact us and we will delete it.
      </p>
      <h2>Security</h2>
      <p>
        Passwords are hashed, verification codes are stored hashed and expire, calendar tokens are encrypted at rest, and all traffic
        should be served over HTTPS.
      </p>
      <h2>Changes</h2>
      <p>If we change this policy in a way that matters, we will tell you in the app before the change takes effect.</p>
    </LegalPage>
  );
}
