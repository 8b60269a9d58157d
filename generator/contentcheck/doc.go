// Package contentcheck holds the tests of the real content's quality, apart
// from the pipeline's own tests: the French pages keep the seeds' words
// (fidelity), the English translation is complete and has no French left,
// no page repeats an ID, and content/IDS.md lists every anchor. They build
// the site of ../../content once and read it; the package has no code.
package contentcheck
