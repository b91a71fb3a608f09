-- Catalogue search folds accents and case on both sides of every match (names such as 'Gloire de
-- Marengo' or 'Général'). unaccent() is only STABLE (its rules file could change), so generated
-- columns and indexes cannot call it; this wrapper pins the dictionary and is declared IMMUTABLE, the
-- usual PostgreSQL idiom. Queries call search_fold() on the user's text the same way. If the
-- unaccent rules ever change, rewrite products (UPDATE products SET primary_name = primary_name)
-- so the stored search columns follow.
CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
