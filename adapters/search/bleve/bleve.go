// Package bleve is the embedded ports.SearchIndex: a Bleve (scorch) index in
// one folder, owned by one process at a time (a file lock).
//
// Every document carries its kind, and is stored whole (as JSON) so that a
// hit is answered without reading the database. Text is folded to ASCII and
// lower case before anything else, so accents and case never matter, then:
//   - "text" (post text; another kind's name and description) is cut into
//     words, Portuguese stop words are dropped and words are stemmed
//     ('comunidades' and 'comunidade' meet);
//   - "names" (handle and display name; another kind's name) is indexed with
//     every prefix of each word (1 to 30 characters), and queried word by
//     word without stemming, so 'ana_s' finds 'ana_silva'.
//
// Queries are analyzed as plain text: no character has a meaning to Bleve.
package bleve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/custom"
	"github.com/blevesearch/bleve/v2/analysis/char/asciifolding"
	"github.com/blevesearch/bleve/v2/analysis/lang/pt"
	"github.com/blevesearch/bleve/v2/analysis/token/edgengram"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	"github.com/blevesearch/bleve/v2/analysis/token/truncate"
	"github.com/blevesearch/bleve/v2/analysis/tokenizer/unicode"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/search/query"
	bolterrors "go.etcd.io/bbolt/errors"

	"social/core/ports"
)

// mappingVersion changes whenever the mapping below does; an index built
// with another version is rebuilt empty (and `social reindex` fills it).
const mappingVersion = "social-search-2"

var versionKey = []byte("social_mapping_version")

// lockWait is how long opening waits for another process to let go of the
// folder; bolt's default is to wait forever.
const lockWait = "1s"

// ErrLocked is an index folder another process (or another handle in this
// one) has open.
var ErrLocked = errors.New("search index is in use by another process")

const (
	analyzerText       = "social_text"
	analyzerNames      = "social_names"
	analyzerNamesQuery = "social_names_query"
	filterPrefixes     = "social_prefixes"
	filterTruncate     = "social_truncate"
	maxPrefix          = 30
)

// Index is the Bleve search index.
type Index struct {
	dir string
	mu  sync.RWMutex // Reset swaps idx
	idx bleve.Index
	// writes joins the batches of concurrent Upsert and Delete calls.
	writes groupCommit
	// Rebuilt is true when Open found an index of another mapping version
	// (or none) and made an empty one.
	Rebuilt bool
}

var _ ports.SearchIndex = (*Index)(nil)

// Open opens (or creates) the index in dir; see (*Index).Open.
func Open(dir string) (*Index, error) {
	x := New(dir)
	if err := x.Open(); err != nil {
		return nil, err
	}
	return x, nil
}

// New is the index in dir, not opened yet: nothing touches the folder
// before Open.
func New(dir string) *Index { return &Index{dir: dir} }

// Open opens the index, creating it when missing. A folder held by another
// process is ErrLocked, at once rather than waiting for it.
func (x *Index) Open() error {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.idx != nil {
		return nil
	}
	dir := x.dir
	idx, err := bleve.OpenUsing(dir, map[string]interface{}{"bolt_timeout": lockWait})
	switch {
	case errors.Is(err, bleve.ErrorIndexPathDoesNotExist) || errors.Is(err, bleve.ErrorIndexMetaMissing):
		idx, err = create(dir)
		x.Rebuilt = true
	case err == nil:
		v, verr := idx.GetInternal(versionKey)
		if verr != nil || string(v) != mappingVersion {
			_ = idx.Close()
			if err := os.RemoveAll(dir); err != nil {
				return fmt.Errorf("search index %s: remove an index of another version: %w", dir, err)
			}
			idx, err = create(dir)
			x.Rebuilt = true
		}
	}
	if err != nil {
		return openError(dir, err)
	}
	x.idx = idx
	return nil
}

// Dir is the index folder.
func (x *Index) Dir() string { return x.dir }

func openError(dir string, err error) error {
	if errors.Is(err, bolterrors.ErrTimeout) {
		return fmt.Errorf("%w: %s (stop the other `social` process using it, or use search.driver postgres to share one index between processes)", ErrLocked, dir)
	}
	return fmt.Errorf("open search index %s: %w", dir, err)
}

