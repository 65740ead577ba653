// Package pgstore is the profiles feature's store on PostgreSQL (bun), with
// the River workers whose work is SQL.
package pgstore
