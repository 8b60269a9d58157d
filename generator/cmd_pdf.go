package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strconv"
	"syscall"

	"compendium/generator/pdf"
	"compendium/generator/pipeline"
	"compendium/generator/serve"
	"compendium/generator/site"
)

var pdfCommand = command{"pdf", "help-pdf", runPDF}

func runPDF(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("pdf", stdout, stderr)
	opt := pipeline.Options{}
	siteFlags(fs, &opt)
	outputFlags(fs, &opt)
	if code := parse(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	return printBooks(opt, stdout, stderr)
}

// printBooks builds the site into a temporary folder, prints its books
// with Chromium, and builds the site into opt.OutDir with the PDFs.
func printBooks(opt pipeline.Options, stdout, stderr io.Writer) int {
	tmp, err := os.MkdirTemp("", "compendium-book-")
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	defer os.RemoveAll(tmp)
	first := opt
	first.OutDir, first.NoTwins = filepath.Join(tmp, "public"), true
	lang := site.LangFrom("")
	res, err := pipeline.Build(first)
	if err != nil {
		fmt.Fprintln(stderr, sayError(err, lang))
		fmt.Fprintln(stderr, "pdf: "+site.Text("cmd-build-failed", lang, "left", site.Text("cmd-left", lang, "out", opt.OutDir)))
		return 1
	}
	var langs []string
	for _, l := range res.Site.Langs {
		langs = append(langs, l.Code)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	pdfs, err := pdf.Print(ctx, first.OutDir, langs, serve.Handler(first.OutDir, nil))
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	opt.PDFs = pdfs
	res, err = pipeline.Build(opt)
	if err != nil {
		fmt.Fprintln(stderr, sayError(err, lang))
		return 1
	}
	var names []string
	for name := range pdfs {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		fmt.Fprintln(stdout, site.Text("pdf-wrote", lang, "file", opt.OutDir+"/"+name, "pages", strconv.Itoa(pdf.Pages(pdfs[name])), "kb", strconv.Itoa(len(pdfs[name])/1024)))
	}
	fmt.Fprintln(stdout, res.Summary(opt.OutDir, lang))
	return 0
}
