/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
// Settings > Household: invite your partner by email, see or cancel the invite you sent, see who
// you share picks with, and leave with one confirmed click (docs/product-decisions.md, "A pick for two").
import { useState, type FormEvent } from 'react';
import { errorText } from '../../api/errorText';
import { useHousehold } from '../../hooks/useHousehold';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { Notice } from '../common/Notice';
import { SettingsSection } from '../settings/SettingsSection';

export const HOUSEHOLD_SECTION_TEXTS = {
  loadFailed: 'Could not load your household.',
  inviteFailed: 'Could not send the invite. Please try again.',
  leaveFailed: 'Could not leave the household. Please try again.',
  cancelFailed: 'Could not cancel the invite. Please try again.',
} as const;

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

export function HouseholdSection() {
  const { data, error: loadError, invite, leave } = useHousehold();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  async function run(action: () => Promise<unknown>, fallback: string, after?: () => void) {
    setBusy(true);
    setError(null);
    try {
      await action();
      after?.();
    } catch (err) {
      setError(errorText(err, fallback));
    } finally {
      setBusy(false);
    }
  }

  function onInvite(e: FormEvent) {
    e.preventDefault();
    const to = email.trim();
    void run(() => invite(to), HOUSEHOLD_SECTION_TEXTS.inviteFailed, () => {
      setSent(to);
      setEmail('');
    });
  }

  const partner = data?.household?.members.find((m) => !m.you);
  return (
    <SettingsSection id="household" title="Household">
      <p className="muted">
        A pick for two: one title neither of you has seen, on a service one of you has, chosen for both your tastes. Either of you can ask for it; it counts
        once, for whoever asked.
      </p>
      {loadError && <Notice tone="error">{HOUSEHOLD_SECTION_TEXTS.loadFailed}</Notice>}
      {error && <Notice tone="error">{error}</Notice>}
      {!data && !loadError && <p className="muted">Loading&hellip;</p>}
      {data && partner && data.household && (
        <>
          <p>
            You share picks with <strong>{partner.name}</strong> since {day(data.household.since)}.
          </p>
          <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
            Leave household
          </button>
        </>
      )}
      {data && !data.household && data.invite && (
        <>
          <p>
            {sent === data.invite.email ? 'Invite sent to ' : 'Waiting for '}
            <strong>{data.invite.email}</strong> to accept. The link expires on {day(data.invite.expires_at)}.
          </p>
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void run(leave, HOUSEHOLD_SECTION_TEXTS.cancelFailed, () => setSent(null))}>
            Cancel invite
          </button>
        </>
      )}
      {data && !data.household && !data.invite && (
        <form className="household-invite" onSubmit={onInvite}>
          <label htmlFor="household-email">Your partner&rsquo;s email</label>
          <div className="inline-form">
            <input id="household-email" type="email" autoComplete="off" required value={email} onChange={(e) => setEmail(e.target.value)} />
            <button type="submit" className="btn btn-primary" disabled={busy || email.trim() === ''}>
              {busy ? 'Sending…' : 'Send invite'}
            </button>
          </div>
          <p className="muted">They get a link by email and accept with that address, signing up first if they need to.</p>
        </form>
      )}
      {confirming && partner && (
        <ConfirmDialog
          title="Leave the household?"
          cancelLabel="Cancel"
          confirmLabel="Yes, leave"
          busyLabel="Leaving…"
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void run(leave, HOUSEHOLD_SECTION_TEXTS.leaveFailed, () => setConfirming(false))}
        >
          <p>Picks for two end for both of you, and {partner.name} is told nothing. The ratings each of you gave stay in your own history.</p>
        </ConfirmDialog>
      )}
    </SettingsSection>
  );
}
