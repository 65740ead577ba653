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
// The public posts of the last few days live in a second, small index
// (recent.go), which a post search reads first; they enter the full index
// once they age out of it.
//
// Queries are analyzed as plain text: no character has a meaning to Bleve.
package bleve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

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
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	bolterrors "go.etcd.io/bbolt/errors"

	"social/core/ports"
)

// mappingVersion changes whenever the mapping below does; an index built
// with another version is rebuilt empty (and `social reindex` fills it).
const mappingVersion = "social-search-4"

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
	mu  sync.RWMutex // Reset swaps idx and recent
	idx bleve.Index
	// recent holds the public posts of the last RecentWindow, which the
	// full index does not (recent.go).
	recent bleve.Index
	// writes and recentWrites join the batches of concurrent Upsert and
	// Delete calls, one per index.
	writes, recentWrites groupCommit
	// nextSettle is when a write next moves aged posts from recent to
	// the full index (Unix nanoseconds).
	nextSettle atomic.Int64
	// Now is the clock that tells which posts are recent (time.Now unless
	// a test sets it before Open).
	Now func() time.Time
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
func New(dir string) *Index { return &Index{dir: dir, Now: time.Now} }

// Open opens the index, creating it when missing. A folder held by another
// process is ErrLocked, at once rather than waiting for it.
func (x *Index) Open() error {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.idx != nil {
		return nil
	}
	dir := x.dir
	idx, err := bleve.OpenUsing(dir, runtimeConfig(false))
	switch {
	case isMissing(err):
		idx, err = create(dir, false)
		x.Rebuilt = true
	case err == nil:
		v, verr := idx.GetInternal(versionKey)
		if verr != nil || string(v) != mappingVersion {
			_ = idx.Close()
			if err := os.RemoveAll(dir); err != nil {
				return fmt.Errorf("search index %s: remove an index of another version: %w", dir, err)
			}
			idx, err = create(dir, false)
			x.Rebuilt = true
		}
	}
	if err != nil {
		return openError(dir, err)
	}
	recent, err := openRecent(dir)
	if err != nil {
		_ = idx.Close()
		return openError(filepath.Join(dir, recentFolder), err)
	}
	x.idx, x.recent = idx, recent
	// Posts may have aged out while the index was closed.
	x.nextSettle.Store(0)
	return nil
}

func isMissing(err error) bool {
	return errors.Is(err, bleve.ErrorIndexPathDoesNotExist) || errors.Is(err, bleve.ErrorIndexMetaMissing)
}

// Dir is the index folder.
func (x *Index) Dir() string { return x.dir }

func openError(dir string, err error) error {
	if errors.Is(err, bolterrors.ErrTimeout) {
		return fmt.Errorf("%w: %s (stop the other `social` process using it, or use search.driver postgres to share one index between processes)", ErrLocked, dir)
	}
	return fmt.Errorf("open search index %s: %w", dir, err)
}

// create makes an empty index in dir; withTime adds the posts' time (the
// recent posts' index).
func create(dir string, withTime bool) (bleve.Index, error) {
	m, err := newMapping(withTime)
	if err != nil {
		return nil, err
	}
	idx, err := bleve.NewUsing(dir, m, scorch.Name, scorch.Name, runtimeConfig(withTime))
	if err != nil {
		return nil, err
	}
	if err := idx.SetInternal(versionKey, []byte(mappingVersion)); err != nil {
		_ = idx.Close()
		return nil, err
	}
	return idx, nil
}

// runtimeConfig is what an index is opened with; recent is the recent
// posts' index, written one new post at a time. Scorch treats every
// segment under its merge plan's floor (2,000 documents by default) as
// that size, so it merged a segment of a thousand posts with nine of one
// post as readily as ten of one: a post was written again at almost every
// merge. With a floor of 10, small segments are merged with their like. A
// write then cost 30 % less CPU (10,000 posts written one at a time by four
// writers: 2.3 ms against 3.3 to 3.5 ms each, merges included), and a
// search of a word in every post 8 % more time.
func runtimeConfig(recent bool) map[string]interface{} {
	cfg := map[string]interface{}{"bolt_timeout": lockWait}
	if recent {
		cfg["scorchMergePlanOptions"] = map[string]interface{}{"FloorSegmentSize": 10}
	}
	return cfg
}

