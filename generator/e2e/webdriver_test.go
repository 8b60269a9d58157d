//go:build e2e

package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// A classic WebDriver client (plain JSON over HTTP, no library), as small
// as the cross-engine smoke suite needs (cross_test.go), for WebKitGTK:
// Debian's webkit2gtk-driver gives WebKitWebDriver, which speaks classic
// WebDriver only (a session asking for BiDi, webSocketUrl, is refused) and
// drives WebKitGTK's MiniBrowser. Each command is a request to
// /session/{id}/…; the answer is {"value": …}, an error {"value": {error,
// message}} with a 4xx or 5xx status.
//
// The protocol: https://w3c.github.io/webdriver/

type webDriver struct {
	base    string // http://127.0.0.1:port/session/id
	http    *http.Client
	driver  *exec.Cmd
	xvfb    *exec.Cmd
	display string
	probe   string // a function's source, run after each navigation
}

// webKitDriverPath is WebKitWebDriver: WEBKIT_WEBDRIVER, else the PATH's.
func webKitDriverPath() string {
	if p := os.Getenv("WEBKIT_WEBDRIVER"); p != "" {
		return p
	}
	p, _ := exec.LookPath("WebKitWebDriver")
	return p
}

// miniBrowserPath is the browser WebKitWebDriver starts: WEBKIT_BROWSER,
// else the MiniBrowser Debian's libwebkit2gtk installs beside the engine.
func miniBrowserPath() string {
	if p := os.Getenv("WEBKIT_BROWSER"); p != "" {
		return p
	}
	for _, g := range []string{"/usr/lib/*/webkit2gtk-4.1/MiniBrowser", "/usr/lib/*/webkit2gtk-4.0/MiniBrowser", "/usr/libexec/webkit2gtk-4.*/MiniBrowser"} {
		if m, _ := filepath.Glob(g); len(m) > 0 {
			return m[0]
		}
	}
	return ""
}

// startXvfb starts a virtual display on a free number (Xvfb -displayfd
// writes the one it took) and returns it as ":n".
func startXvfb() (*exec.Cmd, string, error) {
	exe, err := exec.LookPath("Xvfb")
	if err != nil {
		return nil, "", errors.New("no Xvfb found: WebKitGTK needs a display; install Debian's xvfb (make test does)")
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil, "", err
	}
	defer r.Close()
	cmd := exec.Command(exe, "-displayfd", "3", "-screen", "0", "1280x1024x24", "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		w.Close()
		return nil, "", err
	}
	w.Close()
	got := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		got <- strings.TrimSpace(line)
	}()
	select {
	case n := <-got:
		if _, err := strconv.Atoi(n); err != nil {
			cmd.Process.Kill()
			cmd.Wait()
			return nil, "", fmt.Errorf("Xvfb did not start (it wrote %q)", n)
		}
		return cmd, ":" + n, nil
	case <-time.After(15 * time.Second):
		cmd.Process.Kill()
		cmd.Wait()
		return nil, "", errors.New("Xvfb gave no display within 15 s")
	}
}

