// Package app holds the use cases of member profiles: reading one by
// handle or one's own, editing one's own texts, and setting or removing
// one's avatar and banner. Writes only ever touch the viewer's own row.
package app
