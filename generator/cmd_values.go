package main

import (
	"io"

	"compendium/generator/values"
)

var valuesCommand = command{"values", "list every rule value: its number, meaning, where the text states it, its calculators", runValues}

func runValues(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	return values.RunCLI(args, stdout, stderr)
}
