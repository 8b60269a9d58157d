package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"

	"github.com/yuin/goldmark"

	"compendium/generator/calcui"
	"compendium/generator/config"
	"compendium/generator/glossary"
	"compendium/generator/markdown"
	"compendium/generator/render"
	"compendium/generator/site"
	"compendium/generator/translation"
	"compendium/generator/values"
)

// loaded is what the load phase gathers: the content, the theme with the
// configuration's strings, the calculators and the configuration.
type loaded struct {
	site      *site.Site
	theme     *render.Theme
	calc      *calcs
	config    *config.Config
	thesaurus *glossary.Thesaurus
	// warnings are the problems that do not stop the build, folded.
	warnings site.Diagnostics
}

// load is the phase "load and check": the configuration, the theme, the
// content with its calculators, glossary and thesaurus, each checked. It
// returns what it loaded even with problems (check prints them all).
func (b *Builder) load(live *rebuild) (*loaded, error) {
	opt := b.opt
	// A rebuild keeps the theme of the previous one when no theme file
	// and not the configuration changed (parsing the templates again would
	// cost every rebuild).
	// The fingerprint is taken only when the edit may have touched them.
	key := ""
	if live != nil {
		key = b.theme.key
		if key == "" || live.touches(opt.ThemeDir) || (opt.ConfigFile != "" && live.touches(opt.ConfigFile)) {
			key, _ = fingerprint(opt.ThemeDir, opt.ConfigFile, opt.BaseURL)
		}
	}
	cfg, cerr := loadConfig(opt)
	var theme *render.Theme
	var ds site.Diagnostics
	if key != "" && b.theme.key == key && cerr == nil {
		theme = b.theme.theme
	}
	if theme == nil {
		var terrs site.Diagnostics
		theme, terrs = render.Load(opt.ThemeDir, cfg.Langs()...)
		if cerr != nil {
			terrs = append(terrs, *cerr)
		} else {
			for lang, v := range cfg.Title {
				theme.SetString(lang, "site_title", v)
			}
			for lang, v := range cfg.Tagline {
				theme.SetString(lang, "site_tagline", v)
			}
		}
		if key != "" && len(terrs) == 0 {
			b.theme.key, b.theme.theme = key, theme
		}
		ds = append(ds, terrs...)
	}
	ds = append(ds, checkLanguageFolders(opt, cfg)...)
	langs := site.Present(opt.ContentDir, cfg.Langs())
	calc := newCalcs(theme)
	if key != "" {
		calc.memo, calc.themeKey = &b.calcs, key
	}
	// The glossary first: its terms are marked in the text as it is
	// parsed (markdown.GlossTerm).
	glossaryFile := filepath.Join(opt.ContentDir, "glossary.json")
	gloss, gerr := glossary.Load(glossaryFile)
	// The phases of the content: parse every document, collect the rule
	// values the text declares, check the calculator blocks with them,
	// compute the calculators, then render the documents that hold them.
	mds := map[string]goldmark.Markdown{}
	alt := map[string]string{}
	for _, lang := range langs {
		mds[lang] = markdown.New(markdown.WithLanguage(lang), markdown.WithLinkLabel(theme.T(lang, "link_to_section")), markdown.WithAnchorLabel(theme.T(lang, "link_to_rule")),
			markdown.WithExtensions(markdown.CalcBlocks(),
				markdown.NewGlossTerms(markdown.WithGlossaryTerms(markTerms(gloss, lang)), markdown.WithGlossaryLanguage(lang))))
		alt[lang] = theme.T(lang, "section_in_this_language")
	}
	popt := site.Options{Languages: cfg.Langs(), Markdown: mds, AltLabel: alt}
	if cfg.EditURL != "" {
		// The repository's root is the folder of compendium.json.
		root, err := filepath.Abs(filepath.Dir(opt.ConfigFile))
		if err == nil {
			popt.EditURL, popt.EditRoot = cfg.EditURL, root
		}
		popt.EditLabel = map[string]string{}
		for _, lang := range langs {
			popt.EditLabel[lang] = theme.T(lang, "edit_section")
		}
	}
	s, pds := site.Parse(opt.ContentDir, popt)
	ds = append(ds, pds...)
	rules, vds := values.Collect(s)
	ds = append(ds, vds...)
	ds = append(ds, calc.check(s, rules)...)
	html, hds := calc.blocks(s)
	ds = append(ds, hds...)
	ds = append(ds, s.Render(html)...)
	ds = append(ds, site.Check(s)...)
	ds = append(ds, site.CheckTranslations(s)...)
	ds = append(ds, checkIDSList(opt.ContentDir, s)...)
	ds = append(ds, checkFixedIDs(opt.ContentDir, s)...)
	ds = values.OrganisersExamples(ds, s)
	if gerr != nil {
		ds = append(ds, fileProblem(glossaryFile, gerr)...)
	} else {
		if live != nil {
			gloss.Words = &b.words
		}
		ds = append(ds, gloss.Check(s)...)
		for _, term := range gloss.Terms {
			for _, lang := range cfg.Langs() {
				for _, ref := range values.Unknown(term.Definition[lang]) {
					ds.Report(glossaryFile, term.Line, "glossary-value-ref", "id", term.ID, "lang", lang, "ref", ref)
				}
			}
		}
		calc.glossary = gloss
		pairTerms(s)
		defineTerms(s, calc)
	}
	thesaurusFile := filepath.Join(opt.ContentDir, "thesaurus.json")
	thes, therr := glossary.LoadThesaurus(thesaurusFile)
	if therr != nil {
		ds = append(ds, fileProblem(thesaurusFile, therr)...)
	} else {
		if live != nil {
			thes.Words = &b.words
		}
		ds = append(ds, thes.Check(s, gloss, calcui.Names())...)
	}
	if live != nil {
		b.words.Rotate()
	}
	for _, lang := range cfg.Langs() {
		for _, k := range theme.Keys(lang) {
			for _, ref := range values.Unknown(theme.T(lang, k)) {
				ds.Report(filepath.Join(opt.ThemeDir, "i18n", lang+".json"), 0, "theme-value-ref", "key", k, "ref", ref)
			}
		}
	}
	ds = append(ds, htmlWarnings(opt, cfg, gloss, glossaryFile, thes)...)
	// The translations behind their original are warnings; a glossary
	// term or a value's mark that such a section lacks is one too, until
	// the translation is updated and marked (content/README.md).
	drift, derr := drifts(opt, s)
	if derr != nil {
		var dds site.Diagnostics
		if errors.As(derr, &dds) {
			ds = append(ds, dds...)
		} else {
			ds.Report(filepath.Join(opt.ContentDir, translation.FileName), 0, "read-failed", "err", derr.Error())
		}
	}
	behind := map[string]bool{}
	for _, d := range drift {
		w := driftDiagnostic(d)
		if d.Checked != "" {
			behind[w.Place()] = true
		}
		ds = append(ds, w)
	}
	for i := range ds {
		if d := &ds[i]; behind[d.Place()] && (d.Kind == "glossary-missing-translation" || d.Kind == "value-section-missing") {
			d.Severity, d.About = site.Warning, []string{"drift:" + d.Place()}
		}
	}
	// Translations that look unfinished (a length far from the French's, a
	// French sentence left) are warnings with their remedy.
	for _, d := range translation.Suspects(s) {
		d.Severity = site.Warning
		ds = append(ds, d)
	}
	ds = site.Fold(ds)
	l := &loaded{site: s, theme: theme, calc: calc, config: cfg, thesaurus: thes}
	if ds.Errors() > 0 {
		return l, &Error{Phase: "load and check", Diagnostics: ds}
	}
	l.warnings = ds
	return l, nil
}

