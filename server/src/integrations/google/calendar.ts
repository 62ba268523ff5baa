// Google Calendar API v3, events.insert over plain HTTP.
// https://developers.google.com/workspace/calendar/api/v3/reference/events/insert

const TIMEOUT_MS = 10_000;

export interface EventTime {
  /** RFC 3339 with an offset. */
  dateTime: string;
  /** IANA zone the event is shown in. */
  timeZone: string;
}

export interface NewCalendarEvent {
  /** Optional client-chosen id (base32hex, 5-1024 chars): inserting it twice answers 409. */
  id?: string;
  summary: string;
  description: string;
  location?: string;
  start: EventTime;
  end: EventTime;
  source?: { title: string; url: string };
  transparency?: 'opaque' | 'transparent';
}

export interface CreatedEvent {
  id: string;
  htmlLink: string | null;
}

/** The Calendar API answered with an error (`{error: {code, message, errors: [{reason}]}}`), or not at all. */
export class GoogleCalendarError extends Error {
  constructor(
    readonly status: number | null,
    readonly reason: string,
    message: string,
  ) {
    super(`Google Calendar ${status ?? 'unreachable'} ${reason}: ${message}`);
    this.name = 'GoogleCalendarError';
  }
}

export async function insertEvent(calendarUrl: string, accessToken: string, event: NewCalendarEvent, calendarId = 'primary'): Promise<CreatedEvent> {
  const url = `${calendarUrl.replace(/\/+$/, '')}/calendars/${encodeURIComponent(calendarId)}/events`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(event),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    throw new GoogleCalendarError(null, 'unreachable', (err as Error).message);
  }
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (res.status === 200 && body && typeof body.id === 'string') {
    return { id: body.id, htmlLink: typeof body.htmlLink === 'string' ? body.htmlLink : null };
  }
  const err = (body?.error ?? {}) as { message?: unknown; errors?: Array<{ reason?: unknown }> };
  const reason = typeof err.errors?.[0]?.reason === 'string' ? err.errors[0].reason : 'error';
  throw new GoogleCalendarError(res.status, reason, typeof err.message === 'string' ? err.message : `HTTP ${res.status}`);
}
