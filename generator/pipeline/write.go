package pipeline

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"compendium/generator/par"
)

// ManifestName is the file a build leaves in the folder it writes: the
// hash of every file it wrote. It marks the folder as a build's (so that
// `build -out` never replaces a folder of anything else) and lets the next
// build write only what changed.
const ManifestName = ".compendium-build.json"

type manifest struct {
	Generator string            `json:"generator"`
	Files     map[string]string `json:"files"` // path → sha256 prefix
	// Carry describes the files a next build may keep as they are when
	// their key is the same (the single-file editions and their twins).
	Carry map[string]carried `json:"carry,omitempty"`
	// dirty are the files an interrupted build may have left in any state
	// (DirtyName lists them): not in Files, so nothing trusts them; the
	// next build writes them again or removes them.
	dirty map[string]bool
}

// DirtyName is the file an in-place update writes before it changes
// anything in the folder, and removes once the new manifest is in place:
// the files it was about to replace or remove. A build that finds it
// (the previous one was killed, or failed while writing) trusts none of
// them, so it leaves the folder as a build from scratch would.
const DirtyName = ".compendium-build.dirty"

// carried is a file a build can keep from the previous one: the key of
// its inputs, its full sum and its size.
type carried struct {
	Key  string `json:"key"`
	Sum  string `json:"sum"` // sha256, hex; "" until hashed
	Size int    `json:"size"`
}

// carried returns the entries of name and its twins if the previous
// build made name from the same key, its sum is the one in the folder's
// manifest, and (when the build writes twins, marked twinKey) its twins
// of the same level are there too; otherwise nil.
func (m *manifest) carried(name, key, twinKey string) map[string]carried {
	if m == nil {
		return nil
	}
	c, ok := m.Carry[name]
	if !ok || c.Key != key || len(c.Sum) != 2*sha256.Size || m.Files[name] != c.Sum[:32] {
		return nil
	}
	out := map[string]carried{name: c}
	if twinKey != "" {
		for _, ext := range []string{".br", ".gz"} {
			t, ok := m.Carry[name+ext]
			if !ok || t.Key != twinKey || len(t.Sum) != 2*sha256.Size || m.Files[name+ext] != t.Sum[:32] {
				return nil
			}
			out[name+ext] = t
		}
	}
	return out
}

// stale returns the entries of name and of whichever twins it has, as the
// previous build left them, whatever their key: a Live build keeps them
// so; the next build that is not Live finds a key that is not its own and
// makes them again.
func (m *manifest) stale(name string) map[string]carried {
	if m == nil {
		return nil
	}
	c, ok := m.Carry[name]
	if !ok || len(c.Sum) != 2*sha256.Size || m.Files[name] != c.Sum[:32] {
		return nil
	}
	out := map[string]carried{name: c}
	for _, ext := range []string{".br", ".gz"} {
		if t, ok := m.Carry[name+ext]; ok && len(t.Sum) == 2*sha256.Size && m.Files[name+ext] == t.Sum[:32] {
			out[name+ext] = t
		}
	}
	return out
}

// addCarried adds the kept files' sums to sums.
func (r *Result) addCarried(sums Sums) Sums {
	for name, c := range r.carry {
		if c.Sum == "" {
			continue // made this build: hashed with the others
		}
		var sum [sha256.Size]byte
		if _, err := hex.Decode(sum[:], []byte(c.Sum)); err == nil {
			sums[name] = sum
		}
	}
	return sums
}

// recordCarry completes the entries of the files made this build with
// their sums and adds their twins, marked twinKey, once every file is
// hashed.
func (r *Result) recordCarry(twinKey string) {
	for name, c := range r.carry {
		if c.Sum != "" || strings.HasPrefix(c.Key, "twin") {
			continue
		}
		sum := r.Sums[name]
		c.Sum = hex.EncodeToString(sum[:])
		r.carry[name] = c
		for _, ext := range []string{".br", ".gz"} {
			if t, ok := r.Files[name+ext]; ok {
				ts := r.Sums[name+ext]
				r.carry[name+ext] = carried{Key: twinKey, Sum: hex.EncodeToString(ts[:]), Size: len(t)}
			}
		}
	}
}

