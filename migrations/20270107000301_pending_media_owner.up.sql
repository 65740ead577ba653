-- A member's deletion cascades to their pending uploads: found by owner.
CREATE INDEX pending_media_owner_idx ON pending_media (owner_id);
