// The parts of the shared contract the extension runs: the client, constants and texts. Imported
// by file, not through '@app/shared', so the zod schemas (and zod) never enter the extension's
// bundles; types still come from '@app/shared' with `import type`.
export { createApiClient, type ApiClient, type TokenStore } from '../../../shared/src/client';
export { ApiError, PlanLimitError, NetworkError } from '../../../shared/src/api-errors';
export { MOODS, TIMEZONE_CHOICES, DEFAULT_TIMEZONE, SCHEDULE_DEFAULTS } from '../../../shared/src/constants';
export { PLAN_LIMIT_TEXTS, ALERT_TEXTS, TOGETHER_TEXTS } from '../../../shared/src/errors';
export { EXTENSION_HANDOFF } from '../../../shared/src/extension';
export { WHY_NOT_TEXTS, whyNotHeading } from '../../../shared/src/why-not';
export { ATTRIBUTION } from '../../../shared/src/attribution';
export { watchSummary } from '../../../shared/src/where-to-watch';
export { CALENDAR_LIFETIME_TEXT, featuredZoneName, isKnownTimezone, pickCalendarUrl, prefillSchedule, timezoneOptions, todayIn } from '../../../shared/src/schedule';
export { replacementCost, replacementCostTag, noFreeReplacementsNote, stillFreeText, type ReplacementCost } from '../../../shared/src/allowance';
export { TIME_CHOICES, describeTonight, formatMinutes } from '../../../shared/src/tonight';
export { partnerName, togetherStatus } from '../../../shared/src/together';
export { pickNoticeText } from '../../../shared/src/pick-notice';
