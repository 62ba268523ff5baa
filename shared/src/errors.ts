// User-visible texts of spec section 8, verbatim.

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

/** Texts the server answers and the web app also shows before asking (one source for both). */
export const SERVER_TEXTS = {
  paymentsOff: 'Payments are not enabled on this server. Ask the operator to grant the lifetime plan.',
} as const;