// Write puts files into out. A missing or empty out, or one written by an
// older build without a manifest, is filled whole in a new folder swapped
// in at the end, so that readers never see half a site. A folder with a
// manifest is updated in place: only the files whose bytes changed are
// written (each to a temporary name, then renamed over the old one), in
// an order that keeps every page's references valid (assets first, pages
// next, the service worker and the manifest last), and the files the new
// build no longer has are removed. Any other folder is refused.
//
// Writing a new tree and removing the old one was most of a 1,000-page
// build on this machine's file system; a rebuild that changes one page
// now writes a handful of files.
func Write(out string, files map[string][]byte) error {
	return writeSums(context.Background(), out, files, hashFiles(files, nil), nil, nil, nil)
}

// Sums are the sha256 of a site's files, computed once per build: the
// service worker's version, the twins' cache keys and the manifest all
// come from them.
type Sums map[string][sha256.Size]byte

// hashFiles returns the sums of files, reusing those of known (a file of
// the same name and bytes hashed earlier in the build).
func hashFiles(files map[string][]byte, known Sums) Sums {
	names := make([]string, 0, len(files))
	for name := range files {
		if _, ok := known[name]; !ok {
			names = append(names, name)
		}
	}
	got := make([][sha256.Size]byte, len(names))
	par.Each(len(names), func(i int) { got[i] = sha256.Sum256(files[names[i]]) })
	sums := make(Sums, len(files))
	for name, sum := range known {
		if _, ok := files[name]; ok {
			sums[name] = sum
		}
	}
	for i, name := range names {
		sums[name] = got[i]
	}
	return sums
}

// writeSums is Write with the files' sums already known, and the files
// kept from the previous build (in sums, not in files) with what the
// next build needs to keep them again; kept are more files kept, by the
// sum prefix the manifest records (the kept pages' twins). read is the
// folder's manifest as the build read it at its start, or nil.
//
// Cancelling ctx stops the write between two files: a file being written
// is renamed into place or its temporary copy removed; nothing else is
// started. An update stopped so leaves the folder marked (DirtyName) for
// the next build to repair; a new folder being filled is removed.
func writeSums(ctx context.Context, out string, files map[string][]byte, sums Sums, carry map[string]carried, kept map[string]string, read *readManifestResult) error {
	out = filepath.Clean(out)
	next := manifest{Generator: "compendium", Files: make(map[string]string, len(files)), Carry: carry}
	for name, sum := range sums {
		next.Files[name] = hex.EncodeToString(sum[:16])
	}
	for name, prefix := range kept {
		next.Files[name] = prefix
	}
	var prev *manifest
	var err error
	if read.unchanged(out) {
		prev = read.m
	} else {
		prev, err = readManifest(out)
	}
	switch {
	case err == nil:
		return update(ctx, out, files, prev, &next)
	case errors.Is(err, errNoFolder), errors.Is(err, errEmpty), errors.Is(err, errLegacy), errors.Is(err, errDirty):
		if len(sums) != len(files) {
			return errors.New(out + " changed during the build (the files it kept from the previous build are gone): build again")
		}
		return writeAtomic(ctx, out, files, next)
	default:
		return err
	}
}

var (
	errNoFolder = errors.New("no folder")
	errEmpty    = errors.New("empty folder")
	errLegacy   = errors.New("a build's folder without a manifest")
	errDirty    = errors.New("a build's folder whose list of unfinished files is unreadable")
)

// readManifestResult is a folder's manifest as read at the start of a
// build, with the manifest file's state then: the build writes against it
// if the file has not changed since. Decoding the manifest is serial
// work, so it is read once (docs/performance.md, "the previous manifest
// read once").
type readManifestResult struct {
	m    *manifest
	err  error
	info os.FileInfo // nil when there was no manifest file
	// dirty is DirtyName's state when it was read (nil: none).
	dirty os.FileInfo
}

// readManifestNow reads out's manifest and notes its file's state.
func readManifestNow(out string) *readManifestResult {
	info, _ := os.Stat(filepath.Join(out, ManifestName))
	dirty, _ := os.Stat(filepath.Join(out, DirtyName))
	m, err := readManifest(out)
	return &readManifestResult{m: m, err: err, info: info, dirty: dirty}
}

