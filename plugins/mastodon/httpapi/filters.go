package httpapi

import (
	"net/http"
	"strconv"
	"time"

	"social/core/domain"
	"social/core/errs"
	safety "social/features/safety/app"
)

// Filters are the member's muted words (the safety feature's): one filter
// per word, its only keyword the word, hiding (never warning) in every
// context, since a muted word hides posts, comments and notifications
// everywhere.
var filterContexts = []string{"home", "notifications", "public", "thread", "account"}

// Codes and messages of the filters' own refusals.
const (
	CodeFilterKeywords = "filter_keywords"
	MsgFilterKeywords  = "Um filtro aqui é uma palavra silenciada: envie uma palavra (keywords_attributes) ou só o título."
	CodeFilterWord     = "filter_word_fixed"
	MsgFilterWord      = "A palavra de um filtro não muda: apague o filtro e crie outro."
)

// FilterV2 is Mastodon's Filter entity.
type FilterV2 struct {
	ID           string          `json:"id"`
	Title        string          `json:"title"`
	Context      []string        `json:"context"`
	ExpiresAt    *time.Time      `json:"expires_at"`
	FilterAction string          `json:"filter_action"`
	Keywords     []FilterKeyword `json:"keywords"`
	Statuses     []struct{}      `json:"statuses"`
}

// FilterKeyword is a filter's word.
type FilterKeyword struct {
	ID        string `json:"id"`
	Keyword   string `json:"keyword"`
	WholeWord bool   `json:"whole_word"`
}

// FilterV1 is the older filter entity (GET /api/v1/filters).
type FilterV1 struct {
	ID           string     `json:"id"`
	Phrase       string     `json:"phrase"`
	Context      []string   `json:"context"`
	ExpiresAt    *time.Time `json:"expires_at"`
	Irreversible bool       `json:"irreversible"`
	WholeWord    bool       `json:"whole_word"`
}

func filterV2(w domain.MutedWord) FilterV2 {
	id := w.ID.String()
	return FilterV2{ID: id, Title: w.Word, Context: filterContexts, ExpiresAt: utc(w.ExpiresAt), FilterAction: "hide",
		Keywords: []FilterKeyword{{ID: id, Keyword: w.Word}}, Statuses: []struct{}{}}
}

func filterV1(w domain.MutedWord) FilterV1 {
	return FilterV1{ID: w.ID.String(), Phrase: w.Word, Context: filterContexts, ExpiresAt: utc(w.ExpiresAt), Irreversible: true}
}

func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

// mutedFor is the duration a muted word keeps for expires_in seconds:
// the shortest of ours (a day, a week, 30 days) at least as long, and
// forever beyond 30 days or when absent.
func mutedFor(r *Request) (safety.Duration, error) {
	if r.String("expires_in") == "" {
		return safety.Forever, nil
	}
	secs, err := strconv.Atoi(r.String("expires_in"))
	if err != nil || secs < 0 {
		return "", invalidParam("expires_in")
	}
	switch d := time.Duration(secs) * time.Second; {
	case d == 0:
		return safety.Forever, nil
	case d <= 24*time.Hour:
		return safety.Day, nil
	case d <= 7*24*time.Hour:
		return safety.Week, nil
	case d <= 30*24*time.Hour:
		return safety.Month, nil
	}
	return safety.Forever, nil
}

// filterWord is the word a filter's form names: its one keyword, or its
// title when it names none.
func filterWord(r *Request) (string, bool, error) {
	// JSON's keywords_attributes: [{keyword}], a form's
	// keywords_attributes[][keyword] or keywords_attributes[0][keyword].
	var words []string
	for _, name := range []string{"keywords_attributes[keyword]", "keywords_attributes[][keyword]", "keywords_attributes[0][keyword]"} {
		words = append(words, r.Strings(name)...)
	}
	switch len(words) {
	case 0:
		return r.String("title"), false, nil
	case 1:
		return words[0], true, nil
	}
	return "", false, errs.Invalid(CodeFilterKeywords, MsgFilterKeywords, map[string]string{"keywords_attributes": MsgFilterKeywords})
}

