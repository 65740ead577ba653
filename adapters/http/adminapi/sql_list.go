package adminapi

import (
	"github.com/danielgtaylor/huma/v2"

	"social/kit/adminkit"
)

// Console resources paged in SQL are built with adminkit, which plugins
// use too; these names keep the core's resources short.

// ErrBadList is the answer to a list query the resource cannot read.
var ErrBadList = adminkit.ErrBadList

// SQLQuery is a simple-rest list query for a resource paged in SQL.
type SQLQuery = adminkit.SQLQuery

// SQLResource is a read-only console resource paged in SQL.
type SQLResource[Row any] = adminkit.SQLResource[Row]

// RegisterSQLResource registers the resource's two operations.
func RegisterSQLResource[Row any](api huma.API, r SQLResource[Row]) {
	adminkit.RegisterSQLResource(api, r)
}
