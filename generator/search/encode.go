package search

import (
	"bytes"
	"encoding/json"
	"strconv"

	"compendium/wasm/engine"
)

// appendJSON appends f as JSON to dst: the bytes encoding/json writes for
// it with SetEscapeHTML(false), without a trailing newline (a test checks
// they are the same). The index is the largest file of a build, and
// through encoding/json it cost reflection and the zeroing of the
// encoder's own buffer as it doubled up to the file's size, before the
// copy into the buffer sized for it. Strings go through engine.AppendString, the
// project's one JSON string writer; the few small fields of nested or
// mixed types still go through encoding/json.
func (f *indexFile) appendJSON(dst []byte) ([]byte, error) {
	var err error
	small := func(key string, v any) {
		if err != nil {
			return
		}
		dst = append(dst, key...)
		dst, err = appendMarshal(dst, v)
	}
	dst = append(dst, `{"v":`...)
	dst = strconv.AppendInt(dst, int64(f.Version), 10)
	dst = append(dst, `,"lang":`...)
	dst = engine.AppendString(dst, f.Lang)
	dst = append(dst, `,"word":`...)
	dst = engine.AppendString(dst, f.Word)
	dst = append(dst, `,"apos":`...)
	dst = engine.AppendString(dst, f.Apos)
	dst = append(dst, `,"elisions":`...)
	dst = appendStrings(dst, f.Elisions)
	small(`,"fold":`, f.Fold)
	dst = append(dst, `,"stop":`...)
	dst = appendStrings(dst, f.Stop)
	small(`,"params":`, f.Params)
	small(`,"docs":`, f.Docs)
	dst = append(dst, `,"sdoc":`...)
	dst = appendInts(dst, f.SecDoc)
	dst = append(dst, `,"sid":`...)
	dst = appendStrings(dst, f.SecID)
	dst = append(dst, `,"stitle":`...)
	dst = appendStrings(dst, f.SecTitle)
	dst = append(dst, `,"sparent":`...)
	dst = appendInts(dst, f.SecParent)
	dst = append(dst, `,"tlen":`...)
	dst = appendInts(dst, f.TitleLen)
	dst = append(dst, `,"blen":`...)
	dst = appendInts(dst, f.BodyLen)
	dst = append(dst, `,"text":`...)
	dst = appendStrings(dst, f.Text)
	dst = append(dst, `,"vocab":`...)
	dst = engine.AppendString(dst, f.Vocab)
	dst = append(dst, `,"post":`...)
	if f.Post == nil {
		dst = append(dst, "null"...)
	} else {
		dst = append(dst, '[')
		for i, p := range f.Post {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendInts(dst, p)
		}
		dst = append(dst, ']')
	}
	small(`,"syn":`, f.Syn)
	small(`,"synat":`, f.SynAt)
	small(`,"synanc":`, f.SynAnc)
	small(`,"qmap":`, f.Questions)
	small(`,"asec":`, f.AncSec)
	small(`,"aid":`, f.AncID)
	small(`,"atitle":`, f.AncTitle)
	small(`,"aspan":`, f.AncSpan)
	if err != nil {
		return nil, err
	}
	return append(dst, '}'), nil
}

// appendMarshal appends v as encoding/json writes it without HTML
// escaping.
func appendMarshal(dst []byte, v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return append(dst, bytes.TrimSuffix(b.Bytes(), []byte("\n"))...), nil
}

func appendInts[T int | int32](dst []byte, s []T) []byte {
	if s == nil {
		return append(dst, "null"...)
	}
	dst = append(dst, '[')
	for i, n := range s {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendInt(dst, int64(n), 10)
	}
	return append(dst, ']')
}

func appendStrings(dst []byte, s []string) []byte {
	if s == nil {
		return append(dst, "null"...)
	}
	dst = append(dst, '[')
	for i, t := range s {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = engine.AppendString(dst, t)
	}
	return append(dst, ']')
}
