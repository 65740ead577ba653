DROP TABLE push_deliveries;
--bun:split
DROP TRIGGER push_subscriptions_session_revoked ON sessions;
--bun:split
DROP FUNCTION push_subscriptions_end_with_session();
--bun:split
DROP TABLE push_subscriptions;
--bun:split
DROP TABLE push_vapid_keys;
