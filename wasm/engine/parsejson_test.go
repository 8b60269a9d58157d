package engine

import (
	"encoding/json"
	"math"
	"math/rand"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestParseJSONValid reads valid documents as encoding/json reads them
// into an any.
func TestParseJSONValid(t *testing.T) {
	for _, in := range []string{
		`{}`, `[]`, `null`, `true`, `false`, `0`, `-0`, `0.5`, `-12.25e-3`, `1E+2`, `1e-400`, `4.9e-324`,
		`1.7976931348623157e308`, `9007199254740993`, `123456789012345678901234567890`, `0.1000000000000000055511151231257827`,
		`""`, `"a\"b\\c\/d\b\f\n\r\t"`, `"\u00e9\u2028\ud83d\ude00"`, `"é😀"`, `"\ud800"`, `"\udc00x"`, `"\ud800\ud800\udc00"`, "\"\xff\"",
		` { "a" : [ 1 , 2 , { "b" : null } ] , "c" : "d" } `,
		`{"a":1,"a":2}`,
		"\t\r\n[\t1\r\n]\n",
		`{"state":"dying","combat_ends_at":10,"events":[{"at":2,"action":"first_aid"},{"at":5,"action":"first_aid","self":true}]}`,
	} {
		got, err := ParseJSON(in)
		if err != nil {
			t.Errorf("ParseJSON(%q): %s", in, err.En)
			continue
		}
		var want any
		if e := json.Unmarshal([]byte(in), &want); e != nil {
			t.Fatalf("bad case %q: %v", in, e)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("ParseJSON(%q) = %#v, want %#v", in, got, want)
		}
	}
}

// TestParseJSONErrors checks the code and the message, with its position
// in characters, of syntax errors and of each limit just over it.
func TestParseJSONErrors(t *testing.T) {
	for _, c := range []struct {
		in, code, en, fr string
	}{
		{``, "json", `unexpected end at character 1 (expected a value)`, `fin inattendue au caractère 1 (attendu : une valeur)`},
		{`{"a":1,}`, "json", `unexpected "}" at character 8 (expected a field name in double quotes)`, `« } » inattendu au caractère 8 (attendu : un nom de champ entre guillemets)`},
		{`[1 2]`, "json", `unexpected "2" at character 4 (expected "," or "]")`, `« 2 » inattendu au caractère 4 (attendu : « , » ou « ] »)`},
		{`{"é":tru}`, "json", `unexpected "t" at character 6 (expected a value)`, `« t » inattendu au caractère 6`},
		{`{"a" 1}`, "json", `unexpected "1" at character 6 (expected ":")`, `« 1 » inattendu au caractère 6 (attendu : « : »)`},
		{`{"a":1 "b":2}`, "json", `unexpected "\"" at character 8 (expected "," or "}")`, `au caractère 8`},
		{`"abc`, "json", `unexpected end at character 5 (expected "\"")`, `fin inattendue au caractère 5`},
		{"\"a\nb\"", "json", `unexpected "\u000a" at character 3 (expected a control character escaped`, `"\u000a" inattendu au caractère 3`},
		{`"\x"`, "json", `unexpected "x" at character 3 (expected a valid escape`, `au caractère 3`},
		{`"\u12G4"`, "json", `at character 4 (expected four hexadecimal digits)`, `au caractère 4`},
		{`01`, "json", `unexpected "1" at character 2 (expected the end of the text)`, `(attendu : la fin du texte)`},
		{`1.`, "json", `unexpected end at character 3 (expected a digit)`, `(attendu : un chiffre)`},
		{`1e+`, "json", `unexpected end at character 4 (expected a digit)`, `au caractère 4`},
		{`-`, "json", `unexpected end at character 2 (expected a value)`, `au caractère 2`},
		{`.5`, "json", `unexpected "." at character 1 (expected a value)`, `au caractère 1`},
		{`NaN`, "json", `unexpected "N" at character 1`, `au caractère 1`},
		{`[1]x`, "json", `unexpected "x" at character 4 (expected the end of the text)`, `au caractère 4`},
		{`/* c */ {}`, "json", `unexpected "/" at character 1`, `au caractère 1`},
		{"\ufeff{}", "json", "unexpected \"\ufeff\" at character 1", `au caractère 1`},
		{strings.Repeat("[", 17) + strings.Repeat("]", 17), "json", `more than 16 levels of objects and arrays at character 17`, `plus de 16 niveaux d’objets et de listes au caractère 17`},
		{strings.Repeat(`{"a":`, 17) + "1" + strings.Repeat("}", 17), "json", `more than 16 levels`, `au caractère 81`},
		{"[" + strings.Repeat("0,", 2000) + "0]", "too_large", `more than 2,000 values, far more than any calculator needs (reading stopped at character 4000)`, `plus de 2 000 valeurs`},
		{strings.Repeat(" ", MaxJSONBytes) + "1", "too_large", `exceeds 64 KiB`, `dépasse 64 Kio`},
	} {
		v, err := ParseJSON(c.in)
		if err == nil {
			t.Errorf("ParseJSON(%.40q) = %v, want an error", c.in, v)
			continue
		}
		if v != nil || err.Code != c.code || err.Field != "" {
			t.Errorf("ParseJSON(%.40q): value %v, code %q, field %q; want nil, %q, \"\"", c.in, v, err.Code, err.Field, c.code)
		}
		if !strings.Contains(err.En, c.en) || !strings.Contains(err.Fr, c.fr) {
			t.Errorf("ParseJSON(%.40q):\n en %q\n fr %q\nwant %q and %q in them", c.in, err.En, err.Fr, c.en, c.fr)
		}
	}
}

// TestParseJSONLimits takes each limit just under and just over.
func TestParseJSONLimits(t *testing.T) {
	nest := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	values := func(n int) string { return "[" + strings.Repeat("0,", n-2) + "0]" } // n values with the array
	padded := func(n int) string { return "{}" + strings.Repeat(" ", n-2) }        // n bytes
	for _, c := range []struct {
		name, in string
		code     string // "" when valid
	}{
		{"16 levels", nest(16), ""},
		{"17 levels", nest(17), "json"},
		{"16 levels of objects", strings.Repeat(`{"a":`, 15) + "{}" + strings.Repeat("}", 15), ""},
		{"2,000 values", values(2000), ""},
		{"2,001 values", values(2001), "too_large"},
		{"64 KiB", padded(MaxJSONBytes), ""},
		{"64 KiB and one byte", padded(MaxJSONBytes + 1), "too_large"},
		{"largest input of a calculator", `{"state":"wounded","events":[` + strings.Repeat(`{"at":1,"action":"surgery","level":"expert","calm_place":true,"self":false},`, 99) +
			`{"at":1,"action":"surgery","level":"expert","calm_place":true,"self":false}]}`, ""},
	} {
		_, err := ParseJSON(c.in)
		switch {
		case c.code == "" && err != nil:
			t.Errorf("%s: %s", c.name, err.En)
		case c.code != "" && (err == nil || err.Code != c.code):
			t.Errorf("%s: error %v, want code %s", c.name, err, c.code)
		}
	}
}

// TestParseJSONFailsFast checks that a huge input is refused after reading
// no more than the limit: a million-item array is refused on its length
// alone, and one that fits in 64 KiB at its 2,001st value, which the
// message's position shows.
func TestParseJSONFailsFast(t *testing.T) {
	million := "[" + strings.Repeat("1,", 999999) + "1]"
	if _, err := ParseJSON(million); err == nil || err.Code != "too_large" || err.En != JSONTooLarge().En {
		t.Errorf("a million items: %v", err)
	}
	fits := "[" + strings.Repeat("1,", 30000) + "1]" // 60 KB
	_, err := ParseJSON(fits)
	if err == nil || err.Code != "too_large" || !strings.Contains(err.En, "(reading stopped at character 4000)") {
		t.Errorf("30,001 items in 60 KB: %v", err)
	}
}

func BenchmarkParseJSONMillionItems(b *testing.B) {
	million := "[" + strings.Repeat("1,", 999999) + "1]"
	for b.Loop() {
		if _, err := ParseJSON(million); err == nil {
			b.Fatal("accepted")
		}
	}
}

func BenchmarkParseJSONTooManyValues(b *testing.B) {
	fits := "[" + strings.Repeat("1,", 30000) + "1]"
	for b.Loop() {
		if _, err := ParseJSON(fits); err == nil {
			b.Fatal("accepted")
		}
	}
}

func BenchmarkParseJSONLargestInput(b *testing.B) {
	in := `{"state":"wounded","events":[` + strings.Repeat(`{"at":1,"action":"surgery","level":"expert","calm_place":true,"self":false},`, 99) +
		`{"at":1,"action":"surgery","level":"expert","calm_place":true,"self":false}]}`
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseJSON(in); err != nil {
			b.Fatal(err.En)
		}
	}
}

