// Package domain holds the product's entities, typed IDs and the viewer
// (who is acting). Domain types carry no storage or JSON tags: adapters own
// their row and wire shapes.
package domain