func create(dir string) (bleve.Index, error) {
	m, err := newMapping()
	if err != nil {
		return nil, err
	}
	idx, err := bleve.NewUsing(dir, m, scorch.Name, scorch.Name, map[string]interface{}{"bolt_timeout": lockWait})
	if err != nil {
		return nil, err
	}
	if err := idx.SetInternal(versionKey, []byte(mappingVersion)); err != nil {
		_ = idx.Close()
		return nil, err
	}
	return idx, nil
}

func newMapping() (*mapping.IndexMappingImpl, error) {
	m := bleve.NewIndexMapping()
	steps := []struct {
		name string
		add  func(string, map[string]interface{}) error
		cfg  map[string]interface{}
	}{
		{filterPrefixes, m.AddCustomTokenFilter, map[string]interface{}{
			"type": edgengram.Name, "back": false, "min": 1.0, "max": float64(maxPrefix)}},
		{filterTruncate, m.AddCustomTokenFilter, map[string]interface{}{
			"type": truncate.Name, "length": float64(maxPrefix)}},
		{analyzerText, m.AddCustomAnalyzer, map[string]interface{}{
			"type": custom.Name, "char_filters": []string{asciifolding.Name}, "tokenizer": unicode.Name,
			"token_filters": []string{lowercase.Name, pt.StopName, pt.LightStemmerName}}},
		{analyzerNames, m.AddCustomAnalyzer, map[string]interface{}{
			"type": custom.Name, "char_filters": []string{asciifolding.Name}, "tokenizer": unicode.Name,
			"token_filters": []string{lowercase.Name, filterPrefixes}}},
		{analyzerNamesQuery, m.AddCustomAnalyzer, map[string]interface{}{
			"type": custom.Name, "char_filters": []string{asciifolding.Name}, "tokenizer": unicode.Name,
			"token_filters": []string{lowercase.Name, filterTruncate}}},
	}
	for _, s := range steps {
		if err := s.add(s.name, s.cfg); err != nil {
			return nil, fmt.Errorf("search mapping %s: %w", s.name, err)
		}
	}

	doc := bleve.NewDocumentMapping()
	doc.Dynamic = false
	kind := bleve.NewKeywordFieldMapping()
	kind.IncludeInAll = false
	doc.AddFieldMappingsAt("kind", kind)
	// A post's text and another kind's words each have a field of their
	// own, so that a post search is the text's terms alone: no kind clause
	// walking the postings of every post beside them.
	for _, field := range []string{"text", "about"} {
		text := bleve.NewTextFieldMapping()
		text.Analyzer = analyzerText
		text.IncludeInAll = false
		doc.AddFieldMappingsAt(field, text)
	}
	names := bleve.NewTextFieldMapping()
	names.Analyzer = analyzerNames
	names.IncludeInAll = false
	names.IncludeTermVectors = false
	doc.AddFieldMappingsAt("names", names)
	source := bleve.NewTextFieldMapping()
	source.Index = false
	source.Store = true
	source.IncludeInAll = false
	source.IncludeTermVectors = false
	doc.AddFieldMappingsAt("source", source)

	m.DefaultMapping = doc
	m.DefaultAnalyzer = analyzerText
	m.IndexDynamic = false
	m.StoreDynamic = false
	return m, nil
}

// Close lets go of the folder.
func (x *Index) Close() error {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.idx == nil {
		return nil
	}
	err := x.idx.Close()
	x.idx = nil
	return err
}

// record is what Bleve indexes of a document. Only searchable documents
// are stored (Upsert deletes the others).
type record struct {
	Kind   string `json:"kind"`
	Text   string `json:"text"`  // a post's
	About  string `json:"about"` // another kind's (a user has none)
	Names  string `json:"names"`
	Source string `json:"source"`
}

func docID(kind ports.SearchKind, id string) string { return string(kind) + "/" + id }

func toRecord(d ports.SearchDoc) (record, error) {
	src, err := json.Marshal(d)
	if err != nil {
		return record{}, err
	}
	r := record{Kind: string(d.Kind), Source: string(src), Names: d.IndexedNames()}
	if d.Kind == ports.SearchPost {
		r.Text = d.IndexedText()
	} else {
		r.About = d.IndexedText()
	}
	return r, nil
}

