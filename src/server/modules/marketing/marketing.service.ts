import type { Executor } from '../../core/database';
import { newsletterSubscriptions } from './marketing.tables';

/** Signs an address up; null when it was already signed up. */
export async function subscribeToNewsletter(db: Executor, email: string, source: string) {
  const [row] = await db
    .insert(newsletterSubscriptions)
    .values({ email, source })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}
