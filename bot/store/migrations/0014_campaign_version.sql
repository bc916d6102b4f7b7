-- 0014: a version counter on each campaign record (issue 10, lost updates).
--
-- Every write of the campaign's columns (a faction link, the channels, the
-- deadline, a phase change, opening, resolving, undoing) adds one, and a write
-- of a copy read at another version is refused: two edits made at once can no
-- longer both reply success while one of them is silently lost.  The service
-- re-reads and applies the change again.  (Numbered 0014: branches reserve
-- numbers; the runner applies any file not yet applied, in order.)

ALTER TABLE campaigns ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
