export * from './common.js';
export * from './user.js';
export * from './auth.js';
export * from './settings.js';
export * from './onboarding.js';
export * from './recommendations.js';
export * from './subscription.js';
export * from './public.js';
