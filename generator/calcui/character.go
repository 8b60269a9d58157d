package calcui

import (
	"encoding/json"
	"strconv"
	"strings"
)

// CharacterField is one figure of a player's character: a field of a
// calculator's form, named by the calculator and its path there. The form
// gives it its kind, range, label and default, so that the character page
// and the calculators describe it once; the character keeps it under the
// same path.
type CharacterField struct {
	Calc, Path string
	// Feeds names the fields of the game's other calculators that start
	// from this figure too, as "calculator:path".
	Feeds []string
}

// CharacterList is the repeated part of a character (its spells): each
// item has a name of the player's choosing and Fields, and is computed
// with the calculator Calc. The first item feeds the calculators.
type CharacterList struct {
	Key    string // where the character keeps the items: "spells"
	Calc   string
	Fields []CharacterField
	Max    int // items a character may hold
}

// CharacterGlance is one answer of the character page's "at a glance":
// calculator Calc computed for the character, from its form's defaults
// less Drop (the fight's hits: a character is not in a fight), with the
// figures Figures under the engine's answer. Each computes it once per
// item of the list.
type CharacterGlance struct {
	Calc    string
	Drop    []string
	Set     map[string]any
	Figures []string
	Each    bool
	// Title, when set, is the i18n key of what the answer is for, when
	// the calculator's title does not say it.
	Title string
}

// CharacterGame is the character of one game, named by its rules document.
type CharacterGame struct {
	Doc    string
	Fields []CharacterField
	List   *CharacterList
	Glance []CharacterGlance
}

// Characters lists the games a player describes a character for, and
// which fields of the calculators' forms make that character.
// TestCharacters holds every path to its form.
var Characters = []CharacterGame{
	{
		Doc: "fantasy",
		Fields: []CharacterField{
			{Calc: "armor", Path: "locations.forearms"},
			{Calc: "armor", Path: "locations.arms"},
			{Calc: "armor", Path: "locations.thighs"},
			{Calc: "armor", Path: "locations.legs"},
			{Calc: "armor", Path: "locations.torso"},
			{Calc: "armor", Path: "real_chainmail"},
			{Calc: "armor", Path: "helmet"},
			{Calc: "armor", Path: "costume_bonus"},
			{Calc: "armor", Path: "magic"},
			{Calc: "armor", Path: "life_points", Feeds: []string{"health-fantasy:life_points"}},
		},
		Glance: []CharacterGlance{
			{Calc: "armor", Drop: []string{"hits"}, Figures: []string{"residual"}},
			// How long a wounded character has, with no one to help.
			{Calc: "health-fantasy", Set: map[string]any{"state": "wounded", "events": []any{}}, Title: "character.glance.wounded"},
		},
	},
	{
		Doc:    "spellcasting",
		Fields: []CharacterField{{Calc: "casting", Path: "magic", Feeds: []string{"spell-duel:a.magic"}}},
		List: &CharacterList{Key: "spells", Calc: "casting", Max: 30, Fields: []CharacterField{
			{Calc: "casting", Path: "difficulty"},
			{Calc: "casting", Path: "apprenticeship", Feeds: []string{"spell-duel:a.apprenticeship"}},
			{Calc: "casting", Path: "xp"},
		}},
		Glance: []CharacterGlance{{Calc: "casting", Each: true,
			Figures: []string{"outcomes.flawed", "outcomes.success", "outcomes.perfect", "outcomes.failure", "xp_to_next"}}},
	},
}

// CharacterOf returns the character game that calculator calc's fields
// belong to, or nil.
func CharacterOf(calc string) *CharacterGame {
	for i := range Characters {
		if len(Characters[i].Feeding(calc)) > 0 {
			return &Characters[i]
		}
	}
	return nil
}

// Feeding returns, for calculator calc, its fields that start from the
// character, each with the character's key for it ("spells.0.difficulty"
// for the first spell's).
func (g *CharacterGame) Feeding(calc string) map[string]string {
	m := map[string]string{}
	add := func(fd CharacterField, key string) {
		if fd.Calc == calc {
			m[fd.Path] = key
		}
		for _, f := range fd.Feeds {
			if c, p, _ := strings.Cut(f, ":"); c == calc {
				m[p] = key
			}
		}
	}
	for _, fd := range g.Fields {
		add(fd, fd.Path)
	}
	if g.List != nil {
		for _, fd := range g.List.Fields {
			add(fd, itemKey(g.List.Key, 0, fd.Path))
		}
	}
	return m
}

