// This folder is an npm project, not Go code. This file makes it a module of
// its own so that `go ... ./...` skips its node_modules, where some packages
// ship .go files.
module social/web/app

go 1.26
