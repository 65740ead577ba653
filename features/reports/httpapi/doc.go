// Package httpapi serves members' reports of posts and comments under
// /api/v1 ('Denunciar' on a post card).
package httpapi
