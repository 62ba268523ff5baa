// The parts of the shared contract the extension runs: the client, constants and texts. Imported
// by their subpath exports (shared/package.json), not through the '@app/shared' barrel, so the zod
// schemas (and zod) never enter the extension's bundles; types still come from '@app/shared' with
// `import type`.
export { createApiClient, type ApiClient, type TokenStore } from '@app/shared/client';
export { ApiError, PlanLimitError, NetworkError } from '@app/shared/api-errors';
export { MOODS, TIMEZONE_CHOICES, DEFAULT_TIMEZONE, SCHEDULE_DEFAULTS } from '@app/shared/constants';
export { PLAN_LIMIT_TEXTS, ALERT_TEXTS, TOGETHER_TEXTS } from '@app/shared/errors';
export { EXTENSION_HANDOFF } from '@app/shared/extension';
export { WHY_NOT_TEXTS, whyNotHeading } from '@app/shared/why-not';
export { ATTRIBUTION } from '@app/shared/attribution';
export { watchSummary } from '@app/shared/where-to-watch';
export { CALENDAR_LIFETIME_TEXT, featuredZoneName, isKnownTimezone, pickCalendarUrl, prefillSchedule, timezoneOptions, todayIn } from '@app/shared/schedule';
export { replacementCost, replacementCostTag, noFreeReplacementsNote, stillFreeText, type ReplacementCost } from '@app/shared/allowance';
export { TIME_CHOICES, describeTonight, formatMinutes } from '@app/shared/tonight';
export { partnerName, togetherStatus } from '@app/shared/together';
export { pickNoticeText } from '@app/shared/pick-notice';
export { STREAMING_SITES } from '@app/shared/streaming-sites';
