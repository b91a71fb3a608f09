-- Search (catalogue) relies on trigram similarity and accent folding; both engines ship these.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
