import { openTab } from '../../lib/tabs';

export function PlanLimitNotice({ title, message, serverUrl }: { title: string; message: string; serverUrl: string }) {
  return (
    <section className="limit" data-state="limit" role="alert">
      <h2>{title}</h2>
      <p>{message}</p>
      <button type="button" className="primary" data-action="upgrade" onClick={() => void openTab(`${serverUrl}/settings?upgrade=true&section=subscription`)}>
        Upgrade
      </button>
    </section>
  );
}
