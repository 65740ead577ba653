package accesscontrol_test

import "strings"

// class is who may act on another member's resource through an operation.
type class int

const (
	// ownerOnly: the owner and whom the owner admits (their followers,
	// their community's managers, the conversation's other participant, the
	// room's participants). Another member gets 403 or 404 and nothing
	// changes.
	ownerOnly class = iota + 1
	// anyMember: open to every member by design (reading, liking,
	// following, joining). Another member's action changes only what the
	// rule's effect allows, and the owner's private variants stay refused.
	anyMember
	// staffOnly: the admin API. A plain member gets 403 and nothing changes.
	staffOnly
)

func (c class) String() string {
	return map[class]string{ownerOnly: "owner only", anyMember: "any member", staffOnly: "staff only"}[c]
}

// change is what another member's action may do to one table.
type change struct {
	// owner is the column holding the acting member's ID in every row the
	// action adds or removes; "" when it may add or remove none.
	owner string
	// ownerHash is the column holding the SHA-256 of the acting member's ID
	// in the rows it adds: a rate limit counting the member's own attempt.
	ownerHash string
	// kinds are the jobs it may enqueue (river_job), or the kinds of
	// search document it may queue (search_queue).
	kinds []string
	// cols are the columns it may change in existing rows; a column named
	// *_count moves by one at most.
	cols []string
	// cache: rows any member's request may add, shared by everyone.
	cache bool
}

// effect is, by table, everything an allowed action may change.
type effect map[string]change

// rule is one operation's classification and the fixtures it is tried on.
type rule struct {
	op    string
	class class
	// on are the fixtures the other member (B) acts on: each variant names
	// one fixture per path parameter, in the path's order ("community/member").
	// ownerOnly: each is refused. anyMember: each is allowed, within effect.
	// staffOnly: none; the item is the first of the staff's list at the
	// parent path.
	on []string
	// hidden (anyMember) are the owner's private variants: refused.
	hidden []string
	// by (default A) is who the owner admits: the control at the end shows
	// the operation answers 2xx for them on on[0], so a refusal is about who
	// asks, never a wrong path or a missing fixture. hiddenBy is the same
	// for hidden[0].
	by, hiddenBy string
	// setup is an operation B performs first on the same fixtures (an
	// unlike needs a like).
	setup  string
	effect effect
	// consumes: the control destroys its fixture, so it runs after the
	// others, in table order.
	consumes bool
}

// with is e and one more table's change.
func with(e effect, table string, c change) effect {
	out := effect{table: c}
	for k, v := range e {
		out[k] = v
	}
	return out
}

func vs(variants ...string) []string { return variants }

func params(variant string) []string { return strings.Split(variant, "/") }

var (
	likesOfPost = effect{"likes": {owner: "user_id"}, "posts": {cols: []string{"like_count"}},
		"notifications": {owner: "sender_id"}, "river_job": jobs("push.deliver"), "push_topics": pushWindow}
	follows = effect{"follows": {owner: "follower_id"}, "profiles": {cols: []string{"follower_count", "following_count"}},
		"notifications": {owner: "sender_id"}, "timelines": {owner: "member_id"}}
	roomPresence = effect{"listening_participants": {owner: "user_id"},
		"listening_rooms": {cols: []string{"participant_count", "updated_at"}}}
	reportBy = effect{"reports": {owner: "reporter_id"}}
	// counted is the member's own attempt in a rate limit.
	counted = change{ownerHash: "key_hash"}
	// pushWindow is the collapse window a push to the owner's device opens
	// for its topic: anyone's act that notifies the owner may open or move it.
	pushWindow = change{cache: true, cols: []string{"until"}}
)

func jobs(kinds ...string) change { return change{kinds: kinds} }

func queued(kinds ...string) change { return change{kinds: kinds} }

