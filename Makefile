# The compendium's tasks. Two of them are the newcomer's path:
#   make serve   build the site, serve it on http://127.0.0.1:8080 and rebuild on changes
#   make test    every test, browser tests included (installs Debian's chromium if missing)

GO      ?= go
ADDR    ?= 127.0.0.1:8080
FUZZTIME ?= 3s
# The engine's fuzz targets, one per calculator (wasm/engine/fuzz_test.go).
FUZZ_TARGETS = $(shell grep -ho '^func Fuzz[A-Za-z0-9_]*' wasm/engine/*_test.go 2>/dev/null | sed 's/func //')

.PHONY: site serve check test unit e2e fuzz fuzz-long bench browser axe vet

# axe-core, the accessibility checker the browser tests inject into every
# page, taken with npm (Node.js and npm come with the machine; Debian's
# npm package otherwise).
AXE_VERSION ?= 4.14.1
AXE_JS = .cache/axe-core-$(AXE_VERSION)/axe.min.js

site:
	$(GO) run ./generator build

serve:
	$(GO) run ./generator serve -addr $(ADDR)

check:
	$(GO) run ./generator check

vet:
	$(GO) vet ./...
	@test -z "$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))" || { echo "gofmt would change:"; gofmt -l .; exit 1; }

# browser makes sure a Chromium is there for the browser tests: CI machines
# start bare, and the browser tests must run there, not skip.
browser:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || { \
		echo "installing Debian's chromium for the browser tests"; \
		SUDO=$$(command -v sudo >/dev/null 2>&1 && [ "$$(id -u)" != 0 ] && echo sudo); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; }

axe: $(AXE_JS)

$(AXE_JS):
	@command -v npm >/dev/null 2>&1 || { echo "npm is needed to fetch axe-core for the browser tests: install Node.js and npm (Debian: apt-get install npm)"; exit 1; }
	@mkdir -p .cache/axe-core-$(AXE_VERSION)
	@npm install --no-save --no-audit --no-fund --silent --prefix .cache/npm axe-core@$(AXE_VERSION)
	@cp .cache/npm/node_modules/axe-core/axe.min.js $@
	@test -s $@ && echo "axe-core $(AXE_VERSION) ready"

unit:
	$(GO) test ./...

test: vet browser axe
	AXE_JS=$(CURDIR)/$(AXE_JS) $(GO) test -count=1 ./...
	@# The WebAssembly entry point's own tests run in Node (there whenever
	@# axe-core came from npm).
	@if command -v node >/dev/null 2>&1; then \
		echo "wasm entry point tests (Node)"; \
		GOOS=js GOARCH=wasm $(GO) test -count=1 ./wasm -exec="$$($(GO) env GOROOT)/lib/wasm/go_js_wasm_exec"; \
	else echo "node not found: the WebAssembly entry point's tests (wasm/main_test.go) did not run"; fi
	$(MAKE) --no-print-directory fuzz FUZZTIME=$(FUZZTIME)

# fuzz runs each engine fuzz target for FUZZTIME (a few seconds in make test;
# make fuzz-long for a minute each).
# A run that ends on Go's own "context deadline exceeded", with no failing
# input, is the fuzzer stopping while a worker still ran (seen twice here on
# FuzzDyingMagic with a loaded machine): it is run once more; a real crash
# names its input and fails at once.
fuzz:
	@for t in $(FUZZ_TARGETS); do \
		echo "fuzz $$t ($(FUZZTIME))"; \
		log=/tmp/fuzz-$$t.log; \
		$(GO) test ./wasm/engine -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) >$$log 2>&1 || { \
			if grep -q "context deadline exceeded" $$log && ! grep -q "Failing input" $$log; then \
				echo "fuzz $$t: the fuzzer stopped mid-run (context deadline exceeded), once more"; \
				$(GO) test ./wasm/engine -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) >$$log 2>&1 || { cat $$log; exit 1; }; \
			else cat $$log; exit 1; fi; }; \
	done

fuzz-long:
	$(MAKE) fuzz FUZZTIME=60s

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...
