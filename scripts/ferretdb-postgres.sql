-- Run by scripts/local-services.ts in every PostgreSQL database that FerretDB stores into, on every
-- start (idempotent). Why (docs/store.md, "Local store"): FerretDB v1.24.2 pushes an equality filter
-- down as `WHERE _jsonb -> $1 @> $2` and makes each Mongo index a btree expression index
-- `((_jsonb -> 'field'))`, which PostgreSQL cannot use for `@>`; so without this every find is a
-- sequential scan of its collection.
--
-- (a) For every btree index FerretDB creates whose leading key is `_jsonb -> 'field'`, a GIN twin on
--     that key alone: `USING gin ((_jsonb -> 'field') jsonb_path_ops)`, which serves `@>`. Dot
--     paths and other expressions are left alone. The twin's name is deterministic and under 63
--     characters (table prefix, md5 of table and field, `_gin`), so a repeat is a no-op. The GIN
--     index fires this trigger again and is skipped for not being btree.
--     The btree itself serves nothing (FerretDB pushes no sort or range down) and costs every write:
--     a non-unique one is made again under its own name as a partial index `WHERE false`, which
--     PostgreSQL never fills, so FerretDB's metadata and a later dropIndex still find it. Unique
--     btrees (`_id`, slugs, key hashes) stay: they enforce uniqueness.
--     The twins are made with `fastupdate = off`: GIN's pending list (on by default) holds new
--     entries unsorted until a vacuum or a full list (4 MB) merges them, and every search reads the
--     whole list meanwhile, so each read of a collection written all the time (the audit trail, its
--     counts) would scan thousands of entries, and the merge stalls whoever triggers it. One key per
--     document costs an insert no more than a btree entry would.
-- (b) plan_cache_mode = force_custom_plan (also given on the server's command line): FerretDB's
--     driver prepares its statements, and a generic plan of `_jsonb -> $1` matches no expression
--     index; a custom plan sees the key as a constant.

CREATE OR REPLACE FUNCTION public.preflight_gin_twin(index_oid oid) RETURNS void
LANGUAGE plpgsql AS $fn$
DECLARE
  ix record;
  field text;
BEGIN
  SELECT n.nspname AS schema_name, t.relname AS table_name, am.amname AS method, c.relname AS index_name,
         i.indisunique AS is_unique, i.indpred IS NOT NULL AS is_partial,
         pg_get_indexdef(i.indexrelid) AS definition, pg_get_indexdef(i.indexrelid, 1, true) AS first_key
    INTO ix
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indexrelid
    JOIN pg_am am ON am.oid = c.relam
    JOIN pg_class t ON t.oid = i.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
   WHERE i.indexrelid = index_oid;
  -- A partial btree is one this function made (or not FerretDB's): left alone.
  IF NOT FOUND OR ix.method <> 'btree' OR ix.is_partial THEN
    RETURN;
  END IF;
  -- pg_get_indexdef prints the key as (_jsonb -> 'field'::text), quotes doubled inside the literal.
  field := substring(ix.first_key FROM '^\(_jsonb -> ''((?:[^'']|'''')*)''::text\)$');
  IF field IS NULL THEN
    RETURN;
  END IF;
  field := replace(field, '''''', '''');
  EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %I.%I USING gin ((_jsonb -> %L) jsonb_path_ops) WITH (fastupdate = off)',
                 left(ix.table_name, 40) || '_' || left(md5(ix.table_name || '.' || field), 12) || '_gin',
                 ix.schema_name, ix.table_name, field);
  IF NOT ix.is_unique THEN
    EXECUTE format('DROP INDEX %I.%I', ix.schema_name, ix.index_name);
    EXECUTE ix.definition || ' WHERE false';
  END IF;
END
$fn$;

CREATE OR REPLACE FUNCTION public.preflight_gin_twins() RETURNS event_trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM public.preflight_gin_twin(objid) FROM pg_event_trigger_ddl_commands() WHERE object_type = 'index';
END
$fn$;

DO $do$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_event_trigger WHERE evtname = 'preflight_gin_twins') THEN
    CREATE EVENT TRIGGER preflight_gin_twins ON ddl_command_end WHEN TAG IN ('CREATE INDEX')
      EXECUTE FUNCTION public.preflight_gin_twins();
  END IF;
END
$do$;

-- Indexes made before the trigger existed (a database set up by hand, or by an older version).
SELECT count(public.preflight_gin_twin(i.indexrelid)) AS twinned
  FROM pg_index i
  JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attname = '_jsonb' AND NOT a.attisdropped;

SELECT format('ALTER DATABASE %I SET plan_cache_mode = force_custom_plan', current_database()) \gexec

-- Twins made before they were made with `fastupdate = off`: set it, and merge what their pending lists hold.
SELECT format('ALTER INDEX %I.%I SET (fastupdate = off)', n.nspname, c.relname)
  FROM pg_class c
  JOIN pg_namespace n ON n.oid = c.relnamespace
  JOIN pg_am am ON am.oid = c.relam
 WHERE am.amname = 'gin' AND c.relname LIKE '%\_gin' AND NOT coalesce(c.reloptions @> ARRAY['fastupdate=off'], false) \gexec
SELECT count(gin_clean_pending_list(c.oid)) AS merged
  FROM pg_class c
  JOIN pg_am am ON am.oid = c.relam
 WHERE am.amname = 'gin' AND c.relname LIKE '%\_gin';
