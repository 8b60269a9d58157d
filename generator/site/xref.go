// Cross-references: a link to a section is rendered with a placeholder
// slot for its label, filled once every document is known.

package site

import (
	"html/template"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/util"

	"compendium/generator/par"
)

// xrefSlot is a cross-reference of a document, rendered before the other
// documents are known: its label waits in the page as a placeholder.
type xrefSlot struct {
	slug string // the target document; "" for the same document
	id   string // the target section or anchor; "" for the document's top
}

// The label of slot i waits as the value xrefOpen+i+xrefClose; fillXRefs
// replaces the whole attribute (xrefAttr … xrefEnd), so that an empty label
// removes it: nothing else in a page can look like it, as goldmark writes a
// quote inside text or an attribute as &quot;.
const (
	xrefOpen, xrefClose = "\ue000", "\ue001"
	xrefAttr            = ` data-to="` + xrefOpen
	xrefEnd             = xrefClose + `"`
)

// markXRefs gives each cross-reference link of the tree a placeholder for
// its label (see labelXRefs) and records its target.
func (d *Doc) markXRefs() {
	_ = ast.Walk(d.ast, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		link, ok := n.(*ast.Link)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		if c, _ := link.AttributeString("class"); c == nil || string(c.([]byte)) != "xref" {
			return ast.WalkContinue, nil
		}
		dest := string(link.Destination)
		var slot xrefSlot
		if rest, ok := strings.CutPrefix(dest, "../"); ok {
			slug, frag, _ := strings.Cut(rest, "/")
			slot = xrefSlot{slug: slug, id: strings.TrimPrefix(frag, "#")}
		} else {
			slot.id = strings.TrimPrefix(dest, "#")
		}
		link.SetAttributeString("data-to", []byte(xrefOpen+strconv.Itoa(len(d.xrefs))+xrefClose))
		d.xrefs = append(d.xrefs, slot)
		return ast.WalkContinue, nil
	})
}

// labelXRefs gives each cross-reference the words that say, on paper, where
// it leads (its data-to attribute, which the print style sheet shows): "§2.5"
// for a numbered section, its title otherwise, the document's short name
// first when it is another document. It fills the placeholders that
// markXRefs left in the rendered bodies, once every document is known.
func labelXRefs(s *Site, all []*Doc) {
	par.Each(len(all), func(i int) {
		d := all[i]
		if len(d.xrefs) == 0 {
			return
		}
		l := s.Lang(d.Lang)
		labels := make([]string, len(d.xrefs))
		for j, x := range d.xrefs {
			labels[j] = xrefLabel(l, d, x)
		}
		d.Body = template.HTML(fillXRefs(string(d.Body), labels))
		d.xrefs = nil
	})
}

// xrefLabel is the label of a cross-reference from d to x, "" when its
// target is unknown (reported by Check).
func xrefLabel(l *Lang, d *Doc, x xrefSlot) string {
	target := d
	if x.slug != "" {
		target = l.Doc(x.slug)
	}
	if target == nil {
		return ""
	}
	label := ""
	if x.id != "" {
		sec := target.Section(x.id)
		for _, a := range target.Anchors {
			if sec == nil && a.ID == x.id {
				sec = target.Section(a.Section)
			}
		}
		if sec != nil {
			if m := sectionNumber.FindStringSubmatch(sec.Title); m != nil {
				label = "§\u00a0" + m[1]
			} else {
				label = sec.Title
			}
		}
	}
	if target != d {
		name := target.Short
		if name == "" {
			name = target.Title
		}
		if label != "" {
			label = name + ", " + label
		} else {
			label = name
		}
	}
	return label
}

// fillXRefs replaces each placeholder attribute of body with its label,
// escaped as goldmark escapes an attribute's value, or removes it when the
// label is empty.
func fillXRefs(body string, labels []string) string {
	var b strings.Builder
	b.Grow(len(body) + 16*len(labels))
	for {
		i := strings.Index(body, xrefAttr)
		if i < 0 {
			break
		}
		rest := body[i+len(xrefAttr):]
		j := strings.Index(rest, xrefEnd)
		n, err := strconv.Atoi(rest[:max(j, 0)])
		if j < 0 || err != nil || n < 0 || n >= len(labels) {
			panic("site: a cross-reference placeholder that markXRefs did not write") // a programmer's error
		}
		b.WriteString(body[:i])
		if labels[n] != "" {
			b.WriteString(` data-to="`)
			b.Write(util.EscapeHTML([]byte(labels[n])))
			b.WriteByte('"')
		}
		body = rest[j+len(xrefEnd):]
	}
	b.WriteString(body)
	return b.String()
}
