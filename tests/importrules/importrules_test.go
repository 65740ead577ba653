// Package importrules holds the import-boundary checks that `make
// lint-imports` (and so `make test`) runs: the dependency direction of
// .depguard.yml, and the two rules depguard's prefix lists cannot say.
//
// The files are parsed for their imports only, and depguard's own analyzer
// judges them against .depguard.yml: the same rules and the same matching
// as the depguard command, without type-checking the whole module first.
package importrules

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	depguard "github.com/OpenPeeDeeP/depguard/v2"
	"golang.org/x/tools/go/analysis"
	"gopkg.in/yaml.v3"
)

// root is the module's folder, seen from this package. Files are parsed
// by their absolute paths, as the depguard command names them, so that
// the rules' file globs match the same way.
const root = "../.."

// goFile is one parsed file and the import paths it names.
type goFile struct {
	path    string // from the module's root, with slashes
	ast     *ast.File
	imports []string
}

// sourceFiles parses every Go file below dir (a folder of the module),
// tests included when withTests. Folders that hold no module code (the
// front ends, installed packages, build output) are not read.
func sourceFiles(t *testing.T, fset *token.FileSet, dir string, withTests bool) []goFile {
	t.Helper()
	var files []goFile
	base, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	err = filepath.WalkDir(filepath.Join(base, dir), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case ".git", ".tmp", "node_modules", "web", "e2e", "data", "bin", "testdata":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || (!withTests && strings.HasSuffix(path, "_test.go")) {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly|parser.ParseComments)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(base, path)
		if err != nil {
			return err
		}
		file := goFile{path: filepath.ToSlash(rel), ast: f}
		for _, imp := range f.Imports {
			p, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				return err
			}
			file.imports = append(file.imports, p)
		}
		files = append(files, file)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no Go file read below %s", dir)
	}
	return files
}

// TestImportsFollowTheDependencyDirection applies .depguard.yml to every
// file that is not a test, as `depguard -test=false ./...` does.
func TestImportsFollowTheDependencyDirection(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(root, ".depguard.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var settings depguard.LinterSettings
	if err := yaml.Unmarshal(raw, &settings); err != nil {
		t.Fatalf(".depguard.yml: %v", err)
	}
	if len(settings) == 0 {
		t.Fatal(".depguard.yml holds no rule")
	}
	analyzer, err := depguard.NewAnalyzer(&settings)
	if err != nil {
		t.Fatalf(".depguard.yml: %v", err)
	}
	fset := token.NewFileSet()
	files := sourceFiles(t, fset, ".", false)
	for _, file := range files {
		pass := &analysis.Pass{
			Analyzer: analyzer,
			Fset:     fset,
			Files:    []*ast.File{file.ast},
			Report: func(d analysis.Diagnostic) {
				t.Errorf("%s: %s", file.path, d.Message)
			},
		}
		if _, err := analyzer.Run(pass); err != nil {
			t.Fatalf("%s: %v", file.path, err)
		}
	}
	t.Logf("%d files checked against .depguard.yml", len(files))
}

// What one core feature may import of another: its use cases (app/) and
// the answer types several features write (wire/: the post answer, the
// profile and its links, the session). The rest of a feature (its store,
// its routes, its module) is its own.
var publishedOfAnotherFeature = []string{"app", "wire"}

func TestFeaturesImportOtherFeaturesThroughTheirUseCases(t *testing.T) {
	for _, file := range sourceFiles(t, token.NewFileSet(), "features", false) {
		own := "social/" + ownerFolder(file.path)
		for _, p := range file.imports {
			other, inFeatures := strings.CutPrefix(p, "social/features/")
			if !inFeatures || p == own || strings.HasPrefix(p, own+"/") {
				continue
			}
			if _, pkg, _ := strings.Cut(other, "/"); !slices.Contains(publishedOfAnotherFeature, pkg) {
				t.Errorf("%s imports %s: another core feature is used through its use cases (social/features/<name>/app) only", file.path, p)
			}
		}
	}
}

// A plugin never imports another plugin: what two plugins share goes
// through a core port or kit/. Tests are read too, so that each plugin can
// be left out of the build alone.
func TestPluginsImportNoOtherPlugin(t *testing.T) {
	for _, file := range sourceFiles(t, token.NewFileSet(), "plugins", true) {
		own := "social/" + ownerFolder(file.path)
		for _, p := range file.imports {
			if strings.HasPrefix(p, "social/plugins/") && p != own && !strings.HasPrefix(p, own+"/") {
				t.Errorf("%s imports %s: a plugin never imports another plugin; share through a core port or social/kit", file.path, p)
			}
		}
	}
}

// A feature's or plugin's store is its own: every other package, the
// wiring and the commands included, reaches its data through its use cases
// or the read views the core publishes. Test code may set a store up
// directly.
func TestStoresAreUsedByTheirFeatureAlone(t *testing.T) {
	for _, file := range sourceFiles(t, token.NewFileSet(), ".", false) {
		for _, p := range file.imports {
			owner, isStore := strings.CutSuffix(strings.TrimPrefix(p, "social/"), "/pgstore")
			if !isStore || !strings.HasPrefix(p, "social/") || strings.HasPrefix(file.path, owner+"/") {
				continue
			}
			t.Errorf("%s imports %s: a store is its feature's own; use the feature's use cases (%s/app)", file.path, p, owner)
		}
	}
}

// ownerFolder is the feature or plugin folder a file belongs to
// ("features/posts" for "features/posts/app/create_post.go"); a file
// directly in features/ or plugins/ belongs to that folder.
func ownerFolder(path string) string {
	parts := strings.SplitN(path, "/", 3)
	if len(parts) < 3 {
		return parts[0]
	}
	return parts[0] + "/" + parts[1]
}