// FilterEndpoints are /api/v2/filters and the v1 list, over the muted
// words; the use cases hold their limits (100 words, 100 characters).
func FilterEndpoints(uc safety.UseCases) []Endpoint {
	find := func(r *Request) (domain.MutedWord, error) {
		id, err := domain.ParseMutedWordID(r.PathValue("id"))
		if err != nil {
			return domain.MutedWord{}, errs.NotFound(CodeRecordNotFound, MsgRecordNotFound)
		}
		words, err := uc.ListWords.Handle(r.Context(), r.Viewer)
		if err != nil {
			return domain.MutedWord{}, err
		}
		for _, w := range words {
			if w.ID == id {
				return w, nil
			}
		}
		return domain.MutedWord{}, errs.NotFound(CodeRecordNotFound, MsgRecordNotFound)
	}
	save := func(r *Request, word string) (any, error) {
		d, err := mutedFor(r)
		if err != nil {
			return nil, err
		}
		w, err := uc.AddWord.Handle(r.Context(), r.Viewer, word, d)
		if err != nil {
			return nil, err
		}
		return filterV2(w), nil
	}
	return []Endpoint{
		{Method: http.MethodGet, Path: "/api/v2/filters", Scopes: domain.ScopeReadFilters,
			Handle: func(r *Request) (any, error) {
				words, err := uc.ListWords.Handle(r.Context(), r.Viewer)
				if err != nil {
					return nil, err
				}
				out := make([]FilterV2, len(words))
				for i, w := range words {
					out[i] = filterV2(w)
				}
				return out, nil
			}},
		{Method: http.MethodGet, Path: "/api/v1/filters", Scopes: domain.ScopeReadFilters,
			Handle: func(r *Request) (any, error) {
				words, err := uc.ListWords.Handle(r.Context(), r.Viewer)
				if err != nil {
					return nil, err
				}
				out := make([]FilterV1, len(words))
				for i, w := range words {
					out[i] = filterV1(w)
				}
				return out, nil
			}},
		{Method: http.MethodGet, Path: "/api/v2/filters/{id}", Scopes: domain.ScopeReadFilters,
			Handle: func(r *Request) (any, error) {
				w, err := find(r)
				if err != nil {
					return nil, err
				}
				return filterV2(w), nil
			}},
		{Method: http.MethodPost, Path: "/api/v2/filters", Scopes: domain.ScopeWriteFilters,
			Handle: func(r *Request) (any, error) {
				word, _, err := filterWord(r)
				if err != nil {
					return nil, err
				}
				return save(r, word)
			}},
		// Changing a filter changes how long its word stays muted; its
		// word is the filter itself.
		{Method: http.MethodPut, Path: "/api/v2/filters/{id}", Scopes: domain.ScopeWriteFilters,
			Handle: func(r *Request) (any, error) {
				w, err := find(r)
				if err != nil {
					return nil, err
				}
				word, named, err := filterWord(r)
				if err != nil {
					return nil, err
				}
				if named && word != w.Word {
					return nil, errs.Invalid(CodeFilterWord, MsgFilterWord, map[string]string{"keywords_attributes": MsgFilterWord})
				}
				if !r.Has("expires_in") {
					return filterV2(w), nil
				}
				return save(r, w.Word)
			}},
		{Method: http.MethodDelete, Path: "/api/v2/filters/{id}", Scopes: domain.ScopeWriteFilters,
			Handle: func(r *Request) (any, error) {
				w, err := find(r)
				if err != nil {
					return nil, err
				}
				if err := uc.RemoveWord.Handle(r.Context(), r.Viewer, w.ID); err != nil {
					return nil, err
				}
				return struct{}{}, nil
			}},
	}
}
