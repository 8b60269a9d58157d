package main

import (
	"io"

	"compendium/generator/build"
	"compendium/generator/site"
	"compendium/generator/translation"
)

var translationsCommand = command{"translations", "list the translated sections whose original changed since they were checked;\ntranslations -mark slug#id… records them as checked (content/translations.json)", runTranslations}

func runTranslations(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	return translation.RunCLI(args, stdout, stderr, func(content, theme string) (*site.Site, error) {
		s, _, err := build.Load(build.Options{ContentDir: content, ThemeDir: theme})
		return s, err
	})
}