// field returns the form field a character field stands for, ranged for
// the rules, or false.
func (fd CharacterField) field(p Page) (Field, string, bool) {
	f := Lookup(fd.Calc)
	if f == nil {
		return Field{}, "", false
	}
	f = f.Ranged(p.engine())
	for _, g := range f.Groups {
		for _, x := range g.Fields {
			if x.Path == fd.Path {
				return x, g.Legend, true
			}
		}
	}
	return Field{}, "", false
}

// CharacterView is what the character page draws for one game
// (calc.html's "character-fields"): its fields in their forms' groups, the
// list's item as a template, and what the script needs as JSON.
type CharacterView struct {
	ID     string // the game's prefix of the fields' IDs: "character-fantasy"
	Groups []GroupView
	// List, when the game has one: its legend, the blank item's fields
	// (IDs with __N__ for the item's rank) and its buttons' words.
	List *CharacterListView
	// Data is the JSON of the game for theme/js/character/character.js: the
	// defaults, the list's key and limit, and the glance's computations.
	Data string
	// Glance is the glance of the default character, computed at build
	// time as a calculator's static result is: the page opens with the
	// answers the script then computes, and nothing moves.
	Glance []GlanceView
	T      func(string) string
}

// GlanceView is one answer of the glance as character.js draws it: its
// title linked to its rule, the answer, its figures; None, when set, is
// the sentence of a list with no item instead.
type GlanceView struct {
	Calc, Title, Rule string
	Answer            []Segment
	Figures           [][2]string
	None              string
}

// CharacterListView is the list of a character (its spells).
type CharacterListView struct {
	Legend, Add, Remove, Item string
	Fields                    []FieldView
}

// glanceData is one glance computation as the script reads it.
type glanceData struct {
	Calc    string            `json:"calc"`
	Base    map[string]any    `json:"base"`
	Map     map[string]string `json:"map"`
	Figures []glanceFigure    `json:"figures"`
	Labels  []string          `json:"labels"`
	Each    bool              `json:"each,omitempty"`
	Rule    string            `json:"rule"`
	Title   string            `json:"title"`
}

type glanceFigure struct {
	Path   string `json:"path"`
	Format string `json:"format"`
}

// PrepareCharacter returns the view of game g's character fields for a
// page of p's language. Each field's label, range, message and default
// are its calculator's.
func PrepareCharacter(g *CharacterGame, p Page) (*CharacterView, error) {
	id := "character-" + g.Doc
	v := &CharacterView{ID: id, T: p.T}
	defaults, err := v.addGroups(g.Fields, p)
	if err != nil {
		return nil, err
	}
	data := map[string]any{"defaults": defaults}
	none := ""
	if l := g.List; l != nil {
		lv, itemDefaults, err := listView(id, l, p)
		if err != nil {
			return nil, err
		}
		v.List = lv
		none = p.T("character.list." + l.Key + ".none")
		data["list"] = map[string]any{"key": l.Key, "max": l.Max, "defaults": itemDefaults, "none": none}
	}
	glances, err := glanceComputations(g, p, false)
	if err != nil {
		return nil, err
	}
	data["glance"] = glances
	for _, gd := range glances {
		if gd.Each {
			// The default character knows no spell yet.
			if g.List != nil {
				v.Glance = append(v.Glance, GlanceView{None: none})
			}
			continue
		}
		gv, err := firstGlance(gd, defaults, p)
		if err != nil {
			return nil, err
		}
		v.Glance = append(v.Glance, gv)
	}
	b, err := json.Marshal(data)
	if err != nil {
		return nil, err
	}
	v.Data = string(b)
	return v, nil
}

