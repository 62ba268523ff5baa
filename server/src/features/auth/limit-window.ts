// The window every sign-in-related rate limit counts over (sign-in, unlock codes, password resets,
// password and email changes): its own module, so the services that share it need not import one another.
export const LIMIT_WINDOW_SECONDS = 15 * 60;
