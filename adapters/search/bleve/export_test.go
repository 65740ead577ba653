package bleve

// DocCounts is how many documents the full and the recent posts' index
// hold, for tests of where a document is written.
func DocCounts(x *Index) (full, recent uint64, err error) {
	x.mu.RLock()
	defer x.mu.RUnlock()
	if full, err = x.idx.DocCount(); err != nil {
		return 0, 0, err
	}
	recent, err = x.recent.DocCount()
	return full, recent, err
}
