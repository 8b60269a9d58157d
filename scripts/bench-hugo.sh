#!/bin/sh
# bench-hugo.sh builds the same pages with the compendium's generator and
# with Hugo (Debian's hugo), in turn (A B A B …), and prints the median wall
# time and peak memory of each, and their ratio:
#   - the real site: the compendium with everything (FR + EN, calculators,
#     search, share pages, images, .br/.gz twins from a warm cache) against
#     Hugo on the French Markdown alone;
#   - synthetic sites of SIZES pages (generator synth), twins off on our
#     side as Hugo writes none.
# Each side builds once first (caches warm, output folder present), then
# RUNS times. Usage: sh scripts/bench-hugo.sh [SIZES="1000 10000"] [RUNS=3]
set -eu
SIZES=${SIZES:-1000 10000}
RUNS=${RUNS:-3}
dir=.cache/bench
mkdir -p "$dir"
if ! command -v hugo >/dev/null 2>&1; then
	SUDO=$(command -v sudo >/dev/null 2>&1 && [ "$(id -u)" != 0 ] && echo sudo || true)
	echo "bench: installing Debian's hugo"
	$SUDO apt-get install -y -qq hugo >/dev/null || { echo "bench: hugo is needed (Debian: apt-get install hugo)"; exit 1; }
fi
go build -o "$dir/generator" ./generator
gen=$PWD/$dir/generator

# measure NAME CMD...: one run, appends "seconds kilobytes" to $dir/NAME.
measure() {
	name=$1
	shift
	/usr/bin/time -f "%e %M" -o "$dir/time.out" "$@" >/dev/null 2>"$dir/last.err" || { cat "$dir/last.err"; exit 1; }
	cat "$dir/time.out" >>"$dir/$name.times"
}

# median FILE COLUMN
median() { sort -n -k"$2" "$1" | awk -v c="$2" '{ v[NR] = $c } END { print v[int((NR + 1) / 2)] }'; }

compare() {
	label=$1 ours=$2 hugo=$3
	rm -f "$dir/$ours.times" "$dir/$hugo.times"
	i=0
	while [ $i -lt "$RUNS" ]; do
		eval "measure $ours \$OURS"
		eval "measure $hugo \$HUGO"
		i=$((i + 1))
	done
	to=$(median "$dir/$ours.times" 1) mo=$(median "$dir/$ours.times" 2)
	th=$(median "$dir/$hugo.times" 1) mh=$(median "$dir/$hugo.times" 2)
	awk -v l="$label" -v to="$to" -v th="$th" -v mo="$mo" -v mh="$mh" -v n="$4" 'BEGIN {
		printf "%-28s compendium %6.2f s %5.0f MB   hugo %6.2f s %5.0f MB   time ratio %.2f", l, to, mo / 1024, th, mh / 1024, to / th
		if (n > 0) printf "   %.2f vs %.2f ms/page", 1000 * to / n, 1000 * th / n
		printf "\n" }'
}

# The real site; Hugo gets the French documents as they are.
real=$dir/real-hugo
rm -rf "$real" && mkdir -p "$real/content" "$real/layouts/_default"
# The front matter's values quoted: Hugo reads it as YAML, in which
# "Règles : les sortilèges" is not a plain value.
for f in content/fr/*.md; do
	awk 'NR == 1 && /^---$/ { fm = 1; print; next }
		fm && /^---$/ { fm = 0; print; next }
		fm { i = index($0, ": "); k = substr($0, 1, i - 1); v = substr($0, i + 2); gsub(/\x27/, "\x27\x27", v); print k ": \x27" v "\x27"; next }
		{ print }' "$f" >"$real/content/$(basename "$f")"
done
cp generator/synth/hugo-layouts/single.html "$real/layouts/_default/single.html"
cp generator/synth/hugo-layouts/list.html "$real/layouts/_default/list.html"
printf 'baseURL = "http://localhost/"\nlanguageCode = "fr"\ntitle = "Compendium"\ndisableKinds = ["taxonomy", "term", "RSS"]\n' >"$real/config.toml"
OURS="$gen build -out $PWD/$dir/real-public"
HUGO="hugo --quiet -s $real -d $PWD/$dir/real-hugo-public"
eval "$OURS" >/dev/null && eval "$HUGO" >/dev/null
compare "real site (FR+EN vs FR)" real-ours real-hugo 0

for n in $SIZES; do
	s=$dir/synth-$n
	[ -d "$s/content" ] || "$gen" synth -pages "$n" -out "$s" >/dev/null
	OURS="$gen build -content $s/content -out $PWD/$s/public -compress=false -config /nonexistent"
	HUGO="hugo --quiet -s $s/hugo -d $PWD/$s/hugo-public"
	eval "$OURS" >/dev/null && eval "$HUGO" >/dev/null
	compare "$n synthetic pages" "synth-$n-ours" "synth-$n-hugo" "$n"
done
