// Command generate writes the API's Go client (../client.gen.go) from the
// server's OpenAPI document: go generate ./tests/apisdk.
package main

import (
	"fmt"
	"os"

	"social/tests/apisdk/sdkgen"
)

func main() {
	src, err := sdkgen.Source()
	if err == nil {
		err = os.WriteFile("client.gen.go", src, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "generate:", err)
		os.Exit(1)
	}
}
