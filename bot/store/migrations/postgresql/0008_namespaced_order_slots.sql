-- 0008 on PostgreSQL: nothing to rewrite.
--
-- The shared 0008 rewrites order slots stored before they were namespaced,
-- with SQLite's JSON functions.  No PostgreSQL campaign store is older than
-- the PostgreSQL backend, which came long after 0008: a PostgreSQL database
-- gets 0001-0008 in one go while it is empty, so there is never a bare slot to
-- rewrite (a campaign moved from SQLite comes through export/import, with the
-- slots SQLite already rewrote).  The version is still recorded, so the
-- numbering stays one for both backends.
SELECT 1;
