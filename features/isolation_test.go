package features

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// What one core feature may import of another: its use cases (app/) and
// the answer types several features write (wire/: the post answer, the
// profile and its links, the session). The rest of a feature (its store,
// its routes, its module) is its own; depguard's prefix lists cannot say
// "its own packages", so this test does (make lint-imports runs it).
var publishedOfAnotherFeature = []string{"app", "wire"}

func TestFeaturesImportOtherFeaturesThroughTheirUseCases(t *testing.T) {
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		own := "social/features/" + e.Name()
		err := filepath.WalkDir(e.Name(), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			checked++
			for _, imp := range f.Imports {
				p, err := strconv.Unquote(imp.Path.Value)
				if err != nil {
					return err
				}
				if p == own || strings.HasPrefix(p, own+"/") || !strings.HasPrefix(p, "social/features/") {
					continue
				}
				if !published(strings.TrimPrefix(p, "social/features/")) {
					t.Errorf("%s imports %s: another core feature is used through its use cases (social/features/<name>/app) only", path, p)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if checked == 0 {
		t.Fatal("no feature file read")
	}
}

// published reports whether <feature>/<package> is a package other features
// may import.
func published(featurePackage string) bool {
	name, pkg, ok := strings.Cut(featurePackage, "/")
	if !ok {
		return false
	}
	for _, allowed := range publishedOfAnotherFeature {
		if pkg == allowed || name+"/"+pkg == allowed {
			return true
		}
	}
	return false
}