// unchanged reports whether r read out's manifest and its file is still
// the one read (same file, size and time: a build writes the manifest
// anew and renames it over the old one), with the same DirtyName or
// none.
func (r *readManifestResult) unchanged(out string) bool {
	if r == nil || r.info == nil || r.err != nil || r.m == nil {
		return false
	}
	info, err := os.Stat(filepath.Join(out, ManifestName))
	if err != nil || !same(info, r.info) {
		return false
	}
	dirty, err := os.Stat(filepath.Join(out, DirtyName))
	if r.dirty == nil {
		return errors.Is(err, os.ErrNotExist)
	}
	return err == nil && same(dirty, r.dirty)
}

// same reports whether a and b are the same file, unchanged.
func same(a, b os.FileInfo) bool {
	return os.SameFile(a, b) && a.Size() == b.Size() && a.ModTime().Equal(b.ModTime())
}

// readManifest returns the manifest of out, or says why there is none.
func readManifest(out string) (*manifest, error) {
	entries, err := os.ReadDir(out)
	if errors.Is(err, os.ErrNotExist) {
		return nil, errNoFolder
	}
	if err != nil {
		return nil, err
	}
	if len(entries) == 0 {
		return nil, errEmpty
	}
	b, err := os.ReadFile(filepath.Join(out, ManifestName))
	if err != nil {
		// Builds before the manifest wrote these three files.
		have := map[string]bool{}
		for _, e := range entries {
			have[e.Name()] = true
		}
		if have["_headers"] && have["sw.js"] && have["index.html"] {
			return nil, errLegacy
		}
		return nil, fmt.Errorf("%s is not a folder this generator wrote (no %s, and it is not empty): choose another -out, or empty it first; the build replaces its output folder", out, ManifestName)
	}
	m := &manifest{}
	if err := json.Unmarshal(b, m); err != nil || m.Files == nil {
		return nil, fmt.Errorf("%s: unreadable build manifest (%w): remove %s to rebuild from scratch", filepath.Join(out, ManifestName), err, out)
	}
	d, err := os.ReadFile(filepath.Join(out, DirtyName))
	if errors.Is(err, os.ErrNotExist) {
		return m, nil
	}
	var dirty []string
	if err == nil {
		err = json.Unmarshal(d, &dirty)
	}
	if err != nil {
		// Cut short while it was written: which files the build was
		// about to touch is unknown, so the folder is written anew.
		return nil, errDirty
	}
	m.dirty = make(map[string]bool, len(dirty))
	for _, name := range dirty {
		m.dirty[name] = true
		delete(m.Files, name)
		delete(m.Carry, name)
	}
	return m, nil
}

// writeOrder ranks a file for writing: what pages refer to comes before the
// pages, and the service worker (which lists every file) last.
func writeOrder(name string) int {
	switch {
	case name == "sw.js":
		return 3
	case strings.HasSuffix(name, ".html") || strings.HasSuffix(name, ".html.br") || strings.HasSuffix(name, ".html.gz"):
		return 2
	case strings.HasPrefix(name, "assets/"):
		return 0
	default:
		return 1
	}
}