// checkLanguageFolders reports the languages of the configuration that
// have no documents, and the folders of documents that it does not name:
// either is a language half added or half removed. Without a list in the
// file, the default languages need not all have documents; an empty
// content folder is said by site.Load.
func checkLanguageFolders(opt Options, cfg *config.Config) site.Diagnostics {
	var ds site.Diagnostics
	if opt.ConfigFile == "" {
		return nil
	}
	langs := cfg.Langs()
	present := site.Present(opt.ContentDir, langs)
	if len(present) == 0 {
		return nil // no documents at all: site.Load says so once
	}
	for _, code := range langs {
		// A list left out means the usual languages, whichever the
		// content has (a French-only site needs no list).
		if cfg.LanguagesLine() > 0 && !slices.Contains(present, code) {
			ds.Report(opt.ConfigFile, cfg.LanguagesLine(), "config-language-no-content", "code", code, "dir", filepath.Join(opt.ContentDir, code)+"/").Causes = []string{"lang:" + code}
		}
	}
	dirs, _ := os.ReadDir(opt.ContentDir)
	for _, d := range dirs {
		if !d.IsDir() || slices.Contains(langs, d.Name()) {
			continue
		}
		if m, _ := filepath.Glob(filepath.Join(opt.ContentDir, d.Name(), "*.md")); len(m) > 0 {
			w := site.New(opt.ConfigFile, cfg.LanguagesLine(), "config-language-unlisted", "code", d.Name(), "dir", filepath.Join(opt.ContentDir, d.Name())+"/")
			w.Severity = site.Warning
			ds = append(ds, w)
		}
	}
	return ds
}