func newMapping(withTime bool) (*mapping.IndexMappingImpl, error) {
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
	doc.AddFieldMappingsAt("kind", searchedOnly(bleve.NewKeywordFieldMapping()))
	// A post's text and another kind's words each have a field of their
	// own, so that a post search is the text's terms alone: no kind clause
	// walking the postings of every post beside them.
	for _, field := range []string{"text", "about"} {
		text := bleve.NewTextFieldMapping()
		text.Analyzer = analyzerText
		doc.AddFieldMappingsAt(field, searchedOnly(text))
	}
	names := bleve.NewTextFieldMapping()
	names.Analyzer = analyzerNames
	doc.AddFieldMappingsAt("names", searchedOnly(names))
	// The document itself, whole, is the one stored field: a hit is
	// answered from it, and an aged post moves to the full index from it.
	source := bleve.NewTextFieldMapping()
	source.Index = false
	source.Store = true
	source.IncludeInAll = false
	source.IncludeTermVectors = false
	source.DocValues = false
	doc.AddFieldMappingsAt("source", source)
	if withTime {
		doc.AddFieldMappingsAt("at", searchedOnly(bleve.NewNumericFieldMapping()))
	}

	m.DefaultMapping = doc
	m.DefaultAnalyzer = analyzerText
	m.IndexDynamic = false
	m.StoreDynamic = false
	return m, nil
}

// searchedOnly keeps of a field only what queries read: its terms, their
// frequencies and the field's length (which scoring needs). Bleve's
// defaults also store the field's text, keep its values per document
// (DocValues, for sorting and facets) and its terms' positions (term
// vectors, for phrases and highlights): none is ever read here, and each
// was built into every segment and rewritten by every merge.
func searchedOnly(f *mapping.FieldMapping) *mapping.FieldMapping {
	f.Store = false
	f.DocValues = false
	f.IncludeTermVectors = false
	f.IncludeInAll = false
	return f
}

