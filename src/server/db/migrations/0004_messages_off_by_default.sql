ALTER TABLE "users" ALTER COLUMN "messages_enabled" SET DEFAULT false;--> statement-breakpoint
-- No one has a message inbox yet; the messages area turns it on when it exists.
UPDATE "users" SET "messages_enabled" = false;
