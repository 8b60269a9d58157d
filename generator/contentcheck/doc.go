// Package contentcheck holds the tests of the real content's quality, apart
// from the pipeline's own tests: the French pages keep the seeds' words
// (fidelity), the English translation is complete and has no French left,
// no page repeats an ID, content/IDS.md lists every anchor, and the search
// answers the players' questions and words on the real content within its
// size budget (testdata/search, with the Go answers the browser's search
// must match). They build the site of ../../content once and read it; the
// package has no code.
package contentcheck
