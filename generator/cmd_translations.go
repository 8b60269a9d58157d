package main

import (
	"io"

	"compendium/generator/pipeline"
	"compendium/generator/site"
	"compendium/generator/translation"
)

var translationsCommand = command{"translations", "list the translated sections whose original changed since they were checked;\ntranslations -mark slug#id… records them as checked (content/translations.json)", runTranslations}

func runTranslations(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	return translation.RunCLI(args, stdout, stderr, func(content, theme string) (*site.Site, error) {
		s, _, err := pipeline.Load(pipeline.Options{ContentDir: content, ThemeDir: theme})
		return s, err
	})
}
