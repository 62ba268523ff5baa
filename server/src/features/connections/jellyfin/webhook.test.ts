// The webhook parsers on arbitrary input: whatever the bytes, they answer a result or throw a
// WebhookPayloadError (a 400), never anything else (a 500).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WebhookPayloadError } from '../adapter.js';
import { JELLYFIN_WEBHOOK_TEMPLATE, parseWebhook } from './webhook.js';

const FLAVOURS = ['jellyfin', 'emby'] as const;
const TYPES = [undefined, 'application/json', 'application/x-www-form-urlencoded', 'text/plain'];

function only400(flavour: (typeof FLAVOURS)[number], body: Buffer, type: string | undefined): boolean {
  try {
    const r = parseWebhook(flavour, body, type);
    return Array.isArray(r.events) && r.events.every((e) => typeof e.key === 'string' && !Number.isNaN(e.at.getTime()));
  } catch (err) {
    return err instanceof WebhookPayloadError;
  }
}

/** Values that reach the parser's branches: the fields it reads, with values of every JSON type. */
const value = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constantFrom('True', 'False', '2026-12-01T21:14:07Z', '603', 'tt0133093', '0f'));
const fields = ['ItemId', 'UserId', 'UtcTimestamp', 'Name', 'Year', 'PlayedToCompletion', 'Played', 'Favorite', 'Rating', 'SaveReason', 'ServerUrl', 'Provider_tmdb', 'Date', 'SeriesName'];
const near = fc.record(
  {
    // The free fields first, so the event names below are not overwritten by any value.
    ...Object.fromEntries(fields.map((f) => [f, value])),
    NotificationType: fc.constantFrom('PlaybackStop', 'UserDataSaved', 'ItemAdded', 'Other'),
    Event: fc.constantFrom('playback.stop', 'item.markplayed', 'item.rate', 'library.new', 'x'),
    ItemType: fc.constantFrom('Movie', 'Series', 'Episode', 'Audio'),
    Item: fc.oneof(fc.dictionary(fc.constantFrom('Id', 'Type', 'Name', 'UserData', 'ProviderIds', 'SeriesName', 'ProductionYear'), fc.oneof(value, fc.dictionary(fc.string(), value))), value),
    User: fc.oneof(fc.record({ Id: value, Name: value }), value),
    PlaybackInfo: fc.oneof(fc.record({ PlayedToCompletion: value }), value),
  },
  { requiredKeys: [] },
);

describe('media server webhook parsers (property)', () => {
  it('never throw anything but WebhookPayloadError on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FLAVOURS), fc.uint8Array({ maxLength: 2000 }), fc.constantFrom(...TYPES), (flavour, bytes, type) => only400(flavour, Buffer.from(bytes), type)),
      { numRuns: 500 },
    );
  });

  it('nor on JSON objects shaped like the payloads, with any values in their fields', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FLAVOURS), near, fc.constantFrom(...TYPES), (flavour, o, type) => {
        const json = JSON.stringify(o);
        const body = type === 'application/x-www-form-urlencoded' ? `data=${encodeURIComponent(json)}` : json;
        return only400(flavour, Buffer.from(body), type);
      }),
      { numRuns: 1000 },
    );
  });

  it('the template is JSON once the plugin fills it, whatever a name holds but a backslash', () => {
    fc.assert(
      fc.property(fc.string().filter((s) => !s.includes('\\')), (name) => {
        // The plugin escapes a name's quotes for JSON (DataObjectHelpers.Escape) and {{{ }}} leaves it as is.
        const filled = JELLYFIN_WEBHOOK_TEMPLATE.replace(/\{\{\{?(\w+)\}?\}\}/g, (_, k: string) => (k === 'Name' ? name.replace(/"/g, '\\"') : ''));
        try {
          JSON.parse(filled);
          return true;
        } catch {
          // Control characters are not escaped by the plugin either: such a name is a 400.
          return /[\u0000-\u001f]/.test(name);
        }
      }),
    );
    expect(() => JSON.parse(JELLYFIN_WEBHOOK_TEMPLATE.replace(/\{\{\{?\w+\}?\}\}/g, ''))).not.toThrow();
  });
});