// freePort is a TCP port nobody listens on now.
func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// startWebKit starts Xvfb, WebKitWebDriver and, through a new session,
// MiniBrowser, and asks for a width×height window; probe (a function's
// source) is run in the page after every navigation, classic WebDriver
// having no way to run a script before the page's own.
func startWebKit(width, height int, probe string) (*webDriver, error) {
	drv, browser := webKitDriverPath(), miniBrowserPath()
	if drv == "" || browser == "" {
		return nil, fmt.Errorf("no WebKitGTK found (WebKitWebDriver %q, MiniBrowser %q): install Debian's webkit2gtk-driver (make test does)", drv, browser)
	}
	w := &webDriver{http: &http.Client{Timeout: 90 * time.Second}, probe: probe}
	var err error
	// WebKitGTK's MiniBrowser has no headless mode (its --help and
	// WebKitWebDriver's offer none): it needs an X display.
	if w.xvfb, w.display, err = startXvfb(); err != nil {
		return nil, err
	}
	port, err := freePort()
	if err != nil {
		w.Close()
		return nil, err
	}
	w.driver = exec.Command(drv, "--port="+strconv.Itoa(port))
	w.driver.Env = append(os.Environ(), "DISPLAY="+w.display)
	w.driver.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var out bytes.Buffer
	w.driver.Stdout, w.driver.Stderr = &out, &out
	if err := w.driver.Start(); err != nil {
		w.Close()
		return nil, fmt.Errorf("starting %s: %w", drv, err)
	}
	root := "http://127.0.0.1:" + strconv.Itoa(port)
	for deadline := time.Now().Add(15 * time.Second); ; {
		resp, err := w.http.Get(root + "/status")
		if err == nil {
			resp.Body.Close()
			break
		}
		if time.Now().After(deadline) {
			w.Close()
			return nil, fmt.Errorf("%s did not answer on %s within 15 s: %v; its output: %s", drv, root, err, out.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
	var s struct {
		SessionID string `json:"sessionId"`
	}
	caps := map[string]any{"capabilities": map[string]any{"alwaysMatch": map[string]any{
		"webkitgtk:browserOptions": map[string]any{"binary": browser, "args": []string{"--automation"}},
	}}}
	if err := w.call("POST", root+"/session", caps, &s); err != nil {
		w.Close()
		return nil, fmt.Errorf("WebKitWebDriver: new session: %w (its output: %s)", err, out.String())
	}
	w.base = root + "/session/" + s.SessionID
	if err := w.call("POST", w.base+"/timeouts", map[string]int{"script": 30000, "pageLoad": 60000}, nil); err != nil {
		w.Close()
		return nil, err
	}
	if err := w.call("POST", w.base+"/window/rect", map[string]int{"width": width, "height": height}, nil); err != nil {
		w.Close()
		return nil, err
	}
	return w, nil
}

// call sends one command and decodes its value into out (if not nil).
func (w *webDriver) call(method, url string, body any, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := w.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var r struct {
		Value json.RawMessage `json:"value"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		return fmt.Errorf("%s %s: %s, unreadable answer: %v", method, url, resp.Status, err)
	}
	if resp.StatusCode >= 400 {
		var e struct{ Error, Message string }
		json.Unmarshal(r.Value, &e)
		return fmt.Errorf("%s: %s", e.Error, e.Message)
	}
	if out != nil {
		return json.Unmarshal(r.Value, out)
	}
	return nil
}

func (w *webDriver) Name() string { return "WebKitGTK" }

// Navigate opens url, waits for its load (the session's page load
// strategy, "normal") and runs the probe in the new document.
func (w *webDriver) Navigate(url string) error {
	if err := w.call("POST", w.base+"/url", map[string]string{"url": url}, nil); err != nil {
		return err
	}
	return w.call("POST", w.base+"/execute/sync", map[string]any{"script": "(" + w.probe + ")()", "args": []any{}}, nil)
}

// Eval evaluates the JavaScript expression js, awaits it if it is a
// promise, and decodes its value (as JSON) into out.
func (w *webDriver) Eval(js string, out any) error {
	script := `const done = arguments[arguments.length - 1];
	(` + jsonResult(js) + `).then((v) => done({ v }), (e) => done({ e: String((e && e.stack) || e) }));`
	var r struct {
		V *string
		E string
	}
	if err := w.call("POST", w.base+"/execute/async", map[string]any{"script": script, "args": []any{}}, &r); err != nil {
		return err
	}
	if r.E != "" {
		return fmt.Errorf("script error: %s", r.E)
	}
	if r.V == nil {
		return errors.New("script gave nothing")
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal([]byte(*r.V), out)
}

// Type sends text to the field sel key by key (Element Send Keys focuses
// it first), as a reader with a keyboard.
func (w *webDriver) Type(sel, text string) error {
	var el map[string]string
	if err := w.call("POST", w.base+"/element", map[string]string{"using": "css selector", "value": sel}, &el); err != nil {
		return err
	}
	id := el["element-6066-11e4-a52e-4f735466cecf"]
	return w.call("POST", w.base+"/element/"+id+"/value", map[string]string{"text": text}, nil)
}

// Close ends the session (MiniBrowser quits), then the driver and the
// display, each by its own process group.
func (w *webDriver) Close() {
	if w.base != "" {
		_ = w.call("DELETE", w.base, nil, nil)
	}
	for _, c := range []*exec.Cmd{w.driver, w.xvfb} {
		if c != nil && c.Process != nil {
			syscall.Kill(-c.Process.Pid, syscall.SIGTERM)
			done := make(chan struct{})
			go func() { c.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				syscall.Kill(-c.Process.Pid, syscall.SIGKILL)
				<-done
			}
		}
	}
}
