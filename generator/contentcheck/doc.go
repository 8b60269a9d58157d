// Package contentcheck holds the tests of the real content's quality, apart
// from the pipeline's own tests: every page keeps the words of its Markdown
// (fidelity), the English translation is complete and has no French left,
// no page repeats an ID, and the search answers the players' questions and
// words on the real content within its size budget (testdata/search). They
// build the site of testcontent.Dir (../../content, or an edited copy) once
// and read it, and derive what they expect from it or hold it to a
// threshold: any content check accepts passes them
// (generator/contentedit proves it). The package has no code.
package contentcheck
