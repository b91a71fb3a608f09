DROP INDEX "message_threads_search_idx";--> statement-breakpoint
ALTER TABLE "thread_mailboxes" ADD COLUMN "search_folded" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "thread_mailboxes_search_idx" ON "thread_mailboxes" USING gin ("search_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "thread_mailboxes_inbox_count_idx" ON "thread_mailboxes" USING btree ("mailbox","label") WHERE "thread_mailboxes"."last_received_at" is not null and not "thread_mailboxes"."archived";--> statement-breakpoint
-- hand-written below
-- A mailbox's row of a thread carries the thread's folded search text, so the inbox search reads
-- thread_mailboxes alone (its trigram index, or its mailbox's rows) with no join to the threads. Triggers
-- keep the copy for every writer: a new row takes the thread's text, and a change of the thread's text
-- reaches its rows.
CREATE FUNCTION thread_mailboxes_take_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_folded := coalesce((SELECT search_folded FROM message_threads WHERE id = NEW.thread_id), '');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER thread_mailboxes_take_search BEFORE INSERT ON thread_mailboxes
  FOR EACH ROW EXECUTE FUNCTION thread_mailboxes_take_search();
--> statement-breakpoint
CREATE FUNCTION message_threads_pass_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE thread_mailboxes SET search_folded = NEW.search_folded WHERE thread_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER message_threads_pass_search AFTER UPDATE OF search_text ON message_threads
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text)
  EXECUTE FUNCTION message_threads_pass_search();
--> statement-breakpoint
UPDATE thread_mailboxes tm SET search_folded = t.search_folded FROM message_threads t WHERE t.id = tm.thread_id;
