-- Nothing to change in the database: catalog_versions, order_list_counts, search_index_versions and
-- search_index_changes were created with their triggers by migrations 0015 to 0018. Their owning
-- modules now declare them in *.tables.ts, and this migration's snapshot records them, so later
-- generated migrations see them as they are instead of proposing to create them.
SELECT 1;
