package app

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports/portstest"
)

// problem is the code of err and the form field it names ("" for none).
func problem(err error) (code, field string) {
	var e *errs.Error
	if !errors.As(err, &e) {
		return "", ""
	}
	for f := range e.Fields {
		field = f
	}
	return e.Code, field
}

func isKind(err error, kind errs.Kind) bool {
	e, ok := errs.As(err)
	return ok && e.Kind == kind
}

// noStore is a ports.Transactor for calls that must not reach the store.
type noStore struct{}

func (noStore) InTx(context.Context, func(ctx context.Context) error) error {
	return errors.New("the post reached the store")
}

// The form rules of a text post, checked before anything is stored.
func TestCreatePostFormRules(t *testing.T) {
	uc := &CreatePost{Tx: noStore{}, Clock: portstest.Clock{}}
	viewer := domain.Viewer{UserID: domain.NewUserID()}
	ctx := context.Background()
	for _, tc := range []struct {
		name      string
		in        NewPost
		code, fld string
	}{
		{"blank", NewPost{Text: " \n\t "}, CodeEmpty, "text_content"},
		{"281 characters", NewPost{Text: strings.Repeat("ç", domain.PostMaxRunes+1)}, CodeTooLong, "text_content"},
		{"unknown visibility", NewPost{Text: "oi", Visibility: "secret"}, CodeInvalid, "visibility"},
		{"members_only from the form", NewPost{Text: "oi", Visibility: domain.VisibilityMembersOnly}, CodeInvalid, "visibility"},
		{"unknown type", NewPost{Text: "oi", Type: "poll"}, CodeInvalid, "type"},
		{"image without its file", NewPost{Text: "oi", Type: domain.PostImage}, CodeEmpty, "text_content"},
	} {
		_, err := uc.Handle(ctx, viewer, tc.in)
		if code, fld := problem(err); code != tc.code || fld != tc.fld {
			t.Fatalf("%s: %v (%s on %q), want %s on %q", tc.name, err, code, fld, tc.code, tc.fld)
		}
	}
	if _, err := uc.Handle(ctx, domain.Viewer{}, NewPost{Text: "oi"}); !isKind(err, errs.KindUnauthenticated) {
		t.Fatalf("signed out: %v", err)
	}
}

// An audience decides the visibility: its posts are members_only, and a
// form asking for another visibility than the default is refused, so they
// never reach a public or followers' feed.
func TestAudienceMakesMembersOnly(t *testing.T) {
	audience := domain.AudienceID(domain.NewPostID())
	for _, v := range []domain.Visibility{"", domain.VisibilityPublic} {
		got, err := visibility(v, audience)
		if err != nil || got != domain.VisibilityMembersOnly {
			t.Fatalf("%q in an audience: %q %v", v, got, err)
		}
	}
	for _, v := range []domain.Visibility{domain.VisibilityFriendsOnly, domain.VisibilityMembersOnly, "secret"} {
		if _, err := visibility(v, audience); !isKind(err, errs.KindInvalid) {
			t.Fatalf("%q in an audience: %v, want invalid", v, err)
		}
	}
	if got, err := visibility("", domain.AudienceID{}); err != nil || got != domain.VisibilityPublic {
		t.Fatalf("no visibility is public: %q %v", got, err)
	}
}

// The form rules of a post with a file, checked before the file is read:
// a file is required, the text is optional but within the limit, the
// description is for images only and within its own limit.
func TestCreateMediaPostFormRules(t *testing.T) {
	uc := &CreateMediaPost{Create: &CreatePost{Tx: noStore{}, Clock: portstest.Clock{}}}
	viewer := domain.Viewer{UserID: domain.NewUserID()}
	file := &MediaFile{Body: bytes.NewReader([]byte{1}), Size: 1}
	for _, tc := range []struct {
		name      string
		in        NewMediaPost
		code, fld string
	}{
		{"nothing", NewMediaPost{}, CodeEmpty, "text_content"},
		{"text without a file", NewMediaPost{Text: "legenda"}, CodeMediaRequired, "file"},
		{"an empty file", NewMediaPost{Text: "legenda", File: &MediaFile{Body: bytes.NewReader(nil)}}, CodeMediaRequired, "file"},
		{"caption too long", NewMediaPost{Text: strings.Repeat("a", domain.PostMaxRunes+1), File: file}, CodeTooLong, "text_content"},
		{"unknown kind", NewMediaPost{Type: "gif", File: file}, CodeInvalid, "type"},
		{"description too long", NewMediaPost{ImageAlt: strings.Repeat("d", domain.ImageAltMaxRunes+1), File: file}, CodeImageAltTooLong, "image_alt"},
		{"description of a video", NewMediaPost{ImageAlt: "um gato", Type: domain.PostVideo, File: file}, CodeImageAltNoImage, "image_alt"},
	} {
		_, err := uc.Handle(context.Background(), viewer, tc.in)
		if code, fld := problem(err); code != tc.code || fld != tc.fld {
			t.Fatalf("%s: %v (%s on %q), want %s on %q", tc.name, err, code, fld, tc.code, tc.fld)
		}
	}
}
