package app

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// Texts and codes of translation requests; the provider's failures carry
// their own texts from core/ports.
const (
	MsgNoUserTranslate = "Você precisa estar logado para traduzir posts."
	MsgNoTextTranslate = "Este post não tem texto para traduzir."
	MsgBadLanguage     = "Idioma inválido."
	CodeNoText         = "post_without_text"
	CodeBadLanguage    = "invalid_language"
)

var languageRe = regexp.MustCompile(`^[a-z]{2,3}(-[a-z0-9]{2,8})*$`)

// TranslationCache keeps one translation per post and language, valid
// while the post's updated_at is the one it was made from.
type TranslationCache interface {
	Translation(ctx context.Context, id domain.PostID, lang string, source time.Time) (string, bool, error)
	SaveTranslation(ctx context.Context, id domain.PostID, lang, text string, source, now time.Time) error
}

// Translation is a post's text in a language.
type Translation struct {
	Text     string
	Language string
	Cached   bool
}

// TranslatePost translates the text of a post the viewer may read into
// lang, reusing the cached translation of that post and language.
type TranslatePost struct {
	Items      ItemReader
	Cache      TranslationCache
	Translator ports.Translator
	Clock      ports.Clock
}

// Handle checks, reads the cache, else asks the provider and stores.
func (uc *TranslatePost) Handle(ctx context.Context, viewer domain.Viewer, id domain.PostID, lang string) (Translation, error) {
	if !viewer.SignedIn() {
		return Translation{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUserTranslate)
	}
	lang = strings.ToLower(strings.TrimSpace(lang))
	if !languageRe.MatchString(lang) {
		return Translation{}, errs.Invalid(CodeBadLanguage, MsgBadLanguage, map[string]string{"target_language": MsgBadLanguage})
	}
	it, err := visibleItem(ctx, uc.Items, viewer, id)
	if err != nil {
		return Translation{}, err
	}
	if it.TextContent == nil || strings.TrimSpace(*it.TextContent) == "" {
		return Translation{}, errs.Invalid(CodeNoText, MsgNoTextTranslate, nil)
	}
	if !uc.Translator.Capabilities().Available {
		return Translation{}, ports.ErrTranslationUnavailable()
	}
	text, ok, err := uc.Cache.Translation(ctx, id, lang, it.UpdatedAt)
	if err != nil {
		return Translation{}, fmt.Errorf("read translation of %s: %w", id, err)
	}
	if ok {
		return Translation{Text: text, Language: lang, Cached: true}, nil
	}
	text, err = uc.Translator.Translate(ctx, *it.TextContent, lang)
	if err != nil {
		return Translation{}, err
	}
	if err := uc.Cache.SaveTranslation(ctx, id, lang, text, it.UpdatedAt, uc.Clock.Now()); err != nil {
		return Translation{}, fmt.Errorf("save translation of %s: %w", id, err)
	}
	return Translation{Text: text, Language: lang}, nil
}
