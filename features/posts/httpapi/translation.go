package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	"social/core/ports"
	posts "social/features/posts/app"
	"social/kit/httpkit"
)

// TranslationCapabilities says whether the "Traduzir" button is shown.
type TranslationCapabilities struct {
	Available bool   `json:"available"`
	Provider  string `json:"provider" enum:"none,libretranslate,deepl,openai"`
}

// TranslationForm names the language wanted.
type TranslationForm struct {
	TargetLanguage string `json:"target_language" minLength:"2" maxLength:"35" doc:"The browser's language code (pt, en, pt-BR)."`
}

// Translation is a post's text in target_language.
type Translation struct {
	TranslatedText string `json:"translated_text"`
	TargetLanguage string `json:"target_language" doc:"The language code, lower case."`
	Cached         bool   `json:"cached" doc:"Served from the translation cache."`
}

func registerTranslation(api huma.API, uc *posts.TranslatePost, tr ports.Translator) {
	huma.Register(api, huma.Operation{
		OperationID: "get-translation-capabilities", Method: http.MethodGet, Path: "/translation/capabilities",
		Summary: "Whether posts can be translated on this server", Tags: []string{"posts"},
		Security: httpkit.Public, Metadata: httpkit.Refuses(nil),
	}, func(ctx context.Context, _ *struct{}) (*struct{ Body TranslationCapabilities }, error) {
		c := tr.Capabilities()
		if c.Provider == "" {
			c.Provider = "none"
		}
		return &struct{ Body TranslationCapabilities }{Body: TranslationCapabilities{Available: c.Available, Provider: c.Provider}}, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "translate-post", Method: http.MethodPost, Path: "/posts/{id}/translation",
		Summary: "Translate a post's text (cached per post and language)", Tags: []string{"posts"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{404: {posts.CodeNotFound}, 422: {posts.CodeBadLanguage, posts.CodeNoText}, 429: {ports.CodeTranslationRateLimited}, 503: {ports.CodeTranslationPaymentRequired, ports.CodeTranslationFailed, ports.CodeTranslationUnavailable}}),
	}, func(ctx context.Context, in *struct {
		ID   string `path:"id" doc:"The post's ID."`
		Body TranslationForm
	}) (*struct{ Body Translation }, error) {
		id, err := postPath{ID: in.ID}.id()
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		t, err := uc.Handle(ctx, domain.ViewerFrom(ctx), id, in.Body.TargetLanguage)
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &struct{ Body Translation }{Body: Translation{TranslatedText: t.Text, TargetLanguage: t.Language, Cached: t.Cached}}, nil
	})
}
