package domain

import (
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/google/uuid"
)

// PostID identifies a post (UUIDv7, time-ordered).
type PostID uuid.UUID

// NewPostID makes a fresh time-ordered ID.
func NewPostID() PostID { return PostID(uuid.Must(uuid.NewV7())) }

// ParsePostID reads an ID from its text form.
func ParsePostID(s string) (PostID, error) { return parseID[PostID]("post", s) }

func (id PostID) String() string { return uuid.UUID(id).String() }

// PostType is what a post carries.
type PostType string

// Post types.
const (
	PostText  PostType = "text"
	PostImage PostType = "image"
	PostVideo PostType = "video"
)

// Visibility says who may read a post.
type Visibility string

// Visibilities. friends_only means the author and their followers;
// members_only the author and the members of the post's audience.
const (
	VisibilityPublic      Visibility = "public"
	VisibilityFriendsOnly Visibility = "friends_only"
	VisibilityMembersOnly Visibility = "members_only"
)

// AudienceID names a closed circle of members a post may be written for
// (one a plugin keeps). The core knows no more of it than its ID: who belongs is
// answered by ports.Audiences.
type AudienceID uuid.UUID

// ParseAudienceID reads an ID from its text form.
func ParseAudienceID(s string) (AudienceID, error) { return parseID[AudienceID]("audience", s) }

func (id AudienceID) String() string { return uuid.UUID(id).String() }

// IsZero reports whether id names no audience.
func (id AudienceID) IsZero() bool { return id == AudienceID{} }

// PostMaxRunes is the longest post text, in characters.
const PostMaxRunes = 280

// ImageAltMaxRunes is the longest description of a post's image, in
// characters.
const ImageAltMaxRunes = 1500

// CleanImageAlt is the description of an image as stored: trimmed, nil
// when blank; tooLong when it has more than ImageAltMaxRunes characters.
func CleanImageAlt(alt string) (clean *string, tooLong bool) {
	alt = strings.TrimSpace(alt)
	if alt == "" {
		return nil, false
	}
	if utf8.RuneCountInString(alt) > ImageAltMaxRunes {
		return nil, true
	}
	return &alt, false
}

// PostLinkPreview is the preview stored with a post; empty fields are unknown.
// ImagePath is the storage key of the server's copy of the page's image,
// never the address the page named.
type PostLinkPreview struct {
	URL         *string
	Title       *string
	Description *string
	ImagePath   *string
	SiteName    *string
}

// Post is one post.
type Post struct {
	ID          PostID
	AuthorID    UserID
	TextContent *string
	MediaPath   *string
	// MediaWidth and MediaHeight are an image's size as a browser shows
	// it; 0 for a video, or an image stored before sizes were kept.
	MediaWidth, MediaHeight int
	// MediaVariants are the widths, ascending, of the image's smaller
	// copies in the blob store (ImageVariantKey); none for a video or an
	// image stored before copies were made.
	MediaVariants []int
	// ImageAlt describes an image post's image for those who cannot see
	// it (ImageAltMaxRunes at most); nil when the author wrote none.
	ImageAlt *string
	// MediaID is the upload the file came from when it was uploaded before
	// the post (apps name the file by it); nil when it came with the post.
	MediaID    *uuid.UUID
	Type       PostType
	Visibility Visibility
	// Audience is set exactly for members_only posts.
	Audience     AudienceID
	CreatedAt    time.Time
	UpdatedAt    time.Time
	LikeCount    int
	CommentCount int
	ShareCount   int
	LinkPreview  PostLinkPreview
	// ViewerFollowsAuthor is filled by reads made for a viewer; a read that
	// does not fill it leaves friends_only posts to their author alone.
	ViewerFollowsAuthor bool
	// ViewerInAudience is filled the same way for members_only posts: the
	// viewer may read the posts of the post's audience.
	ViewerInAudience bool
}

// FeedItem is a post with its author and whether the viewer likes it.
type FeedItem struct {
	Post
	Author  MemberCard
	IsLiked bool
}

