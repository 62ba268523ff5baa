// Settings > Connected apps (docs/screens.md): Jellyfin, Emby, Plex and Trakt, each connected,
// synced now, or disconnected here; what they bring in is written to the history as it happens.
import { CONNECTION_NAMES, type ConnectionStatus } from '@app/shared';
import { useConnections } from '../../hooks/useConnections';
import { ErrorState } from '../common/ErrorState';
import { PageLoading } from '../common/PageLoading';
import { SettingsSection } from '../settings/SettingsSection';
import { ConnectionCard } from './ConnectionCard';
import { useT } from '../../i18n/useT';
import '../../styles/connections.css';

export function ConnectedAppsSection() {
  const t = useT();
  const { data, error, mutate } = useConnections();
  const replace = (s: ConnectionStatus) =>
    mutate((d) => (d ? { integrations: d.integrations.map((c) => (c.kind === s.kind ? s : c)) } : d), { revalidate: false });
  return (
    <SettingsSection id="connected-apps" title={t('connections.section.title')}>
      <p className="muted">{t('connections.section.intro')}</p>
      {error ? (
        <ErrorState error={error} fallback={t('connections.section.loadFailed')} onRetry={() => void mutate()} />
      ) : !data ? (
        <PageLoading label={t('connections.section.loading')} />
      ) : (
        <ul className="connections">
          {data.integrations.map((c) => (
            <li key={c.kind} className="connection" aria-labelledby={`connection-${c.kind}`}>
              <h3 id={`connection-${c.kind}`}>{CONNECTION_NAMES[c.kind]}</h3>
              <ConnectionCard status={c} onChange={(s) => void replace(s)} />
            </li>
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}
