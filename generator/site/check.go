package site

// Check verifies what needs the whole site: that every cross-reference
// resolves in its own language, and that documents' orders are distinct. It
// returns every problem found.
func Check(s *Site) Diagnostics {
	var ds Diagnostics
	for _, l := range s.Langs {
		orders := map[int]*Doc{}
		for _, d := range l.Docs {
			if other, dup := orders[d.Order]; dup && d.Order > 0 {
				ds.Add(d.File, d.meta["order"], "order "+itoa(d.Order)+" is already used by "+other.File)
			}
			orders[d.Order] = d
			for _, x := range d.XRefs {
				line := d.Line(x.Pos)
				if x.Bad {
					ds.Add(d.File, line, "link “"+x.Dest+"” is neither a URL nor a section reference: write #id, slug or slug#id")
					continue
				}
				target := d
				if x.Doc != "" {
					target = l.Doc(x.Doc)
					if target == nil {
						ds.Add(d.File, line, "link “"+x.Dest+"”: no document “"+x.Doc+"” in "+l.Code+" (documents: "+slugs(l)+")")
						continue
					}
				}
				if x.ID != "" && !target.HasID(x.ID) {
					ds.Add(d.File, line, "link “"+x.Dest+"”: no section or anchor “"+x.ID+"” in "+target.File)
				}
			}
		}
	}
	return ds
}

func slugs(l *Lang) string {
	s := ""
	for i, d := range l.Docs {
		if i > 0 {
			s += ", "
		}
		s += d.Slug
	}
	return s
}

// CheckTranslations verifies that every translation has the original's
// documents and sections, with the same IDs in the same order: an
// organiser's link to /fr/fantasy/#armor must work as /en/fantasy/#armor.
func CheckTranslations(s *Site) Diagnostics {
	var ds Diagnostics
	if len(s.Langs) < 2 {
		return ds
	}
	orig := s.Langs[0]
	for _, tr := range s.Langs[1:] {
		for _, od := range orig.Docs {
			td := tr.Doc(od.Slug)
			if td == nil {
				ds.Add(od.File, 1, "document “"+od.Slug+"” has no "+tr.Code+" translation: add "+tr.Code+"/"+od.Slug+".md")
				continue
			}
			checkSections(&ds, od, td)
			checkAnchors(&ds, od, td)
		}
		for _, td := range tr.Docs {
			if orig.Doc(td.Slug) == nil {
				ds.Add(td.File, 1, "document “"+td.Slug+"” does not exist in "+orig.Code+": a translation needs its original")
			}
		}
	}
	return ds
}

// checkSections compares the section IDs of an original and its translation.
func checkSections(ds *Diagnostics, od, td *Doc) {
	inT := map[string]*Section{}
	for _, s := range td.Sections {
		inT[s.ID] = s
	}
	inO := map[string]*Section{}
	where := 1 // the line after which a missing section belongs
	for _, s := range od.Sections {
		inO[s.ID] = s
		if t := inT[s.ID]; t != nil {
			where = t.Line
		} else if s.ID != "" {
			ds.Add(td.File, where, "section “"+s.ID+"” ("+od.File+":"+itoa(s.Line)+") is missing after this line: translate it with the same {#"+s.ID+"}")
		}
	}
	for _, s := range td.Sections {
		if inO[s.ID] == nil && s.ID != "" {
			ds.Add(td.File, s.Line, "section “"+s.ID+"” does not exist in "+od.File+": a translation has the original's sections, no more")
		}
	}
	// Order: compare the sequences of the IDs both have.
	var a, b []*Section
	for _, s := range od.Sections {
		if inT[s.ID] != nil {
			a = append(a, s)
		}
	}
	for _, s := range td.Sections {
		if inO[s.ID] != nil {
			b = append(b, s)
		}
	}
	for i := range a {
		if a[i].ID != b[i].ID {
			ds.Add(td.File, b[i].Line, "section “"+b[i].ID+"” is out of order: "+od.File+" has “"+a[i].ID+"” here (line "+itoa(a[i].Line)+"); keep the original's order")
			break
		}
		if a[i].Level != b[i].Level {
			ds.Add(td.File, b[i].Line, "section “"+b[i].ID+"” is a level-"+itoa(b[i].Level)+" heading, level "+itoa(a[i].Level)+" in "+od.File)
		}
	}
}

// checkAnchors compares the anchors of an original and its translation: the
// same IDs, each in the same section, so that /fr/fantasy/#effect-blinded
// works as /en/fantasy/#effect-blinded.
func checkAnchors(ds *Diagnostics, od, td *Doc) {
	inT := map[string]*Anchor{}
	for _, a := range td.Anchors {
		inT[a.ID] = a
	}
	inO := map[string]*Anchor{}
	for _, a := range od.Anchors {
		inO[a.ID] = a
		t := inT[a.ID]
		switch {
		case t == nil:
			line := 1
			if s := td.Section(a.Section); s != nil {
				line = s.Line
			}
			ds.Add(td.File, line, "anchor “{#"+a.ID+"}” ("+od.File+":"+itoa(a.Line)+") is missing in this section: start the translated item with the same {#"+a.ID+"}")
		case t.Section != a.Section:
			ds.Add(td.File, t.Line, "anchor “{#"+a.ID+"}” is in section “"+t.Section+"” here but in “"+a.Section+"” in "+od.File)
		}
	}
	for _, a := range td.Anchors {
		if inO[a.ID] == nil {
			ds.Add(td.File, a.Line, "anchor “{#"+a.ID+"}” does not exist in "+od.File+": a translation has the original's anchors, no more")
		}
	}
}
