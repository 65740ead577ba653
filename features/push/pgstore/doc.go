// Package pgstore keeps push subscriptions, the VAPID key and the count of
// pushes sent in PostgreSQL, and holds the push job and its worker.
package pgstore