// TestParseFloat compares parseFloat with strconv.ParseFloat on hard cases
// (halfway between two floats, the ends of the range, long mantissas) and
// on random numbers.
func TestParseFloat(t *testing.T) {
	cases := []string{
		"0", "1", "0.5", "0.05", "100e-2", "0.000000001e9", "1e23", "8.98846567431158e307",
		"1e-400", "1e309", "4.9e-324", "2e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
		"2.2250738585072011e-308", "2.2250738585072012e-308",
		"1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308",
		"9007199254740993", "9007199254740995", "123456789012345678901234567890",
		"0.1000000000000000055511151231257827", "7.038531e-26", "1e" + strings.Repeat("9", 30),
	}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 3000; i++ {
		x := math.Float64frombits(rng.Uint64() &^ (1 << 63))
		if i%3 == 0 {
			x = math.Float64frombits(rng.Uint64() & (1<<53 - 1)) // subnormal or tiny
		}
		if math.IsInf(x, 0) || math.IsNaN(x) {
			continue
		}
		cases = append(cases, strconv.FormatFloat(x, 'g', -1, 64), strconv.FormatFloat(x, 'e', rng.Intn(25), 64))
		// The exact midpoint above x, and just off it either way.
		m := midpoint(x)
		e := "e" + strconv.Itoa(m.exp)
		cases = append(cases, "0."+string(m.digits)+e, "0."+string(m.digits)+"1"+e)
		if d := []byte(string(m.digits)); len(d) > 1 {
			d[len(d)-1]--
			cases = append(cases, "0."+string(d)+"9"+e)
		}
	}
	for _, s := range cases {
		want, err := strconv.ParseFloat(s, 64)
		got, ok := parseFloat(s)
		if ok != (err == nil) || ok && math.Float64bits(got) != math.Float64bits(want) {
			t.Errorf("parseFloat(%q) = %v, %v; strconv.ParseFloat gives %v, %v", s, got, ok, want, err)
		}
	}
}

// TestParseJSONOverflow: a number too large for a float64 is valid JSON; it
// reads as an Overflow that keeps its text, which the field receiving it
// reports as out of its range.
func TestParseJSONOverflow(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want any
	}{
		{`{"p":1e309}`, map[string]any{"p": Overflow{Text: "1e309"}}},
		{`[-1.8e308]`, []any{Overflow{Text: "-1.8e308", Neg: true}}},
		{`1e99999999999999999999`, Overflow{Text: "1e99999999999999999999"}},
		{`1.7976931348623157e308`, 1.7976931348623157e308},
	} {
		v, err := ParseJSON(tt.in)
		if err != nil || !reflect.DeepEqual(v, tt.want) {
			t.Errorf("ParseJSON(%q) = %#v, %v; want %#v", tt.in, v, err, tt.want)
		}
	}
	out, err := Calculate("armor", map[string]any{"magic": Overflow{Text: "1e309"}})
	if err == nil || err.Code != "range" || err.Field != "magic" || !strings.Contains(err.En, "(got 1e309)") || !strings.Contains(err.Fr, "(reçu 1e309)") {
		t.Errorf("armor with magic 1e309: %v, %+v; want a range error of magic quoting 1e309", out, err)
	}
}