// VisibleTo reports whether viewer may read p: public posts any member,
// friends_only ones their author and the author's followers, members_only
// ones their author and the members of their audience.
func (p Post) VisibleTo(viewer Viewer) bool {
	if viewer.SignedIn() && p.AuthorID == viewer.UserID {
		return true
	}
	switch p.Visibility {
	case VisibilityPublic:
		return true
	case VisibilityFriendsOnly:
		return p.ViewerFollowsAuthor
	case VisibilityMembersOnly:
		return p.ViewerInAudience
	}
	return false
}

var urlRe = regexp.MustCompile(`(?i)https?://[^\s<>"']+`)

// Hashtags are the distinct words after # in text, lowercased, sorted.
func Hashtags(text string) []string { return wordsAfter('#', text) }

// Mentions are the distinct words after @ in text, lowercased, sorted.
func Mentions(text string) []string { return wordsAfter('@', text) }

// LocalMentions are the Mentions of text that name someone of this server
// at least once: "@ana@outro.example" names an account of another server
// that only shares the name, not the member ana here. These are the
// handles a text's mentions notify and link.
func LocalMentions(text string) []string {
	all := Mentions(text)
	if len(all) == 0 {
		return all
	}
	lower := strings.ToLower(text)
	return slices.DeleteFunc(all, func(handle string) bool { return !namesHere(lower, handle) })
}

// namesHere reports whether lower names handle as someone of this server
// somewhere: "@handle" neither followed by "@" and a word (the handle of
// an address) nor following a word (the host of an address, or of an
// e-mail address).
func namesHere(lower, handle string) bool {
	mark := "@" + handle
	for i := strings.Index(lower, mark); i >= 0; {
		end := i + len(mark)
		rest := lower[end:]
		before, _ := utf8.DecodeLastRuneInString(lower[:i])
		inWord := i > 0 && (before == '_' || unicode.IsLetter(before) || unicode.IsNumber(before))
		if !inWord && WordLength(rest) == 0 && !(strings.HasPrefix(rest, "@") && WordLength(rest[1:]) > 0) {
			return true
		}
		next := strings.Index(rest, mark)
		if next < 0 {
			return false
		}
		i = end + next
	}
	return false
}

// wordsAfter finds each mark in text followed by a word (letters, numbers
// and _, of any script) and answers the distinct words. A scan by hand:
// every status an app reads is searched twice, and the regular
// expression #([\p{L}\p{N}_]+) cost more than the rest of its text's work.
func wordsAfter(mark byte, text string) []string {
	out := []string{}
	for i := strings.IndexByte(text, mark); i >= 0; {
		n := WordLength(text[i+1:])
		if n > 0 {
			out = append(out, strings.ToLower(text[i+1:i+1+n]))
		}
		next := strings.IndexByte(text[i+1+n:], mark)
		if next < 0 {
			break
		}
		i += 1 + n + next
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// WordLength is the length in bytes of the letters, numbers and _ that s
// starts with: the word of a hashtag or a mention.
func WordLength(s string) int {
	n := 0
	for n < len(s) {
		c := s[n]
		if c < utf8.RuneSelf {
			if c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
				n++
				continue
			}
			break
		}
		r, size := utf8.DecodeRuneInString(s[n:])
		if !unicode.IsLetter(r) && !unicode.IsNumber(r) {
			break
		}
		n += size
	}
	return n
}

// FirstURL is the first http(s) URL in text, without trailing punctuation,
// or "".
func FirstURL(text string) string {
	loc := urlRe.FindStringIndex(text)
	if loc == nil {
		return ""
	}
	return strings.TrimRight(text[loc[0]:loc[1]], ".,;:!?)]}")
}

// PostTextProblem is the pt-BR problem of a post text, or "".
func PostTextProblem(text string) string {
	if strings.TrimSpace(text) == "" {
		return MsgPostEmpty
	}
	if utf8.RuneCountInString(text) > PostMaxRunes {
		return MsgPostTooLong
	}
	return ""
}

// Post texts, shown as they are.
const (
	MsgPostEmpty   = "Por favor, adicione algum conteúdo ao post."
	MsgPostTooLong = "O post pode ter no máximo 280 caracteres."
)
