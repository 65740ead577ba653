package plugins

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

// A plugin never imports another plugin: what two plugins share goes
// through a core port or kit/. The check reads every Go file under
// plugins/<name>/, tests included, so a new plugin is covered without
// a rule of its own.
func TestPluginsImportNoOtherPlugin(t *testing.T) {
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		own := "social/plugins/" + e.Name()
		err := filepath.WalkDir(e.Name(), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
				return err
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			checked++
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				if strings.HasPrefix(p, "social/plugins/") && p != own && !strings.HasPrefix(p, own+"/") {
					t.Errorf("%s imports %s: a plugin never imports another plugin; share through a core port or social/kit", path, p)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if checked == 0 {
		t.Fatal("no plugin file read")
	}
}
