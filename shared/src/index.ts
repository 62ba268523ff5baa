export * from './constants.js';
export * from './errors.js';
export * from './schemas/index.js';
export * from './client.js';
export * from './extension.js';
export * from './schedule.js';
export * from './countries.js';
export * from './allowance.js';
