package httpapi

import (
	"context"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	"social/kit/adminkit"
)

// ReasonBody is the reason of a suspension, its lifting or a removal.
type ReasonBody struct {
	Reason string `json:"reason" doc:"1 to 500 characters, kept in the audit log" maxLength:"2000"`
}

// actInput is an act on the record the path names, with what it sends.
type actInput[Body any] struct {
	ID   string `path:"id"`
	Body Body
}

// notFound is the refusal of an act on a record that is not there.
type notFound struct{ code, message string }

var (
	accountNotFound = notFound{"account_not_found", "Conta não encontrada."}
	postNotFound    = notFound{"post_not_found", "Post não encontrado."}
	reportNotFound  = notFound{"report_not_found", "Denúncia não encontrada."}
)

// registerAct registers an act of the signed-in staff member on one record:
// an ID that does not parse is a record that is not there, and the act
// answers with the record as it is afterwards.
func registerAct[Body, Out any](api huma.API, op huma.Operation, missing notFound,
	act func(ctx context.Context, v domain.Viewer, id uuid.UUID, body Body) (Out, error)) {
	huma.Register(api, op, func(ctx context.Context, in *actInput[Body]) (*struct{ Body Out }, error) {
		id, err := uuid.Parse(in.ID)
		if err != nil {
			return nil, errs.NotFound(missing.code, missing.message)
		}
		out, err := act(ctx, domain.ViewerFrom(ctx), id, in.Body)
		if err != nil {
			return nil, err
		}
		return &struct{ Body Out }{Body: out}, nil
	})
}

// only is the row of a lookup by ID, or missing when there is none.
func only[Row any](missing notFound, rows []Row, err error) (Row, error) {
	var none Row
	if err != nil {
		return none, err
	}
	if len(rows) == 0 {
		return none, errs.NotFound(missing.code, missing.message)
	}
	return rows[0], nil
}

// byID is a console list query for one record.
func byID(id uuid.UUID) adminkit.SQLQuery {
	return adminkit.SQLQuery{IDs: []uuid.UUID{id}, Limit: 1}
}
