package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	"social/core/errs"
	safety "social/features/safety/app"
	"social/kit/httpkit"
)

// MutedWord is one of the viewer's muted words or phrases.
type MutedWord struct {
	ID        string     `json:"id" format:"uuid"`
	Word      string     `json:"word"`
	ExpiresAt *time.Time `json:"expires_at" nullable:"true" doc:"When the word stops being muted; null: never."`
	CreatedAt time.Time  `json:"created_at"`
}

// MutedWordList is every muted word of the viewer still in force, newest
// first (at most 100).
type MutedWordList struct {
	Items []MutedWord `json:"items"`
}

// NewMutedWord is a word or phrase to mute and for how long.
type NewMutedWord struct {
	// The limits are checked by the use case, so that an empty or long word
	// gets its own code and message.
	Word     string `json:"word" maxLength:"1000" doc:"A word or phrase, at most 100 characters once spaces are collapsed. Case and accents do not matter: 'cafe' mutes 'Café'."`
	Duration string `json:"duration,omitempty" enum:"24h,7d,30d,forever" default:"forever" doc:"How long the word stays muted."`
}

func presentWord(w domain.MutedWord) MutedWord {
	out := MutedWord{ID: w.ID.String(), Word: w.Word, CreatedAt: w.CreatedAt.UTC()}
	if w.ExpiresAt != nil {
		t := w.ExpiresAt.UTC()
		out.ExpiresAt = &t
	}
	return out
}

func registerMutedWords(api huma.API, list *safety.ListMutedWords, add *safety.AddMutedWord, remove *safety.RemoveMutedWord) {
	huma.Register(api, huma.Operation{
		OperationID: "list-muted-words", Method: http.MethodGet, Path: "/safety/muted-words",
		Summary: "The viewer's muted words, newest first", Tags: []string{"safety"},
		Description: "Posts and comments holding one (as a whole word or phrase, whatever the case and accents) are left " +
			"out of the viewer's feeds, comment lists and notifications. Expired words are not listed.",
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(nil),
	}, func(ctx context.Context, _ *struct{}) (*struct{ Body MutedWordList }, error) {
		words, err := list.Handle(ctx, domain.ViewerFrom(ctx))
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		out := MutedWordList{Items: make([]MutedWord, len(words))}
		for i, w := range words {
			out.Items[i] = presentWord(w)
		}
		return &struct{ Body MutedWordList }{Body: out}, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "add-muted-word", Method: http.MethodPost, Path: "/safety/muted-words",
		Summary: "Mute a word or phrase", Tags: []string{"safety"},
		Description: "At most 100 words. Muting a word already muted (same letters, whatever the case and accents) " +
			"changes its expiry instead of adding it twice.",
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{403: {safety.CodeNoProfile},
			422: {safety.CodeWordEmpty, safety.CodeWordTooLong, safety.CodeWordsLimit, safety.CodeWordDuration}}),
	}, func(ctx context.Context, in *struct{ Body NewMutedWord }) (*struct{ Body MutedWord }, error) {
		w, err := add.Handle(ctx, domain.ViewerFrom(ctx), in.Body.Word, safety.Duration(in.Body.Duration))
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &struct{ Body MutedWord }{Body: presentWord(w)}, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "remove-muted-word", Method: http.MethodDelete, Path: "/safety/muted-words/{id}",
		Summary: "Unmute a word", Tags: []string{"safety"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{404: {safety.CodeWordNotFound}}),
		DefaultStatus: http.StatusNoContent,
	}, func(ctx context.Context, in *struct {
		ID string `path:"id" format:"uuid"`
	}) (*struct{}, error) {
		id, err := domain.ParseMutedWordID(in.ID)
		if err != nil {
			// Huma checks the format first; this only guards its absence.
			return nil, httpkit.ProblemFrom(ctx, errs.Invalid(safety.CodeInvalid, "Identificador inválido.", nil))
		}
		return httpkit.NoContent(ctx, remove.Handle(ctx, domain.ViewerFrom(ctx), id))
	})
}