// addGroups gives v a field for each of fields, grouped as their
// calculators' forms group them, and returns the character's defaults:
// each field's default in its form.
func (v *CharacterView) addGroups(fields []CharacterField, p Page) (map[string]any, error) {
	defaults := map[string]any{}
	groupOf := map[string]int{}
	for _, cf := range fields {
		fd, legend, ok := cf.field(p)
		if !ok {
			return nil, &unknownField{cf}
		}
		form := Lookup(cf.Calc)
		if d, ok := Get(form.Defaults, cf.Path); ok {
			set(defaults, cf.Path, d)
		}
		fv := fieldView(v.ID, cf.Calc, fd, form.Defaults, p)
		fv.Key = cf.Path
		key := cf.Calc + "/" + legend
		i, ok := groupOf[key]
		if !ok {
			i = len(v.Groups)
			groupOf[key] = i
			v.Groups = append(v.Groups, GroupView{Legend: p.T("calc.group." + legend)})
		}
		v.Groups[i].Fields = append(v.Groups[i].Fields, fv)
	}
	return defaults, nil
}

// listView is the view of the character's list l (its spells) on the
// page of character id, and the defaults of a new item. The script
// clones the item's fields, whose IDs hold __N__ for the item's number.
func listView(id string, l *CharacterList, p Page) (*CharacterListView, map[string]any, error) {
	lv := &CharacterListView{Legend: p.T("character.list." + l.Key), Add: p.T("character.list." + l.Key + ".add"),
		Remove: p.T("character.list." + l.Key + ".remove"), Item: p.T("character.list." + l.Key + ".item")}
	item := id + "-" + l.Key + "-__N__"
	// The name is the player's, for the page only: no calculator takes
	// it (UIOnly), and the printed summary names the item by it.
	name := FieldView{ID: item + "-name", Path: "name", Kind: Text, InputMode: "text", Label: p.T("character.list." + l.Key + ".name"), Optional: true, UIOnly: true}
	lv.Fields = append(lv.Fields, name)
	itemDefaults := map[string]any{}
	for _, cf := range l.Fields {
		fd, _, ok := cf.field(p)
		if !ok {
			return nil, nil, &unknownField{cf}
		}
		form := Lookup(cf.Calc)
		if d, ok := Get(form.Defaults, cf.Path); ok {
			set(itemDefaults, cf.Path, d)
		}
		fv := fieldView(item, cf.Calc, fd, form.Defaults, p)
		fv.Key = cf.Path
		lv.Fields = append(lv.Fields, fv)
	}
	return lv, itemDefaults, nil
}

// glanceComputations returns what the page's script needs to compute
// each of g's glances: the calculator's input with the form's defaults,
// the character's paths that feed it, the figures shown and their labels.
// With all, each has every figure of its calculator's form rather than
// the glance's.
func glanceComputations(g *CharacterGame, p Page, all bool) ([]glanceData, error) {
	var glances []glanceData
	for _, gl := range g.Glance {
		form := Lookup(gl.Calc)
		if form == nil {
			return nil, &unknownField{CharacterField{Calc: gl.Calc}}
		}
		base := form.Merge(nil)
		for _, d := range gl.Drop {
			drop(base, d)
		}
		for k, x := range gl.Set {
			set(base, k, x)
		}
		gd := glanceData{Calc: gl.Calc, Base: form.EngineInput(base), Map: g.Feeding(gl.Calc), Each: gl.Each,
			Title: p.T("calc." + gl.Calc + ".title")}
		if gl.Title != "" {
			gd.Title = p.T(gl.Title)
		}
		if gl.Each && g.List != nil {
			// Each item is computed with its own fields, not the first's.
			prefix := itemKey(g.List.Key, 0, "")
			for path, key := range gd.Map {
				if strings.HasPrefix(key, prefix) {
					gd.Map[path] = "item." + strings.TrimPrefix(key, prefix)
				}
			}
		}
		if info := Info(gl.Calc); info.Doc != "" {
			gd.Rule = p.DocURL(info.Doc) + "#" + info.Section
		}
		paths := gl.Figures
		if all {
			paths = nil
			for _, fig := range form.Figures {
				paths = append(paths, fig.Path)
			}
		}
		for _, path := range paths {
			for _, fig := range form.Figures {
				if fig.Path == path {
					gd.Figures = append(gd.Figures, glanceFigure{fig.Path, fig.Format})
					gd.Labels = append(gd.Labels, label(p, gl.Calc, "out."+path))
				}
			}
		}
		glances = append(glances, gd)
	}
	return glances, nil
}

