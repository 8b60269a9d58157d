# The compendium's tasks. Two of them are the newcomer's path:
#   make serve   build the site, serve it on http://127.0.0.1:8080 and rebuild on changes
#   make test    every test, browser tests included (installs Debian's chromium if missing)
# and two for parts of it:
#   make unit    the tests that need nothing installed but Go (go test ./...)
#   make e2e     the browser tests alone: they carry the e2e build tag
#   make cross   the cross-engine smoke suite alone (Firefox ESR and WebKitGTK)

GO      ?= go
ADDR    ?= 127.0.0.1:8080
# Two seconds a target in make test: 23 targets, about 77 s with each one's
# start (99 s at 3 s, which took make test past its 10 minutes);
# make fuzz-long gives each a minute.
FUZZTIME ?= 2s
# The fuzz targets, as package:Target: the engine's (one per calculator and
# its JSON reader), the content loader's (one document; the loader and
# every check on an original and its translation), the search's (query, index
# reader, and its one-pass analysis against its tokens), the glossary
# marking's time budget (FuzzGlossTermsTime: an input whose marking takes
# over a second fails) and a document's (FuzzDocTime: one pasted pattern
# whose reading grows faster than its size fails). The calculators'
# link decoder runs in the browser (generator/e2e/linkfuzz_test.go: 3 s in
# make test, FUZZ_SECONDS in fuzz-long).
FUZZ_PKGS = wasm/engine generator/site generator/search generator/glossary generator/markdown
FUZZ_TARGETS = $(foreach p,$(FUZZ_PKGS),$(addprefix $(p):,$(shell grep -ho '^func Fuzz[A-Za-z0-9_]*' $(p)/*_test.go 2>/dev/null | sed 's/func //')))

.PHONY: edits site serve check test unit e2e cross fuzz fuzz-long bench bench-go bench-hugo needs browser cross-browsers axe vet gofmt lighthouse

# axe-core, the accessibility checker the browser tests inject into every
# page, taken with npm (Node.js and npm come with the machine; Debian's
# npm package otherwise).
AXE_VERSION ?= 4.14.1
AXE_JS = .cache/axe-core-$(AXE_VERSION)/axe.min.js

site:
	$(GO) run ./generator build

# serve runs the generator itself, not through go run: Ctrl-C then stops
# it cleanly (go run answered it with exit status 1, hence make's "Error
# 1"), and a signal to make alone reaches it (go run died and left it
# holding the port). SERVE_FLAGS passes more flags (-content, -out, -live=false).
serve:
	$(GO) build -o .cache/generator ./generator
	exec .cache/generator serve -addr $(ADDR) $(SERVE_FLAGS)

check:
	$(GO) run ./generator check

# vet covers the browser tests' files too (with -tags e2e, every file of
# every package: no file is left out by the tag), and the engine as the
# browser builds it (js/wasm), its tests included.
vet: gofmt
	@echo "go vet"
	$(GO) vet -tags e2e ./...
	GOOS=js GOARCH=wasm $(GO) vet ./wasm/...

gofmt:
	@test -z "$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))" || { echo "gofmt would change:"; gofmt -l .; exit 1; }

# needs checks, before anything slow (go vet, an install), that every tool
# the goal's tests need is here or can be installed, and names every
# missing one at once: one round of "ask root, rerun", not one per tool.
# browser and cross-browsers install Debian's packages as root or with sudo
# that needs no password, so a browser is missing only when neither is
# possible; npm (and Node.js, which runs it) is needed while axe-core is
# not fetched yet, and nothing installs it. NEEDS names what the goal
# needs: chromium, cross (firefox-esr, webkit2gtk-driver, xvfb), axe.
NEEDS = chromium cross axe
needs:
	@missing=; also=; \
	if [ "$$(id -u)" = 0 ] || { command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; }; then can=yes; else can=no; fi; \
	for n in $(NEEDS); do case $$n in \
	chromium) \
		if [ -n "$${CHROME_PATH:-}" ]; then \
			[ -x "$$CHROME_PATH" ] || { missing="$$missing chromium"; also="$$also (CHROME_PATH=$$CHROME_PATH is not an executable file: point it to a Chromium or Chrome binary)"; }; \
		elif [ $$can = no ]; then \
			found=; for b in chromium chromium-browser google-chrome google-chrome-stable; do command -v $$b >/dev/null 2>&1 && found=1; done; \
			[ -n "$$found" ] || { missing="$$missing chromium"; also="$$also (or set CHROME_PATH to a Chromium or Chrome binary)"; }; \
		fi;; \
	cross) \
		[ $$can = yes ] && continue; \
		[ -n "$${FIREFOX_PATH:-}" ] || command -v firefox-esr >/dev/null 2>&1 || command -v firefox >/dev/null 2>&1 || missing="$$missing firefox-esr"; \
		[ -n "$${WEBKIT_WEBDRIVER:-}" ] || command -v WebKitWebDriver >/dev/null 2>&1 || missing="$$missing webkit2gtk-driver"; \
		command -v Xvfb >/dev/null 2>&1 || missing="$$missing xvfb";; \
	axe) \
		[ -s $(AXE_JS) ] && continue; \
		command -v node >/dev/null 2>&1 || missing="$$missing nodejs"; \
		command -v npm >/dev/null 2>&1 || missing="$$missing npm";; \
	esac; done; \
	[ -n "$$missing" ] || exit 0; \
	goal="make $(or $(MAKECMDGOALS),test)"; \
	echo "$$goal: the tests need$$missing, which are not here and which make cannot install for this user: run 'apt-get install$$missing' as root (Debian)$$also, then $$goal again."; \
	echo "make unit runs every test that needs none of them (Go alone)."; \
	exit 1

# browser makes sure a Chromium is there for the browser tests: CI machines
# start bare, and the browser tests must run there, not skip. A browser
# already there is used (CHROME_PATH, chromium, chromium-browser,
# google-chrome); Debian's chromium is installed only as root or with sudo
# that needs no password; otherwise make stops and says what to install.
browser:
	@if [ -n "$${CHROME_PATH:-}" ]; then \
		[ -x "$$CHROME_PATH" ] || { echo "CHROME_PATH=$$CHROME_PATH is not an executable file: point it to a Chromium or Chrome binary"; exit 1; }; exit 0; fi; \
	for b in chromium chromium-browser google-chrome google-chrome-stable; do command -v $$b >/dev/null 2>&1 && exit 0; done; \
	if [ "$$(id -u)" = 0 ]; then SUDO=; \
	elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO=sudo; \
	else echo "The browser tests need Chromium, and this user cannot install it: run 'apt-get install chromium' as root (Debian), or set CHROME_PATH to a Chromium or Chrome binary, then make test again."; exit 1; fi; \
	echo "installing Debian's chromium for the browser tests (apt-get, a minute or two)"; \
	$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null

# cross-browsers does the same for the cross-engine smoke suite
# (generator/e2e/cross_test.go): Debian's firefox-esr, webkit2gtk-driver
# (WebKitWebDriver and WebKitGTK's MiniBrowser) and xvfb (MiniBrowser has
# no headless mode). FIREFOX_PATH and WEBKIT_WEBDRIVER point to others.
cross-browsers:
	@missing=; \
	[ -n "$${FIREFOX_PATH:-}" ] || command -v firefox-esr >/dev/null 2>&1 || command -v firefox >/dev/null 2>&1 || missing="$$missing firefox-esr"; \
	[ -n "$${WEBKIT_WEBDRIVER:-}" ] || command -v WebKitWebDriver >/dev/null 2>&1 || missing="$$missing webkit2gtk-driver"; \
	command -v Xvfb >/dev/null 2>&1 || missing="$$missing xvfb"; \
	[ -n "$$missing" ] || exit 0; \
	if [ "$$(id -u)" = 0 ]; then SUDO=; \
	elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO=sudo; \
	else echo "The cross-engine tests need$$missing, and this user cannot install them: run 'apt-get install$$missing' as root (Debian), then make test again."; exit 1; fi; \
	echo "installing Debian's$$missing for the cross-engine tests (apt-get, a minute or two)"; \
	$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null

axe: $(AXE_JS)

$(AXE_JS):
	@command -v npm >/dev/null 2>&1 || { echo "npm is needed to fetch axe-core for the browser tests: install Node.js and npm (Debian: apt-get install npm); make unit runs every test that needs neither"; exit 1; }
	@mkdir -p .cache/axe-core-$(AXE_VERSION)
	@# npm's words go to a log, shown when it fails: quiet when it works,
	@# its reason (a proxy, a certificate, no network) when it does not.
	@npm install --no-save --no-audit --no-fund --prefix .cache/npm axe-core@$(AXE_VERSION) >.cache/npm-axe.log 2>&1 || { \
		cat .cache/npm-axe.log; \
		echo "npm could not fetch axe-core $(AXE_VERSION) (its words above). Behind a proxy, set npm's proxy (npm config set proxy URL); behind one that re-signs TLS (SELF_SIGNED_CERT_IN_CHAIN), point NODE_EXTRA_CA_CERTS to its certificate; offline, try again online. make unit runs every test that needs no axe-core."; \
		exit 1; }
	@cp .cache/npm/node_modules/axe-core/axe.min.js $@
	@test -s $@ && echo "axe-core $(AXE_VERSION) ready"

# unit runs every test that needs no browser, no Node.js and no axe-core:
# the tests that do carry the e2e build tag (generator/e2e, and the PDF's
# in generator/contentcheck), and go test leaves them out without it.
unit:
	$(GO) test ./...

# edits applies sets of correct content edits to copies of the content
# (a word, a section, a value, a glossary word, a new document made with
# generator new…) and runs the tests that read the real content on each
# copy: they must pass (generator/contentedit; several minutes, so not
# part of make test).
edits:
	COMPENDIUM_EDITS=1 $(GO) test -count=1 -timeout 30m -v -run TestCorrectEditsKeepTestsGreen ./generator/contentedit

# e2e runs the browser tests alone (about 6 minutes on 2 cores). They fail,
# never skip, without Chromium or axe-core; browser and axe bring them.
E2E_PKGS = ./generator/e2e ./generator/contentcheck
e2e: needs browser cross-browsers axe
	AXE_JS=$(CURDIR)/$(AXE_JS) $(GO) test -count=1 -timeout 20m -parallel 4 -tags e2e $(E2E_PKGS)

# cross runs the cross-engine smoke suite alone (about 20 s after the
# site's build): Firefox ESR over WebDriver BiDi, WebKitGTK over classic
# WebDriver under Xvfb. It fails, never skips, when an engine cannot start.
# It needs Chromium too: the package's TestMain starts it for every test.
cross: NEEDS = chromium cross
cross: needs browser cross-browsers
	$(GO) test -count=1 -tags e2e ./generator/e2e -run '^TestCrossEngine$$' -v

# test runs every test: -tags e2e only adds the browser tests' files, so
# one go test runs the unit tests and the browser tests together. The
# browser tests' package takes 6 to 7 minutes on a clean clone (2 cores),
# and took 640 s on a slower host, past go test's own 10-minute limit per
# package, which panics: the limit is 20 minutes (the whole target is
# measured in docs/performance.md). The tests that only read the site run
# four at a time (-parallel 4) in tabs of their own; the fuzz targets, one
# worker each (their instrumented builds too), and go vet (a minute and a
# half on a cold cache) then the engine's entry point's tests in Node run
# beside them at a lower priority, in the browser tests' waits: the package
# keeps the two cores busy little more than half of its minutes. The tools come
# first (needs says all that are missing at once), then gofmt.
test: needs browser cross-browsers axe gofmt
	@echo "go test -tags e2e ./... (compiling takes about a minute on a cold cache; the browser tests about 6 minutes), go vet, the fuzz targets and the engine's entry point in Node beside it"
	@mkdir -p .cache; \
	(nice -n 10 $(MAKE) --no-print-directory vet wasm-node >.cache/vet.out 2>&1; echo $$? >.cache/vet.rc) & \
	(nice -n 10 $(MAKE) --no-print-directory fuzz FUZZTIME=$(FUZZTIME) FUZZFLAGS=-parallel=1 >.cache/fuzz.out 2>&1; echo $$? >.cache/fuzz.rc) & \
	AXE_JS=$(CURDIR)/$(AXE_JS) $(GO) test -count=1 -timeout 20m -parallel 4 -tags e2e ./...; tests=$$?; \
	wait; cat .cache/vet.out .cache/fuzz.out; [ $$tests -eq 0 ] && [ "$$(cat .cache/vet.rc)" = 0 ] && [ "$$(cat .cache/fuzz.rc)" = 0 ]

# wasm-node runs the WebAssembly entry point's own tests in Node (there
# whenever axe-core came from npm); make test runs it beside the browser
# tests, after go vet.
.PHONY: wasm-node
wasm-node:
	@if command -v node >/dev/null 2>&1; then \
		echo "wasm entry point tests (Node)"; \
		GOOS=js GOARCH=wasm $(GO) test -count=1 ./wasm -exec="$$($(GO) env GOROOT)/lib/wasm/go_js_wasm_exec"; \
	else echo "node not found: the WebAssembly entry point's tests (wasm/main_test.go) did not run"; fi

# fuzz runs each engine fuzz target for FUZZTIME (a few seconds in make test;
# make fuzz-long for a minute each).
# A run that ends on Go's own "context deadline exceeded", with no failing
# input, is the fuzzer stopping while a worker still ran (seen twice here on
# FuzzDyingMagic with a loaded machine): it is run once more; a real crash
# names its input and fails at once.
fuzz:
	@for pt in $(FUZZ_TARGETS); do \
		p=$${pt%%:*}; t=$${pt#*:}; \
		echo "fuzz $$p $$t ($(FUZZTIME))"; \
		mkdir -p .cache/fuzz; log=.cache/fuzz/$$t.log; \
		$(GO) test ./$$p -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) $(FUZZFLAGS) >$$log 2>&1 || { \
			if grep -q "context deadline exceeded" $$log && ! grep -q "Failing input" $$log; then \
				echo "fuzz $$t: the fuzzer stopped mid-run (context deadline exceeded), once more"; \
				$(GO) test ./$$p -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) $(FUZZFLAGS) >$$log 2>&1 || { cat $$log; exit 1; }; \
			else cat $$log; exit 1; fi; }; \
	done

fuzz-long: browser
	$(MAKE) fuzz FUZZTIME=60s
	FUZZ_SECONDS=60 $(GO) test -count=1 -tags e2e ./generator/e2e -run '^TestFuzzCalcLinks$$' -v

# lighthouse scores a rules page, the calculators page, the home page and a
# glossary page (mobile, simulated throttling) served by the generator as a
# host would serve them; it fails under 98 in any category. Slow (about a
# minute a page), so not part of make test.
lighthouse: browser
	@sh scripts/lighthouse.sh

# pdf builds the site and prints each language's book to
# public/<lang>/compendium-a4.pdf and -a5.pdf with Chromium (installed
# when missing, as for the browser tests), then builds again linking them.
.PHONY: pdf
pdf: browser
	$(GO) run ./generator pdf

# validate runs the Nu HTML Checker (npm vnu-jar; Java, installed when
# missing as root or with passwordless sudo) on every built page and fails
# on any error. About a minute; not part of make test.
.PHONY: validate
validate:
	@sh scripts/validate.sh

# bench runs every benchmark, the browser ones (generator/e2e: first
# result, typing's longest task, search, plots) included, so it needs
# Chromium as the browser tests do; bench-go runs the Go ones alone.
# The WebAssembly entry point's benchmark (refusing oversized inputs) runs
# in Node, as its tests do.
bench: browser
	$(GO) test -run '^$$' -bench . -benchmem -tags e2e ./...
	@if command -v node >/dev/null 2>&1; then \
		GOOS=js GOARCH=wasm $(GO) test -run '^$$' -bench . -benchmem ./wasm -exec="$$($(GO) env GOROOT)/lib/wasm/go_js_wasm_exec"; \
	else echo "node not found: the WebAssembly entry point's benchmark (wasm/main_test.go) did not run"; fi

bench-go:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# bench-hugo builds the real site and 1,000 and 10,000 synthetic pages with
# the generator and with Debian's hugo, in turn, and prints median times,
# peak memory and ratios (SIZES="1000" for the quick one). Minutes; not in
# make test.
bench-hugo:
	@sh scripts/bench-hugo.sh

# deploy-nginx builds the site into a temporary folder, serves it on
# NGINX_ADDR with deploy/nginx.conf and checks what nginx answers with curl:
# the brotli and gzip twins, the WebAssembly type, the security headers
# (against the build's _headers), caching, the 404 pages, the build's own
# files refused, the single file sent as a download; then stops nginx.
# Not part of make test. Debian's nginx and brotli_static module
# (libnginx-mod-http-brotli-static) are installed when missing, as root or
# with passwordless sudo; note that installing the nginx package on a
# machine with systemd also starts its default site on port 80. Without
# the brotli module the check runs with deploy/nginx.conf alone
# (gzip_static), without deploy/nginx-brotli.conf, and says so.
# NGINX_SITE=folder checks an already built site (a CI artifact, say)
# instead of building one.
.PHONY: deploy-nginx
NGINX_ADDR ?= 127.0.0.1:8787
NGINX_SITE ?=
NGINX_BROTLI_SO = /usr/lib/nginx/modules/ngx_http_brotli_static_module.so

deploy-nginx:
	@set -eu; \
	SUDO=$$(command -v sudo >/dev/null 2>&1 && [ "$$(id -u)" != 0 ] && echo "sudo -n" || true); \
	apt_install() { \
		if [ "$$(id -u)" != 0 ] && [ -z "$$SUDO" ]; then return 1; fi; \
		$$SUDO apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq "$$@" >/dev/null; \
	}; \
	NGINX=$$(command -v nginx || echo /usr/sbin/nginx); \
	if [ ! -x "$$NGINX" ]; then \
		echo "installing Debian's nginx"; \
		apt_install nginx || { echo "deploy-nginx: nginx is needed (Debian: apt-get install nginx), and could not be installed"; exit 1; }; \
	fi; \
	if [ ! -e $(NGINX_BROTLI_SO) ]; then \
		echo "installing Debian's brotli_static module for nginx"; \
		apt_install libnginx-mod-http-brotli-static || true; \
	fi; \
	tmp=$$(mktemp -d "$${TMPDIR:-/tmp}/compendium-nginx.XXXXXX"); \
	stop() { if [ -s "$$tmp/nginx.pid" ]; then kill "$$(cat "$$tmp/nginx.pid")" 2>/dev/null || true; sleep 0.3; fi; rm -rf "$$tmp"; }; \
	trap stop EXIT INT TERM; \
	if [ -n "$(NGINX_SITE)" ]; then cp -R "$(NGINX_SITE)" "$$tmp/site"; else $(GO) run ./generator build -out "$$tmp/site"; fi; \
	chmod -R a+rX "$$tmp"; \
	conf=$(CURDIR)/deploy/nginx.conf; load=""; brotli=yes; brotliconf=""; \
	if [ -e $(NGINX_BROTLI_SO) ]; then \
		load="load_module $(NGINX_BROTLI_SO);"; brotliconf="include $(CURDIR)/deploy/nginx-brotli.conf;"; \
	else \
		brotli=no; \
		echo "NOTE: nginx's brotli_static module ($(NGINX_BROTLI_SO)) is not installed: checking deploy/nginx.conf alone (gzip_static), without deploy/nginx-brotli.conf"; \
	fi; \
	printf '%s\n' "$$load" \
		"pid $$tmp/nginx.pid;" \
		"error_log $$tmp/error.log;" \
		"events { worker_connections 64; }" \
		"http {" \
		"    access_log $$tmp/access.log;" \
		"    client_body_temp_path $$tmp/t-body; proxy_temp_path $$tmp/t-proxy; fastcgi_temp_path $$tmp/t-fastcgi;" \
		"    uwsgi_temp_path $$tmp/t-uwsgi; scgi_temp_path $$tmp/t-scgi;" \
		"    server {" \
		"        listen $(NGINX_ADDR);" \
		"        root $$tmp/site;" \
		"        include $$conf;" \
		"        $$brotliconf" \
		"    }" \
		"}" >"$$tmp/nginx.conf"; \
	"$$NGINX" -q -t -p "$$tmp" -e "$$tmp/error.log" -c "$$tmp/nginx.conf"; \
	"$$NGINX" -p "$$tmp" -e "$$tmp/error.log" -c "$$tmp/nginx.conf"; \
	url=http://$(NGINX_ADDR); \
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do curl -s -o /dev/null "$$url/" && break; sleep 0.2; done; \
	echo "nginx $$("$$NGINX" -v 2>&1 | sed 's/.*nginx\///') serving $$tmp/site on $$url"; \
	fails=0; \
	check() { if [ "$$2" = "$$3" ]; then echo "ok    $$1"; else echo "FAIL  $$1: got \"$$2\", want \"$$3\""; fails=$$((fails + 1)); fi; }; \
	get() { curl -sS -o "$$tmp/body" -D "$$tmp/head" -H "Accept-Encoding: $$2" "$$url$$1"; tr -d '\r' <"$$tmp/head" >"$$tmp/h"; }; \
	status() { sed -n '1s/^HTTP\/[0-9.]* \([0-9]*\).*/\1/p' "$$tmp/h"; }; \
	header() { sed -n "s/^$$1: //Ip" "$$tmp/h" | head -n 1; }; \
	same() { if cmp -s "$$tmp/body" "$$1"; then echo same; else echo "other bytes than $${1#$$tmp/site/}"; fi; }; \
	site=$$tmp/site; \
	[ -e "$$site/fr/index.html.br" ] || echo "FAIL  the build wrote no precompressed twins (fr/index.html.br): the .br/.gz checks below fail"; \
	if [ $$brotli = yes ]; then \
		get /fr/ "br"; check "page, Accept-Encoding: br: Content-Encoding" "$$(header Content-Encoding)" br; \
		check "page, br: body is fr/index.html.br" "$$(same "$$site/fr/index.html.br")" same; \
		check "page, br: Vary" "$$(header Vary)" Accept-Encoding; \
		get /fr/ "gzip, deflate, br"; check "page, a browser's Accept-Encoding: Content-Encoding" "$$(header Content-Encoding)" br; \
	else echo "SKIP  brotli: no brotli_static module (the .br twins are not served)"; fi; \
	get /fr/ gzip; check "page, Accept-Encoding: gzip: Content-Encoding" "$$(header Content-Encoding)" gzip; \
	check "page, gzip: body is fr/index.html.gz" "$$(same "$$site/fr/index.html.gz")" same; \
	check "page, gzip: Content-Type" "$$(header Content-Type)" "text/html; charset=utf-8"; \
	get /fr/ identity; check "page, no coding: Content-Encoding" "$$(header Content-Encoding)" ""; \
	check "page, no coding: body is fr/index.html" "$$(same "$$site/fr/index.html")" same; \
	check "page: Cache-Control" "$$(header Cache-Control)" no-cache; \
	sed -n '/^\/\*$$/,/^[^ ]/s/^  \([^:]*\): \(.*\)/\1\t\2/p' "$$site/_headers" >"$$tmp/want"; \
	[ -s "$$tmp/want" ] || { echo "FAIL  no headers found in the build's _headers"; fails=$$((fails + 1)); }; \
	while IFS="$$(printf '\t')" read -r name value; do check "page: $$name as in _headers" "$$(header "$$name")" "$$value"; done <"$$tmp/want"; \
	wasm=$$(cd "$$site" && ls assets/*.wasm | head -n 1); \
	get "/$$wasm" "$$([ $$brotli = yes ] && echo br || echo gzip)"; \
	check "$$wasm: Content-Type" "$$(header Content-Type)" application/wasm; \
	check "$$wasm: Content-Encoding" "$$(header Content-Encoding)" "$$([ $$brotli = yes ] && echo br || echo gzip)"; \
	check "$$wasm: Cache-Control" "$$(header Cache-Control)" "public, max-age=31536000, immutable"; \
	get /sw.js gzip; check "/sw.js: Cache-Control" "$$(header Cache-Control)" no-cache; \
	get /fr identity; check "/fr: status" "$$(status)" 301; check "/fr: Location" "$$(header Location)" /fr/; \
	get /fr/no-such-page/ identity; check "/fr/no-such-page/: status" "$$(status)" 404; \
	check "/fr/no-such-page/: body is fr/404.html" "$$(same "$$site/fr/404.html")" same; \
	check "/fr/no-such-page/: Content-Security-Policy" "$$(header Content-Security-Policy)" "$$(sed -n 's/^  Content-Security-Policy: //p' "$$site/_headers")"; \
	get /en/no-such-page/ gzip; check "/en/no-such-page/: status" "$$(status)" 404; \
	check "/en/no-such-page/: body is en/404.html.gz" "$$(same "$$site/en/404.html.gz")" same; \
	get /no-such-file.js identity; check "/no-such-file.js: status" "$$(status)" 404; \
	check "/no-such-file.js: body is 404.html" "$$(same "$$site/404.html")" same; \
	get /_headers identity; check "/_headers: status" "$$(status)" 404; \
	get /.compendium-build.json identity; check "/.compendium-build.json: status" "$$(status)" 404; \
	check "Server: no version" "$$(header Server)" nginx; \
	get /fr/ identity; check "page: Content-Disposition" "$$(header Content-Disposition)" ""; \
	if [ -e "$$site/fr/compendium.html" ]; then \
		get /fr/compendium.html gzip; check "/fr/compendium.html: Content-Disposition" "$$(header Content-Disposition)" attachment; \
	fi; \
	if [ $$fails -gt 0 ]; then \
		cp "$$tmp/error.log" "$${TMPDIR:-/tmp}/compendium-nginx-error.log" 2>/dev/null || true; \
		echo "deploy-nginx: $$fails checks failed (nginx's error log: $${TMPDIR:-/tmp}/compendium-nginx-error.log)"; exit 1; fi; \
	echo "deploy-nginx: every check passed"
