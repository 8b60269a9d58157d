package edition

import (
	"reflect"
	"strings"
	"testing"
)

func TestWords(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want []Piece
	}{
		{"a b c", "a b c", []Piece{{' ', "a b c"}}},
		{"une armure de cuir", "une armure de mailles", []Piece{{' ', "une armure de"}, {'-', "cuir"}, {'+', "mailles"}}},
		{"a c", "a b c", []Piece{{' ', "a"}, {'+', "b"}, {' ', "c"}}},
		{"a b c", "a c", []Piece{{' ', "a"}, {'-', "b"}, {' ', "c"}}},
		{"", "tout neuf", []Piece{{'+', "tout neuf"}}},
		{"parti", "", []Piece{{'-', "parti"}}},
	} {
		if got := Words(tt.a, tt.b); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Words(%q, %q) = %q, want %q", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestShown(t *testing.T) {
	long := ""
	for i := 0; i < 40; i++ {
		long += "mot "
	}
	p := Piece{' ', long}
	if got := p.Shown(); len(got) >= len(long) || !strings.Contains(got, " … ") {
		t.Errorf("a long kept run is shown whole: %q", got)
	}
	if got := (Piece{'+', long}).Shown(); got != long {
		t.Error("an insertion was cut")
	}
}