// fileProblem returns the problem of a file that could not be loaded: the
// loader's diagnostics (a JSON mistake at its line), or the reading error.
func fileProblem(file string, err error) site.Diagnostics {
	var ds site.Diagnostics
	if errors.As(err, &ds) {
		return ds
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err // the message names the file
	}
	return site.Diagnostics{site.New(file, 0, "read-failed", "err", err.Error())}
}

// htmlWarnings warns of HTML in the glossary's terms, the thesaurus's
// forms and the configuration's texts: the pages, the search and the tooltips show it as
// text, tags included (reliability.md R12).
func htmlWarnings(opt Options, cfg *config.Config, gloss *glossary.Glossary, glossaryFile string, thes *glossary.Thesaurus) site.Diagnostics {
	var ds site.Diagnostics
	warn := func(file string, line int, kind string, args ...string) {
		d := site.New(file, line, kind, args...)
		d.Severity = site.Warning
		ds = append(ds, d)
	}
	if gloss != nil {
		for _, t := range gloss.Terms {
			var fields [][2]string
			for _, l := range cfg.Langs() {
				fields = append(fields, [2]string{l, t.Term(l)}, [2]string{"definition." + l, t.Definition[l]}, [2]string{"abbr." + l, t.Abbr[l]})
				for _, v := range t.Variants[l] {
					fields = append(fields, [2]string{"variants." + l, v})
				}
			}
			for _, f := range fields {
				if site.HasHTML(f[1]) {
					warn(glossaryFile, t.Line, "glossary-html", "id", t.ID, "html", f[1], "field", f[0])
				}
			}
		}
	}
	if thes != nil {
		for _, set := range thes.Sets {
			for _, f := range set.Forms {
				if site.HasHTML(f) {
					warn(thes.File, set.Line, "thesaurus-html", "html", f)
				}
			}
		}
	}
	if cfg != nil && opt.ConfigFile != "" {
		for _, l := range cfg.Langs() {
			for _, f := range [][2]string{{"title." + l, cfg.Title[l]}, {"tagline." + l, cfg.Tagline[l]}} {
				if site.HasHTML(f[1]) {
					warn(opt.ConfigFile, 0, "config-html", "field", f[0], "html", f[1])
				}
			}
		}
		if site.HasHTML(cfg.Edition) {
			warn(opt.ConfigFile, 0, "config-html", "field", "edition", "html", cfg.Edition)
		}
	}
	return ds
}

// driftDiagnostic is the warning for a translated section whose original
// changed since it was checked: a cause, of which the glossary's
// complaints about the same section are consequences.
func driftDiagnostic(d translation.Drift) site.Diagnostic {
	w := d.Diagnostic()
	w.Severity, w.Causes = site.Warning, []string{"drift:" + w.Place()}
	return w
}

// drifts reads the translation records and finds the drifted sections.
func drifts(opt Options, s *site.Site) ([]translation.Drift, error) {
	recs, err := translation.Load(filepath.Join(opt.ContentDir, translation.FileName))
	if err != nil {
		return nil, err
	}
	return translation.Find(s, recs), nil
}

// loadConfig reads the site configuration and applies the -base-url
// override. Its problem, if any, names the file or the flag.
func loadConfig(opt Options) (*config.Config, *site.Diagnostic) {
	cfg := &config.Config{}
	if opt.ConfigFile != "" {
		c, err := config.Load(opt.ConfigFile)
		var cerr *config.Error
		if errors.As(err, &cerr) {
			d := cerr.Diagnostic()
			return cfg, &d
		} else if err != nil {
			d := site.New(opt.ConfigFile, 0, "read-failed", "err", err.Error())
			return cfg, &d
		}
		cfg = c
	}
	if opt.BaseURL != "" {
		if err := cfg.SetBaseURL(opt.BaseURL); err != nil {
			d := site.New("", 0, "flag-base-url", "url", opt.BaseURL)
			return cfg, &d
		}
	}
	return cfg, nil
}

// fingerprint hashes every file of the theme folder (names and bytes),
// the configuration file and the base URL: what a calculator's HTML
// depends on besides the content and the program.
func fingerprint(themeDir, configFile, baseURL string) (string, error) {
	h := sha256.New()
	var files []string
	err := filepath.WalkDir(themeDir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		return "", err
	}
	sort.Strings(files)
	if configFile != "" {
		files = append(files, configFile)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil && !(f == configFile && errors.Is(err, fs.ErrNotExist)) {
			return "", err
		}
		h.Write([]byte(f + "\x00" + strconv.Itoa(len(b)) + "\x00"))
		h.Write(b)
	}
	h.Write([]byte(baseURL))
	return hex.EncodeToString(h.Sum(nil)), nil
}
