package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"social/core/errs"
	moderationstore "social/features/moderation/pgstore"
	"social/kit/adminkit"
	"social/kit/httpkit"
	"social/kit/plugin"
	"social/platform/pgkit"
)

// NewHashtags serves the hashtags resource to administrators: the tag is
// the ID; list most used first (filter q, id), show one.
func NewHashtags(uc UseCases) plugin.AdminResource {
	return plugin.AdminResource{Name: "hashtags", Register: func(api huma.API) {
		huma.Register(api, huma.Operation{
			OperationID: "admin-list-hashtags", Method: http.MethodGet, Path: "",
			Summary:  "List hashtags, most used first (simple-rest)",
			Metadata: httpkit.Refuses(httpkit.Refusals{422: {adminkit.CodeBadListQuery}}),
		}, func(ctx context.Context, in *adminkit.ListInput) (*adminkit.ListOutput[moderationstore.AdminHashtag], error) {
			p, tags, err := hashtagQuery(*in)
			if err != nil {
				return nil, err
			}
			rows, total, err := uc.lists().Hashtags(ctx, p, tags)
			if err != nil {
				return nil, err
			}
			return &adminkit.ListOutput[moderationstore.AdminHashtag]{
				ContentRange: adminkit.ContentRange("hashtags", p.Offset, len(rows), total), Body: rows}, nil
		})
		huma.Register(api, huma.Operation{
			OperationID: "admin-get-hashtag", Method: http.MethodGet, Path: "/{id}",
			Summary:  "One hashtag",
			Metadata: httpkit.Refuses(httpkit.Refusals{404: {adminkit.CodeNotFound}}),
		}, func(ctx context.Context, in *struct {
			ID string `path:"id"`
		}) (*struct{ Body moderationstore.AdminHashtag }, error) {
			rows, _, err := uc.lists().Hashtags(ctx, pgkit.AdminPage{Limit: 1}, []string{strings.ToLower(in.ID)})
			if err != nil {
				return nil, err
			}
			if len(rows) == 0 {
				return nil, errs.NotFound("not_found", errs.MsgNotFound)
			}
			return &struct{ Body moderationstore.AdminHashtag }{Body: rows[0]}, nil
		})
	}}
}

// hashtagQuery reads react-admin's parameters; ids are tags.
func hashtagQuery(in adminkit.ListInput) (pgkit.AdminPage, []string, error) {
	p := pgkit.AdminPage{Sort: "usage_count", Limit: adminkit.MaxPage}
	if in.Sort != "" {
		var s []string
		if json.Unmarshal([]byte(in.Sort), &s) != nil || len(s) != 2 {
			return p, nil, adminkit.ErrBadList
		}
		if _, ok := moderationstore.AdminHashtagSortable[s[0]]; !ok {
			return p, nil, adminkit.ErrBadList
		}
		p.Sort, p.Asc = s[0], strings.EqualFold(s[1], "ASC")
	}
	if in.Range != "" {
		var r []int
		if json.Unmarshal([]byte(in.Range), &r) != nil || len(r) != 2 || r[0] < 0 || r[1] < r[0] {
			return p, nil, adminkit.ErrBadList
		}
		p.Offset, p.Limit = r[0], min(r[1]-r[0]+1, adminkit.MaxPage)
	}
	var tags []string
	if in.Filter != "" {
		var f map[string]any
		if json.Unmarshal([]byte(in.Filter), &f) != nil {
			return p, nil, adminkit.ErrBadList
		}
		for k, v := range f {
			switch k {
			case "q":
				p.Search = fmt.Sprint(v)
			case "id":
				many, ok := v.([]any)
				if !ok {
					many = []any{v}
				}
				for _, t := range many {
					tags = append(tags, strings.ToLower(fmt.Sprint(t)))
				}
			default:
				return p, nil, adminkit.ErrBadList
			}
		}
	}
	return p, tags, nil
}
