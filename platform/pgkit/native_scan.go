package pgkit

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/uptrace/bun"
)

// PgxConnOf is the pgx connection under a database/sql driver connection:
// pgx's own (stdlib.Conn), or a wrapper of it that says which with
// PgxConn. ok is false for any other.
func PgxConnOf(driverConn any) (conn *pgx.Conn, ok bool) {
	switch c := driverConn.(type) {
	case interface{ PgxConn() *pgx.Conn }:
		return c.PgxConn(), true
	case interface{ Conn() *pgx.Conn }:
		return c.Conn(), true
	}
	return nil, false
}

// queryNative runs q on a pgx connection of db's pool and scans each row
// into a new element of *dest, a slice of structs with bun tags, field by
// field in pgx's binary formats. Through database/sql each value went
// first into a driver value, then was converted again into its field by
// reflection: on a feed page of 20 posts that scanning was a third of the
// server's work. ok is false when db's connections are not pgx's; nothing
// ran then.
func queryNative(ctx context.Context, db *bun.DB, dest reflect.Value, q string, args []any) (ok bool, err error) {
	return onPgxConn(ctx, db, func(pc *pgx.Conn) error {
		rows, err := pc.Query(ctx, q, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		return scanStructs(rows, dest)
	})
}

// onPgxConn runs use on the pgx connection under one of db's pooled
// connections. ok is false when db's connections are not pgx's; use did
// not run then.
func onPgxConn(ctx context.Context, db *bun.DB, use func(*pgx.Conn) error) (ok bool, err error) {
	conn, err := db.DB.Conn(ctx)
	if err != nil {
		return true, err
	}
	defer conn.Close()
	err = conn.Raw(func(driverConn any) error {
		pc, isPgx := PgxConnOf(driverConn)
		if !isPgx {
			return nil
		}
		ok = true
		return use(pc)
	})
	return ok, err
}

// scanStructs appends each row to the slice dest points to. Each row's
// targets are its fields' addresses, found by offset from the row's own:
// walking the index path and taking addresses by reflection, row after
// row, was half of the scan's cost on a feed page.
func scanStructs(rows pgx.Rows, dest reflect.Value) error {
	slice := dest.Elem()
	elem := slice.Type().Elem()
	fields, err := fieldsOf(elem, rows.FieldDescriptions())
	if err != nil {
		return err
	}
	targets := make([]any, len(fields))
	for rows.Next() {
		n := slice.Len()
		if n == slice.Cap() {
			slice.Grow(max(n, 8))
		}
		slice.SetLen(n + 1)
		row := slice.Index(n)
		row.SetZero() // capacity the caller passed may hold an old row
		at := row.Addr().UnsafePointer()
		for i, f := range fields {
			targets[i] = f.target(unsafe.Add(at, f.offset))
		}
		if err := rows.Scan(targets...); err != nil {
			return err
		}
	}
	return rows.Err()
}

// field is where a column goes: its struct field's offset in the row (the
// index paths never pass through a pointer: only embedded structs are
// walked), and what pgx scans into for it.
type field struct {
	offset uintptr
	target func(at unsafe.Pointer) any
}

var (
	uuidType    = reflect.TypeFor[uuid.UUID]()
	uuidPtrType = reflect.TypeFor[*uuid.UUID]()
)

// targetFor is what pgx scans into for a field of type t at a given
// address. A uuid.UUID is an sql.Scanner, which pgx serves by formatting
// the 16 bytes as text for the UUID to parse back; as the [16]byte it is,
// pgx copies the bytes.
func targetFor(t reflect.Type) func(at unsafe.Pointer) any {
	switch t {
	case uuidType:
		return func(at unsafe.Pointer) any { return (*[16]byte)(at) }
	case uuidPtrType:
		// *uuid.UUID and *[16]byte have the same layout; pgx sets the
		// pointer to nil for NULL and to new bytes otherwise.
		return func(at unsafe.Pointer) any { return (**[16]byte)(at) }
	}
	if typed, ok := typedTargets[t]; ok {
		return typed
	}
	return func(at unsafe.Pointer) any { return reflect.NewAt(t, at).Interface() }
}

// typedTargets are the columns' common field types, addressed without
// reflection: a feed page scans a thousand fields.
var typedTargets = map[reflect.Type]func(at unsafe.Pointer) any{
	reflect.TypeFor[string]():     func(at unsafe.Pointer) any { return (*string)(at) },
	reflect.TypeFor[*string]():    func(at unsafe.Pointer) any { return (**string)(at) },
	reflect.TypeFor[int]():        func(at unsafe.Pointer) any { return (*int)(at) },
	reflect.TypeFor[int64]():      func(at unsafe.Pointer) any { return (*int64)(at) },
	reflect.TypeFor[bool]():       func(at unsafe.Pointer) any { return (*bool)(at) },
	reflect.TypeFor[time.Time]():  func(at unsafe.Pointer) any { return (*time.Time)(at) },
	reflect.TypeFor[*time.Time](): func(at unsafe.Pointer) any { return (**time.Time)(at) },
}

// layout is how one statement's columns land in a struct type.
type layout struct {
	columns []string
	fields  []field
}

// layouts remembers a layout per struct type and column names:
// finding the fields again for every result was 3 % of the server's CPU on
// a profile read. An entry is used only for the very columns it was made
// for, so a statement whose columns differ (another query, or a schema
// that changed) is laid out anew.
var layouts sync.Map // layoutKey → *layout

type layoutKey struct {
	t     reflect.Type
	names uint64 // FNV-1a of the column names
}

// fieldsOf is, for each column, the field of t whose bun tag names it. A
// column no field names is an error, as it is to bun.
func fieldsOf(t reflect.Type, columns []pgconn.FieldDescription) ([]field, error) {
	key := layoutKey{t: t, names: namesHash(columns)}
	if known, ok := layouts.Load(key); ok && known.(*layout).matches(columns) {
		return known.(*layout).fields, nil
	}
	fields, err := layoutFields(t, columns)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(columns))
	for i, c := range columns {
		names[i] = c.Name
	}
	layouts.Store(key, &layout{columns: names, fields: fields})
	return fields, nil
}

