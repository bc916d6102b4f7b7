-- 0031: a moderators-only channel per campaign (issue 12, moderators' questions).
--
-- A step's question for the moderators (a combat result, a card's effect) and the values a
-- moderator enters in its form are no reading for the players: they are posted in this channel,
-- never in the public report channel.  NULL: none set (the report channel then only says that a
-- moderators' question waits, and how to set the channel).  INTEGER is BIGINT on PostgreSQL
-- (bot/store/migrate.py), as Discord's ids need: one source for both engines.

ALTER TABLE campaigns ADD COLUMN moderator_channel_id INTEGER;
