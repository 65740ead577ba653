package adminkit

import (
	"fmt"

	"social/core/errs"
)

// ListInput is react-admin simple-rest's list query.
type ListInput struct {
	Sort   string `query:"sort" doc:"JSON array [field, \"ASC\" or \"DESC\"]" example:"[\"id\",\"ASC\"]"`
	Range  string `query:"range" doc:"JSON array [first, last], both included" example:"[0,24]"`
	Filter string `query:"filter" doc:"JSON object: field equals value (an array means any of), q searches every text field" example:"{}"`
}

// ListOutput is a page and the header react-admin reads the total from.
type ListOutput[T any] struct {
	ContentRange string `header:"Content-Range" doc:"<resource> <first>-<last>/<total>"`
	Body         []T
}

// MaxPage caps a page whatever range asks.
const MaxPage = 500

// Codes of the admin resources' refusals.
const (
	// CodeBadListQuery is a sort, range or filter that does not parse.
	CodeBadListQuery = "invalid_list_query"
	// CodeNotFound is a record that is not there.
	CodeNotFound = "not_found"
)

// ErrBadList is the answer to a list query the resource cannot read.
var ErrBadList = errs.Invalid(CodeBadListQuery, errs.MsgBadRequest, nil)

// ContentRange formats the header for a page starting at first.
func ContentRange(resource string, first, count, total int) string {
	if count == 0 {
		return fmt.Sprintf("%s */%d", resource, total)
	}
	return fmt.Sprintf("%s %d-%d/%d", resource, first, first+count-1, total)
}
