// The per-user webhook a media server posts to, and how to set it up there: Jellyfin's Webhook
// plugin takes a JSON template to paste; Emby and Plex take the address alone.
import { useState } from 'react';
import type { ConnectionKind } from '@app/shared';
import { useT } from '../../i18n/useT';

/** How to set the webhook up on each server (keys of shared/locales/connections). */
const STEPS: Record<Exclude<ConnectionKind, 'trakt'>, string> = {
  jellyfin: 'connections.webhook.stepsJellyfin',
  emby: 'connections.webhook.stepsEmby',
  plex: 'connections.webhook.stepsPlex',
};

export function WebhookSetup({ kind, url, template }: { kind: ConnectionKind; url: string; template: string | null }) {
  const t = useT();
  const [copied, setCopied] = useState<string | null>(null);
  if (kind === 'trakt') return null;
  const copy = (what: string, text: string) =>
    void navigator.clipboard?.writeText(text).then(
      () => setCopied(what),
      () => setCopied(null),
    );
  return (
    <details className="webhook-setup">
      <summary>{t('connections.webhook.title')}</summary>
      <p className="muted">{t(STEPS[kind])}</p>
      <div className="field">
        <label htmlFor={`${kind}-webhook`}>{t('connections.webhook.address')}</label>
        <div className="copy-row">
          <input id={`${kind}-webhook`} type="text" readOnly value={url} onFocus={(e) => e.target.select()} />
          <button type="button" className="btn btn-ghost btn-small" onClick={() => copy('url', url)}>
            {copied === 'url' ? t('connections.webhook.copied') : t('connections.webhook.copy')}
          </button>
        </div>
        <p className="field-hint">{t('connections.webhook.private')}</p>
      </div>
      {template && (
        <div className="field">
          <label htmlFor={`${kind}-template`}>{t('connections.webhook.template')}</label>
          <textarea id={`${kind}-template`} readOnly rows={8} value={template} onFocus={(e) => e.target.select()} />
          <button type="button" className="btn btn-ghost btn-small" onClick={() => copy('template', template)}>
            {copied === 'template' ? t('connections.webhook.copied') : t('connections.webhook.copyTemplate')}
          </button>
        </div>
      )}
    </details>
  );
}
