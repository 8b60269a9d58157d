//go:build e2e

package contentcheck_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	lpdf "github.com/ledongthuc/pdf"

	"compendium/generator/pdf"
	"compendium/generator/pipeline"
	"compendium/generator/serve"
	"compendium/generator/testcontent"
)

// pdfText extracts a PDF's text with a Go reader (github.com/ledongthuc/pdf,
// which reads the ToUnicode maps of Chromium's embedded fonts).
func pdfText(t *testing.T, b []byte) string {
	t.Helper()
	r, err := lpdf.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	txt, err := r.GetPlainText()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(txt); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestPDFBooks prints the books with Chromium, as the pdf command does, and
// holds the French A4 booklet to the seeds like the pages: at least 99 % of
// each seed's words in order. Both formats of both languages come out, A5
// with more pages than A4, with an outline. Chromium is required: it runs
// with the browser tests (-tags e2e; make test installs Chromium).
func TestPDFBooks(t *testing.T) {
	if pdf.Chrome() == "" {
		t.Fatal("no Chromium: install Debian's chromium (make test does) or set CHROME_PATH")
	}
	out := filepath.Join(t.TempDir(), "public")
	res, err := pipeline.Build(pipeline.Options{ContentDir: testcontent.Dir, ThemeDir: "../../theme", OutDir: out, BaseURL: "https://example.org/", NoTwins: true})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	pdfs, err := pdf.Print(ctx, out, []string{"fr", "en"}, serve.Handler(out, nil))
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"fr", "en"} {
		a4, a5 := pdfs[lang+"/compendium-a4.pdf"], pdfs[lang+"/compendium-a5.pdf"]
		n4, n5 := pdf.Pages(a4), pdf.Pages(a5)
		t.Logf("%s: A4 %d pages, %d KB; A5 %d pages, %d KB", lang, n4, len(a4)/1024, n5, len(a5)/1024)
		if n4 < 20 || n5 <= n4 {
			t.Errorf("%s: A4 %d pages, A5 %d", lang, n4, n5)
		}
		if !bytes.Contains(a4, []byte("/Outlines")) {
			t.Errorf("%s: the A4 booklet has no outline", lang)
		}
	}
	got := words(pdfText(t, pdfs["fr/compendium-a4.pdf"]))
	seeds, _ := filepath.Glob("testdata/seeds/*.txt")
	for _, seed := range seeds {
		raw, err := os.ReadFile(seed)
		if err != nil {
			t.Fatal(err)
		}
		want := words(stripArtefacts(string(raw)))
		n := inOrder(want, got)
		ratio := float64(n) / float64(len(want))
		t.Logf("%s → fr/compendium-a4.pdf: %d of %d words in order (%.2f %%)", filepath.Base(seed), n, len(want), 100*ratio)
		if ratio < minFidelity {
			t.Errorf("%s: only %.2f %% of the seed's words in order in the PDF (want ≥ %.0f %%)", filepath.Base(seed), 100*ratio, 100*minFidelity)
		}
	}
	// The site built with the PDFs links them.
	res, err = pipeline.Build(pipeline.Options{ContentDir: testcontent.Dir, ThemeDir: "../../theme", OutDir: out, NoTwins: true, PDFs: pdfs})
	if err != nil {
		t.Fatal(err)
	}
	home := string(res.Files["fr/index.html"])
	if !strings.Contains(home, `href="../fr/compendium-a4.pdf" download>Télécharger le PDF A4 (`) {
		t.Errorf("the home page does not link the A4 booklet")
	}
	if _, err := os.Stat(filepath.Join(out, "fr", "compendium-a5.pdf")); err != nil {
		t.Error(err)
	}
}
