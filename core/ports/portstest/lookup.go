package portstest

import "social/core/domain"

// Lookup is what an in-memory store answers for key: its value, or
// domain.ErrNotFound as the real store answers a missing row.
func Lookup[K comparable, V any](rows map[K]V, key K) (V, error) {
	v, ok := rows[key]
	if !ok {
		return v, domain.ErrNotFound
	}
	return v, nil
}

// LookupCopy is Lookup for a store that keeps its rows by pointer so a
// test can change them in place: the caller gets a copy, as from a real
// read, and a change it makes stays out of the store.
func LookupCopy[K comparable, V any](rows map[K]*V, key K) (V, error) {
	v, ok := rows[key]
	if !ok {
		var none V
		return none, domain.ErrNotFound
	}
	return *v, nil
}
