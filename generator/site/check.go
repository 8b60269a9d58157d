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
				if x.ID != "" && target.Section(x.ID) == nil {
					ds.Add(d.File, line, "link “"+x.Dest+"”: no section “"+x.ID+"” in "+target.File)
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
