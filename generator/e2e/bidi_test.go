//go:build e2e

package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/gobwas/ws"
	"github.com/gobwas/ws/wsutil"
)

// A WebDriver BiDi client, as small as the cross-engine smoke suite needs
// (cross_test.go), for Firefox: Debian packages no geckodriver, so classic
// WebDriver is out of reach there, and Firefox itself speaks BiDi on a
// websocket (firefox --remote-debugging-port). The websocket is
// github.com/gobwas/ws, the one chromedp already uses (in go.sum, no new
// module). Commands are JSON {id, method, params}; the answer with the same
// id is {type: "success", result} or {type: "error", error, message};
// everything else is an event {type: "event", method, params}.
//
// The protocol: https://w3c.github.io/webdriver-bidi/

// bidiConn is one websocket to the browser, with commands answered by id.
type bidiConn struct {
	conn    net.Conn
	wmu     sync.Mutex // one writer at a time
	mu      sync.Mutex
	next    int
	waiting map[int]chan bidiAnswer
	onEvent func(method string, params json.RawMessage)
	closed  chan struct{}
	err     error // why the reader stopped
}

type bidiAnswer struct {
	Type    string          `json:"type"`
	ID      *int            `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
	Result  json.RawMessage `json:"result"`
	Error   string          `json:"error"`
	Message string          `json:"message"`
}

func dialBiDi(ctx context.Context, url string, onEvent func(string, json.RawMessage)) (*bidiConn, error) {
	conn, _, _, err := ws.Dial(ctx, url)
	if err != nil {
		return nil, err
	}
	c := &bidiConn{conn: conn, waiting: map[int]chan bidiAnswer{}, onEvent: onEvent, closed: make(chan struct{})}
	go c.read()
	return c, nil
}

func (c *bidiConn) read() {
	defer close(c.closed)
	for {
		msg, err := wsutil.ReadServerText(c.conn)
		if err != nil {
			c.err = err
			return
		}
		var a bidiAnswer
		if err := json.Unmarshal(msg, &a); err != nil {
			continue
		}
		if a.Type == "event" {
			if c.onEvent != nil {
				c.onEvent(a.Method, a.Params)
			}
			continue
		}
		if a.ID == nil {
			continue
		}
		c.mu.Lock()
		ch := c.waiting[*a.ID]
		delete(c.waiting, *a.ID)
		c.mu.Unlock()
		if ch != nil {
			ch <- a
		}
	}
}

// Call sends method with params and decodes the result into out (if not
// nil), waiting at most d.
func (c *bidiConn) Call(d time.Duration, method string, params any, out any) error {
	c.mu.Lock()
	c.next++
	id := c.next
	ch := make(chan bidiAnswer, 1)
	c.waiting[id] = ch
	c.mu.Unlock()
	if params == nil {
		params = struct{}{}
	}
	msg, err := json.Marshal(map[string]any{"id": id, "method": method, "params": params})
	if err != nil {
		return err
	}
	c.wmu.Lock()
	err = wsutil.WriteClientText(c.conn, msg)
	c.wmu.Unlock()
	if err != nil {
		return fmt.Errorf("%s: %w", method, err)
	}
	select {
	case a := <-ch:
		if a.Type == "error" {
			return fmt.Errorf("%s: %s: %s", method, a.Error, a.Message)
		}
		if out != nil {
			return json.Unmarshal(a.Result, out)
		}
		return nil
	case <-c.closed:
		return fmt.Errorf("%s: the browser closed the connection (%v)", method, c.err)
	case <-time.After(d):
		c.mu.Lock()
		delete(c.waiting, id)
		c.mu.Unlock()
		return fmt.Errorf("%s: no answer within %s", method, d)
	}
}

func (c *bidiConn) Close() { c.conn.Close() }

// firefox is one Firefox (headless, a profile of its own) driven over BiDi
// with one tab, the top-level browsing context it starts with.
type firefox struct {
	cmd     *exec.Cmd
	profile string
	bidi    *bidiConn
	context string // the tab's browsing context id
	mu      sync.Mutex
	logged  []string // log.entryAdded entries of type "javascript": uncaught errors
}

// firefoxPath finds Firefox: FIREFOX_PATH, else Debian's firefox-esr, else
// a firefox.
func firefoxPath() string {
	if p := os.Getenv("FIREFOX_PATH"); p != "" {
		return p
	}
	for _, n := range []string{"firefox-esr", "firefox"} {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	return ""
}

// firefoxPrefs keep Firefox from reaching the network on its own (a test
// stays local) and from asking anything at start.
const firefoxPrefs = `user_pref("browser.shell.checkDefaultBrowser", false);
user_pref("browser.startup.homepage_override.mstone", "ignore");
user_pref("app.update.enabled", false);
user_pref("app.update.auto", false);
user_pref("datareporting.policy.dataSubmissionEnabled", false);
user_pref("datareporting.healthreport.uploadEnabled", false);
user_pref("toolkit.telemetry.enabled", false);
user_pref("extensions.update.enabled", false);
user_pref("browser.safebrowsing.malware.enabled", false);
user_pref("browser.safebrowsing.phishing.enabled", false);
user_pref("network.captive-portal-service.enabled", false);
user_pref("network.connectivity-service.enabled", false);
user_pref("browser.newtabpage.enabled", false);
user_pref("intl.accept_languages", "en-US");
`

var bidiListening = regexp.MustCompile(`WebDriver BiDi listening on (ws://\S+)`)

// startFirefox starts Firefox headless with BiDi on a port it picks, opens
// the session (subscribed to the log, for uncaught errors) and sets the
// tab's viewport to width×height; probe, a function's source, runs in
// every new document before the page's scripts (script.addPreloadScript).
func startFirefox(width, height int, probe string) (*firefox, error) {
	exe := firefoxPath()
	if exe == "" {
		return nil, errors.New("no Firefox found: install Debian's firefox-esr (make test does) or set FIREFOX_PATH")
	}
	profile, err := os.MkdirTemp("", "compendium-firefox-")
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(profile, "user.js"), []byte(firefoxPrefs), 0o644); err != nil {
		return nil, err
	}
	f := &firefox{profile: profile}
	f.cmd = exec.Command(exe, "-headless", "-no-remote", "-profile", profile, "--remote-debugging-port=0", "about:blank")
	f.cmd.Env = append(os.Environ(), "MOZ_CRASHREPORTER_DISABLE=1", "MOZ_HEADLESS=1")
	// Its own process group, so that Close ends its content processes too.
	f.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	stderr, err := f.cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := f.cmd.Start(); err != nil {
		os.RemoveAll(profile)
		return nil, fmt.Errorf("starting %s: %w", exe, err)
	}
	// Firefox says on stderr where BiDi listens; the rest of its output is
	// kept for the error message.
	found := make(chan string, 1)
	var out strings.Builder
	var outMu sync.Mutex
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			line := sc.Text()
			if m := bidiListening.FindStringSubmatch(line); m != nil {
				found <- m[1]
			}
			outMu.Lock()
			if out.Len() < 4000 {
				out.WriteString(line + "\n")
			}
			outMu.Unlock()
		}
		io.Copy(io.Discard, stderr)
	}()
	var wsURL string
	select {
	case wsURL = <-found:
	case <-time.After(30 * time.Second):
		f.Close()
		outMu.Lock()
		defer outMu.Unlock()
		return nil, fmt.Errorf("%s did not open WebDriver BiDi within 30 s; its output:\n%s", exe, out.String())
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	f.bidi, err = dialBiDi(ctx, wsURL+"/session", f.event)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("connecting to %s: %w", wsURL, err)
	}
	var tree struct {
		Contexts []struct {
			Context string `json:"context"`
		} `json:"contexts"`
	}
	steps := []func() error{
		func() error {
			return f.bidi.Call(10*time.Second, "session.new", map[string]any{"capabilities": map[string]any{}}, nil)
		},
		func() error {
			return f.bidi.Call(5*time.Second, "session.subscribe", map[string]any{"events": []string{"log.entryAdded"}}, nil)
		},
		func() error {
			return f.bidi.Call(5*time.Second, "script.addPreloadScript", map[string]any{"functionDeclaration": probe}, nil)
		},
		func() error {
			return f.bidi.Call(5*time.Second, "browsingContext.getTree", map[string]any{"maxDepth": 0}, &tree)
		},
		func() error {
			if len(tree.Contexts) == 0 {
				return errors.New("Firefox has no tab")
			}
			f.context = tree.Contexts[0].Context
			return f.bidi.Call(5*time.Second, "browsingContext.setViewport", map[string]any{"context": f.context, "viewport": map[string]int{"width": width, "height": height}}, nil)
		},
	}
	for _, s := range steps {
		if err := s(); err != nil {
			f.Close()
			return nil, err
		}
	}
	return f, nil
}

