package render

// ValueGroup is one game's rule values on the values page
// (/<lang>/values/): the document that states them, then its values in the
// order of its text.
type ValueGroup struct {
	Title string // the document's title
	Href  string // the document's page, from the values page
	Rows  []ValueRow
}

// ValueRow is one rule value: its key, its number as a reader reads it,
// what it means, the words that state it (each a link to its place in the
// text) and the calculators that use it.
type ValueRow struct {
	Key, Value, Meaning string
	Places              []Link
	Calcs               []Link
	// Reading marks a number the text does not state: the engine's
	// reading of the rule.
	Reading bool
}

// Link is a text and where it leads.
type Link struct{ Text, Href string }
