/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
// The per-user webhook a media server posts to, and how to set it up there: Jellyfin's Webhook
// plugin takes a JSON template to paste; Emby and Plex take the address alone.
import { useState } from 'react';
import type { ConnectionKind } from '@app/shared';

const STEPS: Record<Exclude<ConnectionKind, 'trakt'>, string> = {
  jellyfin:
    'In Jellyfin, install the Webhook plugin (Dashboard > Plugins > Catalog), then add a Generic Destination with this address, tick Playback Stop, User Data Saved and Item Added, and paste the template below.',
  emby: 'In Emby (webhooks need Emby Premiere), Settings > Notifications > Add Notification > Webhooks: paste this address, choose application/json, and pick Playback Stop, Mark Played, Rate Item and New Media Added.',
  plex: 'In Plex Web, signed in as the server’s owner, Settings > Webhooks > Add Webhook: paste this address (webhooks need Plex Pass).',
};

export function WebhookSetup({ kind, url, template }: { kind: ConnectionKind; url: string; template: string | null }) {
  const [copied, setCopied] = useState<string | null>(null);
  if (kind === 'trakt') return null;
  const copy = (what: string, text: string) =>
    void navigator.clipboard?.writeText(text).then(
      () => setCopied(what),
      () => setCopied(null),
    );
  return (
    <details className="webhook-setup">
      <summary>Hear of plays at once (webhook)</summary>
      <p className="muted">{STEPS[kind]}</p>
      <div className="field">
        <label htmlFor={`${kind}-webhook`}>Webhook address</label>
        <div className="copy-row">
          <input id={`${kind}-webhook`} type="text" readOnly value={url} onFocus={(e) => e.target.select()} />
          <button type="button" className="btn btn-ghost btn-small" onClick={() => copy('url', url)}>
            {copied === 'url' ? 'Copied' : 'Copy'}
          </button>
        </div>
        <p className="field-hint">Keep it private: anyone with this address can tell us what you watched. Disconnecting retires it.</p>
      </div>
      {template && (
        <div className="field">
          <label htmlFor={`${kind}-template`}>Template</label>
          <textarea id={`${kind}-template`} readOnly rows={8} value={template} onFocus={(e) => e.target.select()} />
          <button type="button" className="btn btn-ghost btn-small" onClick={() => copy('template', template)}>
            {copied === 'template' ? 'Copied' : 'Copy the template'}
          </button>
        </div>
      )}
    </details>
  );
}