// event keeps the log's uncaught errors (type "javascript"; console calls
// are the page's own business, as in the Chromium suite).
func (f *firefox) event(method string, params json.RawMessage) {
	if method != "log.entryAdded" {
		return
	}
	var e struct {
		Type  string `json:"type"`
		Level string `json:"level"`
		Text  string `json:"text"`
	}
	if json.Unmarshal(params, &e) == nil && e.Type == "javascript" {
		f.mu.Lock()
		f.logged = append(f.logged, e.Level+": "+e.Text)
		f.mu.Unlock()
	}
}

func (f *firefox) Name() string { return "Firefox" }

func (f *firefox) Navigate(url string) error {
	return f.bidi.Call(60*time.Second, "browsingContext.navigate", map[string]any{"context": f.context, "url": url, "wait": "complete"}, nil)
}

// Eval evaluates the JavaScript expression js in the tab, awaits it if it
// is a promise, and decodes its value (as JSON) into out.
func (f *firefox) Eval(js string, out any) error {
	var r struct {
		Type   string `json:"type"`
		Result struct {
			Type  string `json:"type"`
			Value any    `json:"value"`
		} `json:"result"`
		ExceptionDetails struct {
			Text string `json:"text"`
		} `json:"exceptionDetails"`
	}
	err := f.bidi.Call(30*time.Second, "script.evaluate", map[string]any{
		"expression":      jsonResult(js),
		"target":          map[string]string{"context": f.context},
		"awaitPromise":    true,
		"resultOwnership": "none",
	}, &r)
	if err != nil {
		return err
	}
	if r.Type == "exception" {
		return fmt.Errorf("script error: %s", r.ExceptionDetails.Text)
	}
	s, ok := r.Result.Value.(string)
	if !ok {
		return fmt.Errorf("script result of type %s", r.Result.Type)
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal([]byte(s), out)
}

// Type focuses the field sel and types text into it key by key
// (input.performActions), as a reader with a keyboard.
func (f *firefox) Type(sel, text string) error {
	if err := f.Eval(jsQuery(sel)+".focus()", nil); err != nil {
		return err
	}
	var keys []map[string]string
	for _, r := range text {
		keys = append(keys, map[string]string{"type": "keyDown", "value": string(r)}, map[string]string{"type": "keyUp", "value": string(r)})
	}
	return f.bidi.Call(30*time.Second, "input.performActions", map[string]any{
		"context": f.context,
		"actions": []any{map[string]any{"type": "key", "id": "keyboard", "actions": keys}},
	}, nil)
}

// Logged returns the uncaught errors the log reported so far.
func (f *firefox) Logged() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.logged...)
}

// Close ends the session and the browser (its process group), and removes
// the profile.
func (f *firefox) Close() {
	if f.bidi != nil {
		_ = f.bidi.Call(5*time.Second, "browser.close", nil, nil)
		f.bidi.Close()
	}
	if f.cmd != nil && f.cmd.Process != nil {
		done := make(chan struct{})
		go func() { f.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			syscall.Kill(-f.cmd.Process.Pid, syscall.SIGKILL)
			<-done
		}
		// A content process left behind goes with its group.
		syscall.Kill(-f.cmd.Process.Pid, syscall.SIGKILL)
	}
	os.RemoveAll(f.profile)
}

// jsonResult wraps the expression js so that it evaluates to its value
// (awaited) as a JSON string, the one form both protocols hand back alike.
func jsonResult(js string) string {
	return "Promise.resolve().then(() => (" + js + ")).then((v) => JSON.stringify(v === undefined ? null : v))"
}
