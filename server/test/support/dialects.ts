// Every database test runs on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set
// (CI sets it; see .ci/run).
export type TestDialect = 'sqlite' | 'postgres';
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? null;
export const dialects: TestDialect[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
