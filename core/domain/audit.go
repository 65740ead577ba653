package domain

import "time"

// AuditEntry is one act of a moderator, an administrator or the operator:
// who, what, on what, why and when. Entries are written in the transaction
// of the act and never changed.
type AuditEntry struct {
	ActorID    *UserID // nil for the operator's command line
	ActorRole  string  // member, moderator, admin or operator
	Action     string  // e.g. "post.remove", "account.suspend"
	TargetType string  // account, post, report, or a plugin's own
	TargetID   string
	Reason     *string
	// Details keep what the act destroyed or changed (a removed post's
	// text, a role before and after), so the history can be read alone.
	Details map[string]any
	At      time.Time
}

// ActorOf fills the actor fields of e from v.
func (e AuditEntry) ActorOf(v Viewer) AuditEntry {
	if v.IsOperator() {
		e.ActorRole = "operator"
		return e
	}
	id := v.UserID
	e.ActorID, e.ActorRole = &id, string(v.Role)
	return e
}
