// Package adminapi holds core's admin resources (dashboard figures,
// migrations, plugins) in react-admin's simple-rest shape, and the list
// helpers every admin resource shares.
package adminapi
