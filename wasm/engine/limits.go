package engine

// Bounds on an input that the pages check before the engine does: the
// generator puts them into each page's data (generator/calcui's
// EngineLimits), and the forms and the short links read them there
// (theme/js/shared/page.js's limits), so that no script restates them.
const (
	// MaxRows is the most timed actions a health timeline takes.
	MaxRows = maxHealthEvents
	// MaxItems is the most items a list input takes (the armour's hits).
	MaxItems = maxArmorHits
	// MaxText is the most characters a text input takes (a dice
	// expression).
	MaxText = maxDiceLen
)