// Close lets go of the folder.
func (x *Index) Close() error {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.idx == nil {
		return nil
	}
	err := errors.Join(x.idx.Close(), x.recent.Close())
	x.idx, x.recent = nil, nil
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
	// At is a post's creation time in Unix seconds, indexed by the recent
	// posts' index only (the full index's mapping has no such field).
	At float64 `json:"at"`
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
// deleted instead. A recent post goes to the recent posts' index alone
// (homeOf), everything else to the full index.
func (x *Index) Upsert(ctx context.Context, docs ...ports.SearchDoc) error {
	if len(docs) == 0 {
		return nil
	}
	x.mu.RLock()
	defer x.mu.RUnlock()
	if x.idx == nil {
		return errClosed
	}
	now := x.Now()
	if err := x.maybeSettleRecent(ctx, now); err != nil {
		return err
	}
	w := x.batches()
	for _, d := range docs {
		if d.Kind == "" || d.ID == "" {
			return fmt.Errorf("search document with kind %q and id %q", d.Kind, d.ID)
		}
		id := docID(d.Kind, d.ID)
		at, home := homeOf(d, now)
		if !d.Searchable() {
			w.delete(home, id)
			continue
		}
		r, err := toRecord(d)
		if err != nil {
			return err
		}
		if home&inFull != 0 {
			if err := w.full.get().Index(id, r); err != nil {
				return fmt.Errorf("index %s %s: %w", d.Kind, d.ID, err)
			}
		}
		if home&inRecent != 0 {
			r.At = float64(at.Unix())
			if err := w.recent.get().Index(id, r); err != nil {
				return fmt.Errorf("index recent %s %s: %w", d.Kind, d.ID, err)
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return x.commit(w)
}

// batches are the writes of one call to each index, made on first use:
// a commit costs a segment and merges, so an index the call does not
// change is not committed.
type batches struct{ full, recent lazyBatch }

func (x *Index) batches() *batches {
	return &batches{full: lazyBatch{idx: x.idx}, recent: lazyBatch{idx: x.recent}}
}

// lazyBatch is a batch of idx made when first asked for; b stays nil
// until then.
type lazyBatch struct {
	idx bleve.Index
	b   *bleve.Batch
}

func (l *lazyBatch) get() *bleve.Batch {
	if l.b == nil {
		l.b = l.idx.NewBatch()
	}
	return l.b
}

// delete removes id from the indexes that may hold it.
func (b *batches) delete(home where, id string) {
	if home&inFull != 0 {
		b.full.get().Delete(id)
	}
	if home&inRecent != 0 {
		b.recent.get().Delete(id)
	}
}

// commit applies b, the full index's part first.
func (x *Index) commit(b *batches) error {
	if b.full.b != nil {
		if err := x.writes.commit(x.idx, b.full.b); err != nil {
			return err
		}
	}
	if b.recent.b != nil {
		return x.recentWrites.commit(x.recent, b.recent.b)
	}
	return nil
}

var errClosed = errors.New("search index is closed")

// Delete removes documents of kind. A post is removed from both indexes:
// its ID tells its age, but not whether the move of aged posts has reached
// it yet, and deleting is rare enough not to matter.
func (x *Index) Delete(ctx context.Context, kind ports.SearchKind, ids ...string) error {
	if len(ids) == 0 {
		return nil
	}
	x.mu.RLock()
	defer x.mu.RUnlock()
	if x.idx == nil {
		return errClosed
	}
	home := inFull
	if kind == ports.SearchPost {
		home |= inRecent
	}
	w := x.batches()
	for _, id := range ids {
		w.delete(home, docID(kind, id))
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return x.commit(w)
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
		var found []ports.SearchDoc
		var err error
		if kind == ports.SearchPost {
			found, err = x.searchPosts(ctx, q, limitPerKind)
		} else {
			found, err = hitsOf(ctx, x.idx, kindQuery(kind, q), limitPerKind)
		}
		if err != nil {
			return nil, fmt.Errorf("search %s: %w", kind, err)
		}
		if len(found) > 0 {
			res[kind] = found
		}
	}
	return res, nil
}

// hitsOf runs query on idx and returns the searchable documents of its
// best limit hits, best match first.
func hitsOf(ctx context.Context, idx bleve.Index, q query.Query, limit int) ([]ports.SearchDoc, error) {
	req := bleve.NewSearchRequestOptions(q, limit, 0, false)
	req.Fields = []string{"source"}
	found, err := idx.SearchInContext(ctx, req)
	if err != nil {
		return nil, err
	}
	var docs []ports.SearchDoc
	for _, h := range found.Hits {
		d, err := storedDoc(h)
		if err != nil {
			return nil, err
		}
		if d.Searchable() {
			docs = append(docs, d)
		}
	}
	return docs, nil
}

// storedDoc is the document a hit's stored source holds.
func storedDoc(h *search.DocumentMatch) (ports.SearchDoc, error) {
	src, _ := h.Fields["source"].(string)
	var d ports.SearchDoc
	if err := json.Unmarshal([]byte(src), &d); err != nil {
		return d, fmt.Errorf("stored %s: %w", h.ID, err)
	}
	return d, nil
}

// kindQuery is the query of a kind other than posts (searchPosts): users
// and the other kinds share the names field, and are told apart by kind.
func kindQuery(kind ports.SearchKind, q string) query.Query {
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
		if err := errors.Join(x.idx.Close(), x.recent.Close()); err != nil {
			return fmt.Errorf("close search index: %w", err)
		}
		x.idx, x.recent = nil, nil
	}
	if err := os.RemoveAll(x.dir); err != nil {
		return fmt.Errorf("remove search index %s: %w", x.dir, err)
	}
	idx, err := create(x.dir, false)
	if err != nil {
		return openError(x.dir, err)
	}
	recent, err := create(filepath.Join(x.dir, recentFolder), true)
	if err != nil {
		_ = idx.Close()
		return openError(x.dir, err)
	}
	x.idx, x.recent = idx, recent
	return ctx.Err()
}
