// Package adminapi holds core's admin resources (dashboard figures,
// migrations, plugins) in react-admin's simple-rest shape, paged in memory
// (the list query and its answer are kit/adminkit's).
package adminapi
