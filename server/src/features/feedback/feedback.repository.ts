import type { DB } from '../../db/connection.js';

export interface NewFeedback {
  rating: boolean;
  comment: string;
  email: string | null;
  pageUrl: string | null;
  userAgent: string | null;
  now: Date;
}

export async function insertFeedback(db: DB, f: NewFeedback): Promise<void> {
  await db
    .insertInto('feedback')
    .values({
      rating: f.rating ? 1 : 0,
      comment: f.comment,
      email: f.email,
      page_url: f.pageUrl,
      user_agent: f.userAgent,
      created_at: f.now.toISOString(),
    })
    .execute();
}