// rules classifies every operation of the API document that has a path
// parameter. An operation missing here fails the test (classify it); a rule
// whose operation is gone fails it too.
var rules = []rule{
	// Posts: public ones are open to every member; friends_only ones to
	// the author's followers (C), never to B. A community's posts are
	// posts too: B, a member of the open community, acts on its post like
	// on a public one; the closed community's post is hidden from B.
	{op: "get-post", class: anyMember, on: vs("post.public", "post.media", "cpost.open"), hidden: vs("post.private", "cpost.closed"), hiddenBy: "C"},
	{op: "list-comments", class: anyMember, on: vs("post.public", "cpost.open"), hidden: vs("post.private", "cpost.closed"), hiddenBy: "C"},
	{op: "create-comment", class: anyMember, on: vs("post.public", "cpost.open"), hidden: vs("post.private", "cpost.closed"), hiddenBy: "C",
		effect: effect{"comments": {owner: "author_id"}, "posts": {cols: []string{"comment_count"}},
			"notifications": {owner: "sender_id"}, "rate_limit_events": counted, "river_job": jobs("push.deliver"),
			"push_topics": pushWindow}},
	{op: "like-post", class: anyMember, on: vs("post.public", "cpost.open"), hidden: vs("post.private", "cpost.closed"), hiddenBy: "C", effect: likesOfPost},
	{op: "unlike-post", class: anyMember, on: vs("post.public", "cpost.open"), hidden: vs("post.private", "cpost.closed"), hiddenBy: "C",
		setup: "like-post", effect: likesOfPost},
	{op: "share-post", class: anyMember, on: vs("post.public", "cpost.open"), hidden: vs("post.private", "cpost.closed"), hiddenBy: "C",
		effect: effect{"posts": {cols: []string{"share_count"}}, "post_shares": {owner: "member_id"}}},
	{op: "report-post", class: anyMember, on: vs("post.public", "cpost.open"), hidden: vs("post.private", "cpost.closed"), hiddenBy: "C", effect: reportBy},
	// Translations are cached per post and language for every reader.
	{op: "translate-post", class: anyMember, on: vs("post.public", "cpost.open"), hidden: vs("post.private", "cpost.closed"), hiddenBy: "C",
		effect: effect{"post_translations": {cache: true}}},
	{op: "update-post", class: ownerOnly, on: vs("post.public", "post.private", "post.media", "cpost.open", "cpost.closed")},
	// A member's sessions are theirs alone: another's ID is not found.
	{op: "end-session", class: ownerOnly, on: vs("session"), consumes: true},
	// A member's passkeys are theirs alone: another's ID is not found.
	{op: "remove-passkey", class: ownerOnly, on: vs("passkey"), consumes: true},
	// The apps a member authorized are theirs alone: another's is not found.
	{op: "disconnect-app", class: ownerOnly, on: vs("connected_app"), consumes: true},
	{op: "report-comment", class: anyMember, on: vs("comment.public"), hidden: vs("comment.private"), hiddenBy: "C", effect: reportBy},
	// The comment's author or the post's author (A deletes C's comment).
	{op: "delete-comment", class: ownerOnly, on: vs("comment.byC", "comment.public", "comment.private"), consumes: true},
	// The author, or in a community its owner (A, for both).
	{op: "delete-post", class: ownerOnly, on: vs("post.public", "post.private", "post.media", "cpost.open", "cpost.closed"), consumes: true},

	{op: "mark-notification-read", class: ownerOnly, on: vs("notification")},

	// Profiles are public; following is open to every member.
	{op: "get-profile", class: anyMember, on: vs("handle.A")},
	{op: "list-followers", class: anyMember, on: vs("handle.A")},
	{op: "list-following", class: anyMember, on: vs("handle.A")},
	{op: "list-profile-posts", class: anyMember, on: vs("handle.A")},
	{op: "follow-profile", class: anyMember, on: vs("handle.A"), effect: with(with(follows, "river_job", jobs("timelines.backfill", "push.deliver")), "push_topics", pushWindow)},
	{op: "unfollow-profile", class: anyMember, on: vs("handle.A"), setup: "follow-profile",
		effect: with(follows, "river_job", jobs("timelines.remove_author"))},
	// Blocking and muting are every member's right; B follows nobody and
	// nobody follows B by now, so B's block ends no follow. The unblock
	// right after gives B back every other action on A's things.
	{op: "block-profile", class: anyMember, on: vs("handle.A"), effect: effect{"member_blocks": {owner: "blocker_id"}}},
	{op: "unblock-profile", class: anyMember, on: vs("handle.A"), setup: "block-profile",
		effect: effect{"member_blocks": {owner: "blocker_id"}}},
	{op: "mute-profile", class: anyMember, on: vs("handle.A"), effect: effect{"member_mutes": {owner: "muter_id"}}},
	{op: "unmute-profile", class: anyMember, on: vs("handle.A"), setup: "mute-profile",
		effect: effect{"member_mutes": {owner: "muter_id"}}},
	// A member's muted words are theirs alone: another's is not found.
	{op: "remove-muted-word", class: ownerOnly, on: vs("muted_word"), consumes: true},
	{op: "unblock-domain", class: ownerOnly, on: vs("domain_block"), consumes: true},

	// Communities: B is an approved plain member of the open one and a
	// stranger to the closed one.
	{op: "communities-get", class: anyMember, on: vs("community.open", "community.closed")},
	{op: "communities-join", class: anyMember, on: vs("community.closed"), effect: effect{"community_members": {owner: "user_id"}}},
	// Last of B's community actions: B leaves the open community.
	{op: "communities-leave", class: anyMember, on: vs("community.open"),
		effect: effect{"community_members": {owner: "user_id"}, "communities": {cols: []string{"member_count"}},
			"search_queue": queued("community")}},
	{op: "communities-list-members", class: ownerOnly, on: vs("community.closed")},
	{op: "communities-set-member-role", class: ownerOnly,
		on: vs("community.open/membership.open.C", "community.open/membership.open.A", "community.closed/membership.closed.C")},
	{op: "communities-approve-member", class: ownerOnly, on: vs("community.closed/membership.closed.C"), consumes: true},
	{op: "communities-reject-member", class: ownerOnly, on: vs("community.closed/membership.closed.D"), consumes: true},
	{op: "communities-remove-member", class: ownerOnly,
		on: vs("community.open/membership.open.C", "community.open/membership.open.A", "community.closed/membership.closed.D"), consumes: true},
	{op: "communities-delete", class: ownerOnly, on: vs("community.open", "community.closed"), consumes: true},

	// Direct messages: the two participants (A and C) only.
	{op: "messages-get-conversation", class: ownerOnly, on: vs("conversation")},
	{op: "messages-list-messages", class: ownerOnly, on: vs("conversation")},
	{op: "messages-send", class: ownerOnly, on: vs("conversation")},
	{op: "messages-mark-read", class: ownerOnly, on: vs("conversation")},

	// Listening rooms are open to every member; the chat to participants
	// and the host; playback and ending to the host.
	{op: "rooms-get", class: anyMember, on: vs("room")},
	{op: "rooms-messages", class: anyMember, on: vs("room")},
	{op: "rooms-participants", class: anyMember, on: vs("room")},
	{op: "rooms-join", class: anyMember, on: vs("room"), effect: roomPresence},
	{op: "rooms-leave", class: anyMember, on: vs("room"), setup: "rooms-join", effect: roomPresence},
	{op: "rooms-send-message", class: ownerOnly, on: vs("room")},
	{op: "rooms-playback", class: ownerOnly, on: vs("room")},
	{op: "rooms-remove-participant", class: ownerOnly, on: vs("room/participant.C"), consumes: true},
	{op: "rooms-ban-participant", class: ownerOnly, on: vs("room/participant.D"), consumes: true},
	{op: "rooms-end", class: ownerOnly, on: vs("room"), consumes: true},

	// Stories: the author and their followers (C) read; the author manages.
	{op: "stories-get", class: ownerOnly, on: vs("story"), by: "C"},
	{op: "stories-view", class: ownerOnly, on: vs("story"), by: "C"},
	{op: "stories-viewers", class: ownerOnly, on: vs("story")},
	{op: "stories-delete", class: ownerOnly, on: vs("story"), consumes: true},

	{op: "admin-get-audit-entry", class: staffOnly},
	{op: "admin-get-community", class: staffOnly},
	{op: "admin-get-conversation", class: staffOnly},
	{op: "admin-get-hashtag", class: staffOnly},
	{op: "admin-get-mail", class: staffOnly},
	{op: "admin-get-migration", class: staffOnly},
	{op: "admin-get-plugin", class: staffOnly},
	{op: "admin-get-post", class: staffOnly},
	{op: "admin-delete-post", class: staffOnly},
	{op: "admin-get-profile", class: staffOnly},
	{op: "admin-update-profile", class: staffOnly},
	{op: "admin-suspend-profile", class: staffOnly},
	{op: "admin-unsuspend-profile", class: staffOnly},
	{op: "admin-get-report", class: staffOnly},
	{op: "admin-resolve-report", class: staffOnly},
	{op: "admin-get-room", class: staffOnly},
	{op: "admin-end-room", class: staffOnly},
	{op: "admin-get-story", class: staffOnly},
}

// notMassAssigned are the operations with a request body that the mass
// assignment check leaves out, and why. Every other operation with a body
// is sent with extra fields (staff-only ones aside: their bodies are the
// staff's decisions, and members are refused by the admin gate).
var notMassAssigned = map[string]string{
	"reset-password":           "needs a mailed token; sets only the password",
	"refresh-session":          "trades a refresh token; no member field",
	"sign-out":                 "ends a session; no member field",
	"preview-link":             "reads a page for the composer; stores nothing of the member",
	"resolve-media-links":      "resolves storage paths to links; stores nothing",
	"complete-second-step":     "completes a pending sign-in with a code or a passkey; no member field",
	"passkey-sign-in":          "signs in with a passkey's answer; no member field",
	"add-passkey":              "needs a new passkey from an authenticator; stores only its name",
	"confirm-totp":             "takes only the authenticator app's code",
	"disable-totp":             "takes only the authenticator app's code",
	"email-digest-unsubscribe": "needs a mailed digest's token; only turns the digest off",
}
