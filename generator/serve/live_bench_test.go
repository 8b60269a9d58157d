package serve_test

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"compendium/generator/pipeline"
	"compendium/generator/serve"
)

// BenchmarkLiveReload is what an organiser editing the rules waits for:
// from saving one paragraph of the real site to the edited page received
// again (the watcher's debounce, serve's Live rebuild, the reload event
// that open pages receive, the page's request and its gzipped bytes).
// What the browser then takes to draw it is not counted. GOGC is serve's
// (400) unless set.
func BenchmarkLiveReload(b *testing.B) {
	if os.Getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(400))
	}
	content := filepath.Join(b.TempDir(), "content")
	if err := os.CopyFS(content, os.DirFS("../../content")); err != nil {
		b.Fatal(err)
	}
	doc := filepath.Join(content, "fr", "fantasy.md")
	src, err := os.ReadFile(doc)
	if err != nil {
		b.Fatal(err)
	}
	opt := pipeline.Options{ContentDir: content, ThemeDir: "../../theme", Root: "../..", ConfigFile: "../../compendium.json", OutDir: filepath.Join(b.TempDir(), "public")}
	builder := pipeline.New(opt) // serve's: one build, then rebuilds
	if _, err := builder.Build(context.Background()); err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ready := make(chan string, 1)
	go func() {
		_ = serve.Run(ctx, serve.Options{Addr: "127.0.0.1:0", Dir: opt.OutDir, Watch: []string{content},
			Rebuild: func(changed []string) error {
				_, err := builder.Rebuild(ctx, changed)
				return err
			},
			Ready: func(a string) { ready <- a }})
	}()
	addr := <-ready
	resp, err := http.Get("http://" + addr + "/_live/events")
	if err != nil {
		b.Fatal(err)
	}
	defer resp.Body.Close()
	events := bufio.NewReader(resp.Body)
	if _, err := events.ReadString('\n'); err != nil { // ": connected"
		b.Fatal(err)
	}
	n := 0
	edit := func() {
		n++
		// Words no earlier run used: nothing comes from a cache.
		edited := append(bytes.Clone(src), []byte("\nUne phrase de plus, numéro "+strconv.FormatInt(time.Now().UnixNano(), 36)+strconv.Itoa(n)+".\n")...)
		if err := os.WriteFile(doc, edited, 0o644); err != nil {
			b.Fatal(err)
		}
		for {
			line, err := events.ReadString('\n')
			if err != nil {
				b.Fatal(err)
			}
			if strings.HasPrefix(line, "event: failed") {
				b.Fatal("the rebuild failed")
			}
			if strings.HasPrefix(line, "event: reload") {
				break
			}
		}
		req, _ := http.NewRequest("GET", "http://"+addr+"/fr/fantasy/", nil)
		req.Header.Set("Accept-Encoding", "gzip")
		page, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			b.Fatal(err)
		}
		body, err := io.ReadAll(page.Body)
		page.Body.Close()
		if err != nil || page.StatusCode != 200 || len(body) == 0 {
			b.Fatalf("the page after the reload: %v, %v", page.Status, err)
		}
	}
	// The first edit after serve starts fills what Live rebuilds keep
	// (about 150 ms here); an organiser's session is the edits after.
	edit()
	for b.Loop() {
		edit()
	}
}
