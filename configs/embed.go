// Package configs holds the default configuration, embedded in the binary.
package configs

import _ "embed"

// Default is configs/default.yaml: every key with its default and its documentation.
//
//go:embed default.yaml
var Default []byte
