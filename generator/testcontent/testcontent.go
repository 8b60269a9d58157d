// Package testcontent names the content directory that the tests reading
// the real content read: ../../content from a package of generator/, or
// the directory in COMPENDIUM_TEST_CONTENT. The variable lets the same
// tests run on an edited copy of the content (generator/contentedit does
// it), which is how the project proves that its tests hold whatever
// correct content an organiser writes.
package testcontent

import "os"

// Env is the variable that points the tests at another content directory.
const Env = "COMPENDIUM_TEST_CONTENT"

// Dir is the content directory the tests read.
var Dir = dir()

func dir() string {
	if d := os.Getenv(Env); d != "" {
		return d
	}
	return "../../content"
}