func namesHash(columns []pgconn.FieldDescription) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range columns {
		for i := 0; i < len(c.Name); i++ {
			h = (h ^ uint64(c.Name[i])) * 1099511628211
		}
		h = (h ^ 0) * 1099511628211 // a separator: ("ab","c") is not ("a","bc")
	}
	return h
}

func (l *layout) matches(columns []pgconn.FieldDescription) bool {
	if len(columns) != len(l.columns) {
		return false
	}
	for i, c := range columns {
		if c.Name != l.columns[i] {
			return false
		}
	}
	return true
}

// layoutFields works fieldsOf's answer out.
func layoutFields(t reflect.Type, columns []pgconn.FieldDescription) ([]field, error) {
	named := columnsOf(t)
	fields := make([]field, len(columns))
	for i, c := range columns {
		path, ok := named[c.Name]
		if !ok {
			return nil, fmt.Errorf("%s has no field for column %q", t, c.Name)
		}
		fields[i] = field{offset: offsetOf(t, path), target: targetFor(t.FieldByIndex(path).Type)}
	}
	return fields, nil
}

// offsetOf is the offset in t of the field at path, through embedded
// structs held by value.
func offsetOf(t reflect.Type, path []int) uintptr {
	var offset uintptr
	for _, i := range path {
		f := t.Field(i)
		offset += f.Offset
		t = f.Type
	}
	return offset
}

var columnsByType sync.Map // reflect.Type → map[string][]int

// columnsOf maps the column names of t's bun tags to their fields' index
// paths, embedded structs included; a field nearer the top wins a name,
// as in bun.
func columnsOf(t reflect.Type) map[string][]int {
	if known, ok := columnsByType.Load(t); ok {
		return known.(map[string][]int)
	}
	columns := map[string][]int{}
	var walk func(t reflect.Type, path []int)
	walk = func(t reflect.Type, path []int) {
		for i := range t.NumField() {
			f := t.Field(i)
			at := append(append([]int(nil), path...), i)
			tag := f.Tag.Get("bun")
			name, _, _ := strings.Cut(tag, ",")
			// An unexported field, embedded or not, cannot be set through
			// reflection: its columns stay unnamed, which scanning reports.
			switch {
			case strings.HasPrefix(tag, "table:"), name == "-", !f.IsExported():
			case f.Anonymous && f.Type.Kind() == reflect.Struct && name == "":
				walk(f.Type, at)
			case name != "":
				if known, ok := columns[name]; !ok || len(known) > len(at) {
					columns[name] = at
				}
			}
		}
	}
	walk(t, nil)
	columnsByType.Store(t, columns)
	return columns
}

// structSlice is dest as a pointer to a slice of structs, the shape
// queryNative scans.
func structSlice(dest any) (reflect.Value, bool) {
	v := reflect.ValueOf(dest)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Slice {
		return reflect.Value{}, false
	}
	elem := v.Elem().Type().Elem()
	return v, elem.Kind() == reflect.Struct && elem.PkgPath() != "time"
}
