package mail

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/uptrace/bun"

	"social/core/domain"
	"social/core/errs"
	"social/kit/adminkit"
	"social/kit/httpkit"
	"social/kit/plugin"
)

var errBadList = errs.Invalid("invalid_list_query", errs.MsgBadRequest, nil)

// NewAdminResource serves the outbox to the console: GET /api/v1/admin/mail
// (simple-rest: sort, range, filter {to, status, q, id}) and /{id}.
func NewAdminResource(db *bun.DB) plugin.AdminResource {
	return plugin.AdminResource{Name: "mail", Register: func(api huma.API) {
		huma.Register(api, huma.Operation{
			OperationID: "admin-list-mail", Method: http.MethodGet, Path: "",
			Summary:  "List the mail outbox, newest first (simple-rest)",
			Metadata: httpkit.Refuses(httpkit.Refusals{422: {adminkit.CodeBadListQuery}}),
		}, func(ctx context.Context, in *adminkit.ListInput) (*adminkit.ListOutput[OutboxMessage], error) {
			q, err := listQuery(*in)
			if err != nil {
				return nil, err
			}
			rows, total, err := List(ctx, db, q)
			if errors.Is(err, domain.ErrNotFound) {
				return nil, errBadList
			}
			if err != nil {
				return nil, err
			}
			return &adminkit.ListOutput[OutboxMessage]{ContentRange: adminkit.ContentRange("mail", q.Offset, len(rows), total), Body: rows}, nil
		})
		huma.Register(api, huma.Operation{
			OperationID: "admin-get-mail", Method: http.MethodGet, Path: "/{id}",
			Summary:  "One message of the mail outbox",
			Metadata: httpkit.Refuses(httpkit.Refusals{404: {adminkit.CodeNotFound}}),
		}, func(ctx context.Context, in *struct {
			ID int64 `path:"id"`
		}) (*struct{ Body OutboxMessage }, error) {
			m, err := Get(ctx, db, in.ID)
			if errors.Is(err, domain.ErrNotFound) {
				return nil, errs.NotFound("not_found", errs.MsgNotFound)
			}
			if err != nil {
				return nil, err
			}
			return &struct{ Body OutboxMessage }{Body: m}, nil
		})
	}}
}

// listQuery reads react-admin's sort, range and filter parameters.
func listQuery(in adminkit.ListInput) (Query, error) {
	q := Query{Limit: adminkit.MaxPage}
	if in.Sort != "" {
		var s []string
		if json.Unmarshal([]byte(in.Sort), &s) != nil || len(s) != 2 {
			return q, errBadList
		}
		q.Sort, q.Asc = s[0], strings.EqualFold(s[1], "ASC")
	}
	if in.Range != "" {
		var r []int
		if json.Unmarshal([]byte(in.Range), &r) != nil || len(r) != 2 || r[0] < 0 || r[1] < r[0] {
			return q, errBadList
		}
		q.Offset, q.Limit = r[0], min(r[1]-r[0]+1, adminkit.MaxPage)
	}
	if in.Filter != "" {
		var f map[string]any
		if json.Unmarshal([]byte(in.Filter), &f) != nil {
			return q, errBadList
		}
		for k, v := range f {
			switch k {
			case "to":
				q.To = fmt.Sprint(v)
			case "status":
				q.Status = fmt.Sprint(v)
			case "q":
				q.Search = fmt.Sprint(v)
			case "id":
				ids, ok := v.([]any)
				if !ok {
					ids = []any{v}
				}
				for _, id := range ids {
					n, ok := id.(float64)
					if !ok {
						return q, errBadList
					}
					q.IDs = append(q.IDs, int64(n))
				}
			default:
				return q, errBadList
			}
		}
	}
	return q, nil
}