// Upsert indexes docs in one batch; a document that is not searchable is
// deleted instead.
func (x *Index) Upsert(ctx context.Context, docs ...ports.SearchDoc) error {
	if len(docs) == 0 {
		return nil
	}
	x.mu.RLock()
	defer x.mu.RUnlock()
	if x.idx == nil {
		return errClosed
	}
	b := x.idx.NewBatch()
	for _, d := range docs {
		if d.Kind == "" || d.ID == "" {
			return fmt.Errorf("search document with kind %q and id %q", d.Kind, d.ID)
		}
		if !d.Searchable() {
			b.Delete(docID(d.Kind, d.ID))
			continue
		}
		r, err := toRecord(d)
		if err != nil {
			return err
		}
		if err := b.Index(docID(d.Kind, d.ID), r); err != nil {
			return fmt.Errorf("index %s %s: %w", d.Kind, d.ID, err)
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return x.writes.commit(x.idx, b)
}

var errClosed = errors.New("search index is closed")

// Delete removes documents of kind.
func (x *Index) Delete(ctx context.Context, kind ports.SearchKind, ids ...string) error {
	if len(ids) == 0 {
		return nil
	}
	x.mu.RLock()
	defer x.mu.RUnlock()
	if x.idx == nil {
		return errClosed
	}
	b := x.idx.NewBatch()
	for _, id := range ids {
		b.Delete(docID(kind, id))
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return x.writes.commit(x.idx, b)
}

// Search runs one query per kind.
func (x *Index) Search(ctx context.Context, q string, kinds []ports.SearchKind, limitPerKind int) (ports.SearchResults, error) {
	res := ports.SearchResults{}
	if limitPerKind <= 0 || strings.TrimSpace(q) == "" {
		return res, nil
	}
	x.mu.RLock()
	defer x.mu.RUnlock()
	if x.idx == nil {
		return nil, errClosed
	}
	for _, kind := range kinds {
		req := bleve.NewSearchRequestOptions(kindQuery(kind, q), limitPerKind, 0, false)
		req.Fields = []string{"source"}
		// By score alone: a tie-break on the document ID would make the
		// collector look up the ID of every match, a fifth of a common
		// word's search; equal scores keep the index's order.
		req.SortBy([]string{"-_score"})
		found, err := x.idx.SearchInContext(ctx, req)
		if err != nil {
			return nil, fmt.Errorf("search %s: %w", kind, err)
		}
		for _, h := range found.Hits {
			src, _ := h.Fields["source"].(string)
			var d ports.SearchDoc
			if err := json.Unmarshal([]byte(src), &d); err != nil {
				return nil, fmt.Errorf("stored %s: %w", h.ID, err)
			}
			if d.Searchable() {
				res[kind] = append(res[kind], d)
			}
		}
	}
	return res, nil
}

// kindQuery is the query of one kind. Only posts have a text field, so
// theirs needs no kind clause; users and the other kinds share the names
// field, and are told apart by kind.
func kindQuery(kind ports.SearchKind, q string) query.Query {
	if kind == ports.SearchPost {
		return textMatch("text", q)
	}
	byKind := bleve.NewTermQuery(string(kind))
	byKind.SetField("kind")
	match := namesMatch(q)
	if kind != ports.SearchUser {
		match = bleve.NewDisjunctionQuery(namesMatch(q), textMatch("about", q))
	}
	return bleve.NewConjunctionQuery(byKind, match)
}

// textMatch needs every word of q (stemmed) in field.
func textMatch(field, q string) query.Query {
	m := bleve.NewMatchQuery(q)
	m.SetField(field)
	m.Analyzer = analyzerText
	m.SetOperator(query.MatchQueryOperatorAnd)
	return m
}

// namesMatch needs every word of q to start a word of the names.
func namesMatch(q string) query.Query {
	m := bleve.NewMatchQuery(q)
	m.SetField("names")
	m.Analyzer = analyzerNamesQuery
	m.SetOperator(query.MatchQueryOperatorAnd)
	return m
}

// Reset replaces the index with an empty one.
func (x *Index) Reset(ctx context.Context) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.idx != nil {
		if err := x.idx.Close(); err != nil {
			return fmt.Errorf("close search index: %w", err)
		}
		x.idx = nil
	}
	if err := os.RemoveAll(x.dir); err != nil {
		return fmt.Errorf("remove search index %s: %w", x.dir, err)
	}
	idx, err := create(x.dir)
	if err != nil {
		return openError(x.dir, err)
	}
	x.idx = idx
	return ctx.Err()
}