// firstGlance computes glance gd for the default character (defaults),
// with the engine the build runs: the page shows it before its script
// runs, and without JavaScript.
func firstGlance(gd glanceData, defaults map[string]any, p Page) (GlanceView, error) {
	in := map[string]any{}
	for k, x := range gd.Base {
		in[k] = x
	}
	for path, key := range gd.Map {
		if x, ok := Get(defaults, key); ok {
			set(in, path, x)
		}
	}
	out, err := p.engine().Calculate(gd.Calc, in)
	if err != nil {
		return GlanceView{}, err
	}
	gv := GlanceView{Calc: gd.Calc, Title: gd.Title, Rule: gd.Rule}
	if a, ok := out["answer"].(map[string]any); ok {
		gv.Answer = Answer(str(a[p.Lang]))
	}
	for i, fig := range gd.Figures {
		if x, ok := Get(out, fig.Path); ok {
			frac, _ := Get(out, fig.Path+"_fraction")
			gv.Figures = append(gv.Figures, [2]string{gd.Labels[i], FormatFigure(x, fig.Format, p, str(frac))})
		}
	}
	return gv, nil
}

// ChangesData returns the JSON of what the changes page's script
// computes for g's character with each edition's rules: its glances, each
// with every figure of its calculator (a rule value may change a figure
// the glance does not show: plate changes the armour points, not the
// residual armour), and its list's key.
func ChangesData(g *CharacterGame, p Page) (string, error) {
	glances, err := glanceComputations(g, p, true)
	if err != nil {
		return "", err
	}
	data := map[string]any{"glance": glances}
	if g.List != nil {
		data["list"] = map[string]any{"key": g.List.Key}
	}
	b, err := json.Marshal(data)
	return string(b), err
}

// CharacterCalcs returns the calculators the character page computes with
// or feeds, whose strings the page carries.
func CharacterCalcs() []string {
	var names []string
	for _, f := range Forms {
		for i := range Characters {
			g := &Characters[i]
			used := len(g.Feeding(f.Name)) > 0
			for _, gl := range g.Glance {
				used = used || gl.Calc == f.Name
			}
			if used {
				names = append(names, f.Name)
				break
			}
		}
	}
	return names
}

// CharacterMap returns the JSON of what a calculator's script needs to
// start from the character: its game and its fields' keys there, or "".
func CharacterMap(calc string) string {
	g := CharacterOf(calc)
	if g == nil {
		return ""
	}
	b, _ := json.Marshal(map[string]any{"game": g.Doc, "map": g.Feeding(calc), "list": listKey(g)})
	return string(b)
}

// itemKey is the character's key of field path of the list's item i
// ("spells.0.difficulty"), as format.js's get reads it.
func itemKey(list string, i int, path string) string {
	return list + "." + strconv.Itoa(i) + "." + path
}

func listKey(g *CharacterGame) string {
	if g.List == nil {
		return ""
	}
	return g.List.Key
}

func drop(tree map[string]any, path string) {
	keys := strings.Split(path, ".")
	m := tree
	for _, k := range keys[:len(keys)-1] {
		next, ok := m[k].(map[string]any)
		if !ok {
			return
		}
		m = next
	}
	delete(m, keys[len(keys)-1])
}

type unknownField struct{ f CharacterField }

func (e *unknownField) Error() string {
	return "calcui.Characters: no field " + e.f.Path + " in the form of calculator " + e.f.Calc
}

// Calcs returns the calculators g's character feeds or glances at, in
// the order of Forms.
func (g *CharacterGame) Calcs() []string {
	var names []string
	for _, f := range Forms {
		used := len(g.Feeding(f.Name)) > 0
		for _, gl := range g.Glance {
			used = used || gl.Calc == f.Name
		}
		if used {
			names = append(names, f.Name)
		}
	}
	return names
}
