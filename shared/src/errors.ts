// User-visible texts the product quotes word for word (docs/screens.md, "User-visible texts").

export const PLAN_LIMIT_TEXTS = {
  title: 'Subscription limit reached',
  limitReached: "You've reached your limit for free recommendations this week. Upgrade to keep watching more!",
  expired: 'Your access is paused. Upgrade to lifetime to unlock new recommendations.',
} as const;

export const ERROR_TEXTS = {
  loginFailed: 'Login failed. Please try again.',
  googleSignInFailed: 'Google sign-in failed. Please try again.',
  googleCancelled: 'Google sign-in was cancelled or failed.',
  registrationFailed: 'Registration failed. Please try again.',
  googleSignUpFailed: 'Google sign-up failed...',
  verificationFailed: 'Verification failed. Please try again.',
  resendFailed: 'Failed to resend verification code.',
} as const;

export const ALERT_TEXTS = {
  saveRating: 'Failed to save rating. Please try again.',
  newRecommendation: 'Failed to get new recommendation. Please try again.',
  savePreferences: 'Failed to save preferences. Please try again.',
  updateProfile: 'Failed to update profile...',
  disconnectCalendar: 'Failed to disconnect calendar...',
  createPaymentLink: (detail: string) => `Failed to create payment link: ${detail}`,
  initiatePayment: 'Failed to initiate payment...',
  downloadCalendar: 'Failed to download calendar file...',
  addToCalendar: 'Failed to add to calendar. Please enable calendar integration in settings.',
  submitFeedback: 'Failed to submit feedback. Please try again.',
  calendarIncomplete: 'Calendar connection incomplete. Token was not saved',
  paymentCancelled: 'Payment was cancelled or failed. Please try again.',
  selectDate: 'Please select a date',
  selectThumb: 'Please select thumbs up or down',
  invalidLink: 'Invalid Link',
} as const;

/** A pick for two, on the dashboard and in the popup, when it could not be had or rated. */
export const TOGETHER_TEXTS = {
  pickFailed: 'Could not find a pick for both of you. Please try again.',
  rateFailed: 'Could not save your rating. Please try again.',
} as const;

/** Texts the server answers and the web app also shows before asking (one source for both). */
export const SERVER_TEXTS = {
  paymentsOff: 'Payments are not enabled on this server. Ask the operator to grant the lifetime plan.',
} as const;

/**
 * The one list of API error codes, each with its HTTP status. Every error answer is JSON
 * {detail, code, ...}; a 400 for bad input carries `errors: [{path, message}]` wherever it is
 * caught (schema or service), so a form shows it beside the field the same way.
 */
export const ERROR_CODES = {
  validation: { code: 'validation_error', status: 400 },
  invalid_json: { code: 'invalid_json', status: 400 },
  malformed_url: { code: 'malformed_url', status: 400 },
  bad_request: { code: 'bad_request', status: 400 },
  unauthorized: { code: 'unauthorized', status: 401 },
  plan_limit: { code: 'plan_limit', status: 402 },
  forbidden: { code: 'forbidden', status: 403 },
  not_found: { code: 'not_found', status: 404 },
  conflict: { code: 'conflict', status: 409 },
  /** The calendar grant no longer works; the answer carries `needs_reconnect: true`. */
  calendar_reconnect: { code: 'calendar_reconnect', status: 409 },
  too_large: { code: 'too_large', status: 413 },
  unsupported_encoding: { code: 'unsupported_encoding', status: 415 },
  rate_limited: { code: 'rate_limited', status: 429 },
  internal: { code: 'internal', status: 500 },
  /** Stripe could not be reached or refused the request. */
  payment_provider: { code: 'payment_provider', status: 502 },
  /** Google (calendar) could not be reached. */
  upstream_unavailable: { code: 'upstream_unavailable', status: 502 },
  unavailable: { code: 'unavailable', status: 503 },
  storage_unavailable: { code: 'storage_unavailable', status: 503 },
} as const;

/** A key of ERROR_CODES: what the server's HttpError is made from. */
export type ErrorKind = keyof typeof ERROR_CODES;
export type ErrorCode = (typeof ERROR_CODES)[ErrorKind]['code'];
