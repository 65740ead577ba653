DROP TABLE IF EXISTS timelines;
DROP INDEX IF EXISTS follows_following_follower_idx;
