package main

import (
	"io"

	"compendium/generator/pipeline"
	"compendium/generator/search"
)

var searchCommand = command{"search", "query the search index: search [-lang fr] \"query\"", runSearch}

func runSearch(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	return search.RunCLI(args, stdout, stderr, loadIndexes)
}

// loadIndexes builds the search indexes in memory, exactly as build writes
// them: the command line queries what the browser queries.
func loadIndexes(content, theme string) (map[string][]byte, map[string]string, error) {
	return pipeline.SearchIndexes(pipeline.Options{ContentDir: content, ThemeDir: theme})
}
