// Package httpkit is what an HTTP operation of the API needs, whoever
// registers it (the core's API packages or a plugin's httpapi): the
// problem+json answer and the mapping of use-case errors to it, the
// security and refusals every operation states, signed media links, the
// post answer, upload limits, plain handler mounts, and the recorder the
// server's middleware reads an answer's status through.
//
// It depends on the core and on libraries only. The HTTP adapter
// (adapters/http) builds the server around it; plugins import this
// package, never the adapter.
package httpkit