// update writes into out, whose manifest is prev, the files whose bytes
// differ from it and removes those next no longer has. Before the first
// change it lists both in DirtyName, and removes that list only once the
// new manifest is in place: a build stopped in between, by a signal, a
// kill or a full disk, leaves a list the next build reads (readManifest)
// to write those files again and remove the ones it does not make, with
// the temporary files the stopped build left beside them.
func update(ctx context.Context, out string, files map[string][]byte, prev, next *manifest) error {
	var changed []string
	for name, sum := range next.Files {
		// The manifest is trusted: checking that 16,000 files are still
		// there cost more than writing the ones that changed. A file
		// removed by hand comes back with the next change or a build
		// into an empty folder.
		if prev.Files[name] != sum {
			if _, ok := files[name]; !ok {
				return errors.New(out + " changed during the build (" + name + " was to be kept from the previous build): build again")
			}
			changed = append(changed, name)
		}
	}
	sort.Slice(changed, func(i, j int) bool {
		oi, oj := writeOrder(changed[i]), writeOrder(changed[j])
		if oi != oj {
			return oi < oj
		}
		return changed[i] < changed[j]
	})
	var gone []string
	for name := range prev.Files {
		if _, ok := next.Files[name]; !ok {
			gone = append(gone, name)
		}
	}
	for name := range prev.dirty {
		if _, ok := next.Files[name]; !ok {
			gone = append(gone, name)
		}
	}
	sort.Strings(gone)
	if len(prev.dirty) > 0 {
		if err := removeStrayTemps(out, prev.dirty); err != nil {
			return err
		}
	}
	// A build that changed nothing leaves the manifest as it is: encoding
	// and writing it was a visible part of every such rebuild of a large
	// site.
	if len(changed) == 0 && len(gone) == 0 && prev.Generator == next.Generator && maps.Equal(prev.Carry, next.Carry) {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := writeDirty(out, changed, gone); err != nil {
		return err
	}
	// Each rank is written in parallel, ranks in turn.
	for start := 0; start < len(changed); {
		end := start
		for end < len(changed) && writeOrder(changed[end]) == writeOrder(changed[start]) {
			end++
		}
		if err := parallel(changed[start:end], func(name string) error {
			if err := ctx.Err(); err != nil {
				return err
			}
			return replaceFile(filepath.Join(out, filepath.FromSlash(name)), name, files[name])
		}); err != nil {
			return err
		}
		start = end
	}
	if err := parallel(gone, func(name string) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		p := filepath.Join(out, filepath.FromSlash(name))
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		step("removed " + name)
		// Folders left empty (a removed document's share pages) go too;
		// a folder that is not empty stays, and that is not an error.
		for dir := filepath.Dir(p); dir != out && len(dir) > len(out); dir = filepath.Dir(dir) {
			if os.Remove(dir) != nil {
				break
			}
		}
		return nil
	}); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := writeManifest(out, *next); err != nil {
		return err
	}
	step("manifest")
	if err := os.Remove(filepath.Join(out, DirtyName)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	step("clean")
	return nil
}

// Unfinished reports whether the folder out holds an update that did not
// finish (DirtyName): the next build into it repairs it.
func Unfinished(out string) bool {
	_, err := os.Stat(filepath.Join(out, DirtyName))
	return err == nil
}

// writeStep, when set (by tests), is called at each step of a write: the
// point where a test stops the build with a signal or a kill.
var writeStep func(step string)

func step(name string) {
	if writeStep != nil {
		writeStep(name)
	}
}

// tmpSuffix ends the temporary name of a file being written: the
// process's ID, so that a build tells its own from a stopped one's.
func tmpSuffix() string { return ".tmp-" + strconv.Itoa(os.Getpid()) }

// replaceFile writes b to a temporary file beside p and renames it over
// p, so that p always holds a whole file, the old one or the new one.
func replaceFile(p, name string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	tmp := p + tmpSuffix()
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		os.Remove(tmp)
		return err
	}
	step("tmp " + name)
	if err := os.Rename(tmp, p); err != nil {
		os.Remove(tmp)
		return err
	}
	step("renamed " + name)
	return nil
}

// writeDirty lists in out's DirtyName the files an update is about to
// replace or remove, before the first of them is touched. It is not
// synced to the disk: a process that dies leaves what it wrote in the
// system's cache, which the next build reads; after a power cut, a file
// system that journals in order (ext4's default) keeps the list's entry
// made before the renames, and a list left empty or cut short reads as
// unreadable, so the folder is written anew (readManifest). A sync would
// add its milliseconds to every rebuild of serve's that changes a file.
func writeDirty(out string, changed, gone []string) error {
	b, err := json.Marshal(append(append([]string{}, changed...), gone...))
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, DirtyName), b, 0o644); err != nil {
		return err
	}
	step("dirty")
	return nil
}

// isTemp reports whether base is the temporary name (x.tmp-PID) of a file
// a build was writing, and the PID.
func isTemp(base string) (int, bool) {
	i := strings.LastIndex(base, ".tmp-")
	if i <= 0 {
		return 0, false
	}
	pid, err := strconv.Atoi(base[i+len(".tmp-"):])
	return pid, err == nil && pid > 0
}

