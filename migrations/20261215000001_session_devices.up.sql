-- What a member sees of each of their sessions: the browser's User-Agent
-- (capped; the device label is read from it when listed) and the network
-- it was last used from. Only a prefix of the address is kept, IPv4 /24 or
-- IPv6 /48, never the address itself: enough to tell "home" from
-- "elsewhere", too little to name a household. Sessions opened before this
-- migration have neither.
ALTER TABLE sessions ADD COLUMN user_agent text NOT NULL DEFAULT ''
    CHECK (octet_length(user_agent) <= 512);
--bun:split
ALTER TABLE sessions ADD COLUMN network cidr
    CHECK (network IS NULL
        OR (family(network) = 4 AND masklen(network) <= 24)
        OR (family(network) = 6 AND masklen(network) <= 48));
