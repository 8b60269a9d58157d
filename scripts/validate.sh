#!/bin/sh
# validate.sh builds the site and runs the Nu HTML Checker (npm vnu-jar, on
# Java: Debian's default-jre-headless) on every page, and fails on any
# error. Warnings are printed, not fatal. Slow (the checker starts a JVM and
# reads some 200 pages: about a minute), so not part of make test.
set -eu
VNU_VERSION=${VNU_VERSION:-24.10.17}
dir=.cache/validate
mkdir -p "$dir"
jar=$dir/node_modules/vnu-jar/build/dist/vnu.jar
if [ ! -s "$jar" ]; then
	command -v npm >/dev/null 2>&1 || { echo "validate: npm is needed for the checker (Debian: apt-get install npm)"; exit 1; }
	echo "validate: installing vnu-jar $VNU_VERSION with npm"
	npm install --no-save --no-audit --no-fund --silent --prefix "$dir" "vnu-jar@$VNU_VERSION"
fi
if ! command -v java >/dev/null 2>&1; then
	if [ "$(id -u)" = 0 ] || sudo -n true 2>/dev/null; then
		echo "validate: installing Java (default-jre-headless)"
		s=""; [ "$(id -u)" = 0 ] || s="sudo -n"
		$s apt-get update -qq && $s apt-get install -y -qq default-jre-headless >/dev/null
	else
		echo "validate: Java is needed for the checker: install default-jre-headless (Debian) or any Java 11+"; exit 1
	fi
fi
echo "validate: building the site"
rm -rf "$dir/public"
go run ./generator build -out "$dir/public" >/dev/null
pages=$(find "$dir/public" -name '*.html' | wc -l)
echo "validate: checking $pages pages with the Nu HTML Checker"
# Two kinds of messages are filtered, and only they: the checker's CSP
# parser predates the 'wasm-unsafe-eval' keyword (CSP Level 3), which lets
# the page compile the rules engine without 'unsafe-eval'; and its CSS
# validator, which reads only the style inlined in the single-file
# editions (the site's own sheet is a file it does not open), predates
# container queries, color-mix(), paint-order and ::details-content, which
# every browser the site supports knows. The exit status is 1 on any
# other error.
if java -jar "$jar" --skip-non-html --format gnu --filterpattern "(.*found \"'wasm-unsafe-eval'\".*)|(CSS: .*)" "$dir/public" 2>"$dir/report.txt"; then
	sed 's|^"\{0,1\}'"$dir"'/public/||' "$dir/report.txt"
	echo "validate: $pages pages, no error"
else
	sed 's|^"\{0,1\}'"$dir"'/public/||' "$dir/report.txt"
	echo "validate: errors above ($(grep -c 'error:' "$dir/report.txt" || true)), report in $dir/report.txt"
	exit 1
fi