// removeStrayTemps removes the temporary files a stopped build left in
// the folders of the files it was writing (dirty) and in out itself (the
// manifest's), unless their process still runs: a build that writes now.
func removeStrayTemps(out string, dirty map[string]bool) error {
	dirs := map[string]bool{out: true}
	for name := range dirty {
		dirs[filepath.Dir(filepath.Join(out, filepath.FromSlash(name)))] = true
	}
	for dir := range dirs {
		entries, err := os.ReadDir(dir)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		for _, e := range entries {
			pid, ok := isTemp(e.Name())
			if !ok || e.IsDir() || (pid != os.Getpid() && running(pid)) {
				continue
			}
			if err := os.Remove(filepath.Join(dir, e.Name())); err != nil && !errors.Is(err, os.ErrNotExist) {
				return err
			}
		}
	}
	return nil
}

func writeManifest(dir string, m manifest) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	tmp := filepath.Join(dir, ManifestName+tmpSuffix())
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		os.Remove(tmp)
		return err
	}
	step("manifest tmp")
	if err := os.Rename(tmp, filepath.Join(dir, ManifestName)); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// writeAtomic writes files into a new folder beside out and swaps it in for
// out only once every file is written: readers of out (the local server, a
// deploy script) never see half a site, and a failure leaves out untouched.
//
// The new folder is .NAME.new-PID-…, the old one .NAME.old-PID-… while it
// is removed: a build stopped before its end leaves them beside out, and
// the next build into out removes them (unless their process still
// runs).
func writeAtomic(ctx context.Context, out string, files map[string][]byte, m manifest) (err error) {
	parent := filepath.Dir(out)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	if err := removeStrayFolders(parent, filepath.Base(out)); err != nil {
		return err
	}
	pid := strconv.Itoa(os.Getpid())
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(out)+".new-"+pid+"-")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.RemoveAll(tmp)
		}
	}()
	// Folders first, once each, then the files in parallel.
	dirs := map[string]bool{}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
		dirs[filepath.Dir(filepath.Join(tmp, filepath.FromSlash(name)))] = true
	}
	for d := range dirs {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	if err := parallel(names, func(name string) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		err := os.WriteFile(filepath.Join(tmp, filepath.FromSlash(name)), files[name], 0o644)
		if err == nil {
			step("new " + name)
		}
		return err
	}); err != nil {
		return err
	}
	if err := writeManifest(tmp, m); err != nil {
		return err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	old := ""
	if _, statErr := os.Stat(out); statErr == nil {
		old = filepath.Join(parent, "."+filepath.Base(out)+".old-"+pid+"-"+strconv.FormatInt(time.Now().UnixNano(), 36))
		if err := os.Rename(out, old); err != nil {
			return err
		}
		step("moved aside")
	} else if !errors.Is(statErr, os.ErrNotExist) {
		return statErr
	}
	if err := os.Rename(tmp, out); err != nil {
		if old != "" {
			_ = os.Rename(old, out)
		}
		return err
	}
	step("swapped")
	if old != "" {
		os.RemoveAll(old)
	}
	return nil
}

// removeStrayFolders removes the folders a stopped writeAtomic into
// parent/base left: .base.new-PID-… and .base.old-PID-…, unless their
// process still runs.
func removeStrayFolders(parent, base string) error {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return err
	}
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), "."+base+".new-")
		if !ok {
			rest, ok = strings.CutPrefix(e.Name(), "."+base+".old-")
		}
		if !ok || !e.IsDir() {
			continue
		}
		digits, _, _ := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(digits)
		if err != nil || pid <= 0 || (pid != os.Getpid() && running(pid)) {
			continue // not one of ours, or its build still runs
		}
		if err := os.RemoveAll(filepath.Join(parent, e.Name())); err != nil {
			return err
		}
	}
	return nil
}

// parallel runs fn on every name: file system calls block, so more
// goroutines than cores keep the disk busy.
func parallel(names []string, fn func(string) error) error {
	return par.Do(len(names), 4*runtime.GOMAXPROCS(0), func(i int) error { return fn(names[i]) })
}
