package portstest

import "social/core/errs"

// CodeOf is the stable code a use case answered with: "" for no error, and
// "uncoded: " and the text for an error that carries no code, so that a
// test expecting a code (or none) fails on an unexpected plain error
// instead of mistaking it for success.
func CodeOf(err error) string {
	if e, ok := errs.As(err); ok {
		return e.Code
	}
	if err != nil {
		return "uncoded: " + err.Error()
	}
	return ""
}

// KindAndCode is the kind and code of a coded error; an error without a
// code is internal, as the problem mapper would answer it.
func KindAndCode(err error) (errs.Kind, string) {
	if e, ok := errs.As(err); ok {
		return e.Kind, e.Code
	}
	return errs.KindInternal, ""
}
