// Package httpapi is the HTTP face of a member's data rights
// (/api/v1/account): asking for an export of their data and following it,
// and deleting their account.
package httpapi
