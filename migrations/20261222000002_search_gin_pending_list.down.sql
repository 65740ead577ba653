ALTER INDEX search_documents_tsv_idx RESET (gin_pending_list_limit);
--bun:split
ALTER INDEX search_documents_names_idx RESET (gin_pending_list_limit);
