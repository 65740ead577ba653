package pgkit

// ActiveMember keeps out the rows whose member (the column member) is
// suspended or has a confirmed account deletion (from that moment, before
// the erasure removes them), as every read made for members does: feeds,
// 'Seguindo', profile lists, community lists, post pages and search
// documents. It is an anti-join on the partial index of those accounts
// (accounts_hidden_idx, whose predicate it repeats), so that the planner
// answers it from the index alone. It starts with " AND " and takes no
// argument.
func ActiveMember(member string) string {
	return ` AND NOT EXISTS (SELECT 1 FROM accounts sa WHERE sa.id = ` + member + `
	AND (sa.suspended_at IS NOT NULL OR sa.deleted_at IS NOT NULL))`
}
