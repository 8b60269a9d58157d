package engine

import "sort"

// Health timelines: health-fantasy follows seed 000, §2.5 (states and their
// timers) and §2.6 (healing); health-modern follows seed 001, §2 (health
// states) and its medicine rules (first aid, surgery).

const (
	maxMinutes      = 10080 // one week
	maxHealthEvents = 100
	never           = -1
)

var (
	fantasyStates  = []string{"healthy", "wounded", "dying", "dead"}
	fantasyActions = []string{"laying_on_hands", "first_aid", "medicine", "potion"}
	modernStates   = []string{"full_health", "fatigued", "wounded", "coma", "dead"}
	modernActions  = []string{"first_aid", "surgery"}
	levels         = []string{"novice", "expert"}
)

var stateFr = map[string]string{
	"healthy": "sain", "wounded": "blessé", "dying": "agonisant", "dead": "mort",
	"full_health": "en pleine forme", "fatigued": "fatigué", "coma": "dans le coma",
}

var stateEn = map[string]string{
	"healthy": "healthy", "wounded": "wounded", "dying": "dying", "dead": "dead",
	"full_health": "full health", "fatigued": "fatigued", "coma": "in a coma",
}

var actionFr = map[string]string{
	"laying_on_hands": "imposition des mains", "first_aid": "premiers secours", "medicine": "médecine",
	"potion": "philtre de soin", "surgery": "chirurgie",
}

var actionEn = map[string]string{
	"laying_on_hands": "laying on hands", "first_aid": "first aid", "medicine": "medicine",
	"potion": "healing potion", "surgery": "surgery",
}

type healthEvent struct {
	index  int
	at     int
	action string
	self   bool
	level  string
	calm   bool
}

type pendingAction struct {
	ev  healthEvent
	end int
}

type ignoredEvent struct {
	index  int
	reason string
	fr, en string
}

// healthSim runs one character's timeline minute by minute of interest: the
// starts and ends of actions and the timers of the current state.
type healthSim struct {
	modern    bool
	combatEnd int
	maxLife   int
	until     int

	state     string
	since     int
	lp        int
	due       int
	bodyUntil int

	timeline []any
	ignored  []ignoredEvent
	steps    []any
}

func (s *healthSim) doc() string {
	if s.modern {
		return docContemporary
	}
	return docFantasy
}

func (s *healthSim) timerRule() string {
	if s.modern {
		return "health-system"
	}
	return "life"
}

// enter changes the state at t and sets its default timer.
func (s *healthSim) enter(t int, state, cause string, event int) {
	s.state = state
	s.since = t
	s.due = never
	switch state {
	case "wounded":
		if s.modern {
			s.due = t + 15
		} else {
			s.due = t + 60
		}
	case "dying":
		s.due = max(t, s.combatEnd) + 5
	case "fatigued", "coma":
		if state == "fatigued" {
			s.due = t + 10
		} else {
			s.due = t + 15
		}
	case "dead":
		s.bodyUntil = t + 10
	}
	if state != "healthy" {
		s.lp = 0
	}
	e := map[string]any{"at": f(t), "state": state, "cause": cause}
	if event >= 0 {
		e["event"] = f(event)
	}
	if !s.modern {
		e["life_points"] = f(s.lp)
	}
	s.timeline = append(s.timeline, e)
}

func (s *healthSim) next() string {
	switch s.state {
	case "wounded":
		if s.modern {
			return "coma"
		}
		return "dying"
	case "dying", "coma":
		return "dead"
	case "fatigued":
		return "full_health"
	}
	return ""
}

func (s *healthSim) ignore(ev healthEvent, reason, fr, en string) {
	s.ignored = append(s.ignored, ignoredEvent{index: ev.index, reason: reason, fr: fr, en: en})
	rule := "healing"
	if s.modern {
		rule = "medicine"
		switch ev.action {
		case "first_aid":
			rule = "first-aid"
		case "surgery":
			rule = "surgery"
		}
	}
	s.steps = append(s.steps, step(s.doc(), rule,
		"événement "+itoa(ev.index)+" ("+actionFr[ev.action]+" à "+itoa(ev.at)+") sans effet : "+fr,
		"event "+itoa(ev.index)+" ("+actionEn[ev.action]+" at "+itoa(ev.at)+") has no effect: "+en))
}

// applicable says whether ev can act on the current state, and if not why.
func (s *healthSim) applicable(ev healthEvent) (ok bool, reason, fr, en string) {
	st := s.state
	if st == "dead" {
		return false, "dead", "le personnage est mort", "the character is dead"
	}
	notFor := func(needFr, needEn string) (bool, string, string, string) {
		return false, "not_applicable",
			actionFr[ev.action] + " s’applique " + needFr + " (état : " + stateFr[st] + ")",
			actionEn[ev.action] + " applies " + needEn + " (state: " + stateEn[st] + ")"
	}
	if s.modern {
		if st != "wounded" && st != "coma" {
			return notFor("à un blessé ou à quelqu’un dans le coma", "to a wounded character or one in a coma")
		}
		if ev.self && st == "coma" {
			return false, "inert", "dans le coma, on est inerte et on ne peut pas se soigner", "in a coma one is inert and cannot treat oneself"
		}
		if ev.action == "surgery" && ev.level == "novice" && !ev.calm {
			return false, "calm_place_required", "un chirurgien novice n’opère que dans un endroit calme",
				"a novice surgeon operates only in a calm place"
		}
		return true, "", "", ""
	}
	switch ev.action {
	case "laying_on_hands":
		if !ev.self {
			return false, "self_only", "l’imposition des mains ne s’utilise que sur soi", "laying on hands works on oneself only"
		}
		if st != "wounded" {
			return notFor("à un blessé", "to a wounded character")
		}
	case "first_aid":
		if ev.self {
			return false, "not_on_self", "on ne peut pas s’administrer soi-même les premiers secours", "one cannot give first aid to oneself"
		}
		if st != "dying" {
			return notFor("à un agonisant", "to a dying character")
		}
	case "medicine":
		if ev.self {
			return false, "not_on_self", "on ne peut pas s’administrer soi-même des soins", "one cannot give medicine to oneself"
		}
		if st != "wounded" && st != "dying" {
			return notFor("à un blessé ou à un agonisant", "to a wounded or dying character")
		}
	case "potion":
		if st != "wounded" && st != "dying" {
			return notFor("à un blessé ou à un agonisant", "to a wounded or dying character")
		}
		if ev.self && st == "dying" {
			return false, "dying_cannot_drink_alone", "un agonisant ne peut pas boire le philtre seul", "a dying character cannot drink the potion alone"
		}
	}
	return true, "", "", ""
}

func (s *healthSim) duration(ev healthEvent) int {
	switch ev.action {
	case "first_aid":
		if s.modern {
			return 1
		}
		return 2
	case "medicine":
		return 10
	case "surgery":
		if ev.level == "expert" && ev.calm {
			return 5
		}
		return 10
	}
	return 0
}

// finish applies the effect of ev, which ends at t.
func (s *healthSim) finish(ev healthEvent, t int) {
	if ok, reason, fr, en := s.applicable(ev); !ok {
		if reason == "dead" {
			reason, fr, en = "dead_before_end", "le personnage est mort avant la fin du soin", "the character died before the treatment ended"
		} else {
			reason, fr, en = "no_longer_applicable", "à la fin du soin : "+fr, "when the treatment ends: "+en
		}
		s.ignore(ev, reason, fr, en)
		return
	}
	from := s.state
	span := itoa(ev.at) + "–" + itoa(t)
	if ev.at == t {
		span = itoa(t)
	}
	if s.modern {
		lvlFr, lvlEn := "novice", "novice"
		if ev.level == "expert" {
			lvlFr, lvlEn = "expert", "expert"
		}
		if ev.action == "first_aid" {
			delay := 60
			if ev.level == "expert" {
				delay = 240
			}
			old := s.due
			if t+delay > s.due {
				s.due = t + delay
			}
			e := map[string]any{"at": f(t), "state": s.state, "cause": ev.action, "event": f(ev.index)}
			s.timeline = append(s.timeline, e)
			keep, keepEn := "", ""
			if s.due != t+delay {
				keep, keepEn = " ; l’échéance déjà plus tardive ("+itoa(old)+") est gardée", "; the later deadline already set ("+itoa(old)+") is kept"
			}
			s.steps = append(s.steps, step(docContemporary, "first-aid",
				"premiers secours "+lvlFr+" ("+span+", 1 min) : "+stateFr[from]+", prochaine aggravation "+itoa(delay)+" min après, à "+itoa(t+delay)+keep,
				lvlEn+" first aid ("+span+", 1 min): "+stateEn[from]+", next deterioration "+itoa(delay)+" min later, at "+itoa(t+delay)+keepEn))
			return
		}
		s.enter(t, "fatigued", ev.action, ev.index)
		d := 30
		if ev.level == "novice" {
			d = 60
		}
		s.due = t + d
		how, howEn := "pleine forme exactement 30 min après", "full health exactly 30 min later"
		if ev.level == "novice" {
			how, howEn = "pas de pleine forme avant 1 h", "no full health before 1 h"
		}
		place, placeEn := "", ""
		if ev.calm {
			place, placeEn = ", endroit calme", ", calm place"
		}
		s.steps = append(s.steps, step(docContemporary, "surgery",
			"chirurgie "+lvlFr+" ("+span+", "+itoa(t-ev.at)+" min"+place+") : "+stateFr[from]+" → fatigué ; "+how+", à "+itoa(s.due),
			lvlEn+" surgery ("+span+", "+itoa(t-ev.at)+" min"+placeEn+"): "+stateEn[from]+" → fatigued; "+howEn+", at "+itoa(s.due)))
		return
	}
	switch ev.action {
	case "laying_on_hands", "potion":
		s.lp = 1
		s.enter(t, "healthy", ev.action, ev.index)
		s.steps = append(s.steps, step(docFantasy, "healing",
			actionFr[ev.action]+" à "+span+" : "+stateFr[from]+" → sain (1 PV)",
			actionEn[ev.action]+" at "+span+": "+stateEn[from]+" → healthy (1 LP)"))
	case "first_aid":
		s.enter(t, "wounded", ev.action, ev.index)
		s.steps = append(s.steps, step(docFantasy, "healing",
			"premiers secours ("+span+", 2 min) : agonisant → blessé ; sans vrai soin, agonisant à "+itoa(s.due),
			"first aid ("+span+", 2 min): dying → wounded; without real care, dying at "+itoa(s.due)))
	case "medicine":
		s.lp = s.maxLife
		s.enter(t, "healthy", ev.action, ev.index)
		s.steps = append(s.steps, step(docFantasy, "healing",
			"médecine ("+span+", 10 min) : "+stateFr[from]+" → sain avec tous ses PV ("+itoa(s.maxLife)+")",
			"medicine ("+span+", 10 min): "+stateEn[from]+" → healthy with all life points ("+itoa(s.maxLife)+")"))
	}
}

// fire applies the timer of the current state, due at t.
func (s *healthSim) fire(t int) {
	from, since := s.state, s.since
	to := s.next()
	s.enter(t, to, "timer", never)
	fr := stateFr[from] + " depuis " + itoa(since) + " : " + stateFr[to] + " à " + itoa(t)
	en := stateEn[from] + " since " + itoa(since) + ": " + stateEn[to] + " at " + itoa(t)
	if !s.modern && from == "dying" {
		fr = "agonisant depuis " + itoa(since) + ", combat fini à " + itoa(s.combatEnd) + " : mort à max(" + itoa(since) + ", " + itoa(s.combatEnd) + ") + 5 = " + itoa(t)
		en = "dying since " + itoa(since) + ", fight over at " + itoa(s.combatEnd) + ": dead at max(" + itoa(since) + ", " + itoa(s.combatEnd) + ") + 5 = " + itoa(t)
	}
	if !s.modern && from == "wounded" {
		fr = "blessé sans vrai soin depuis " + itoa(since) + " : agonisant une heure après, à " + itoa(t)
		en = "wounded without real care since " + itoa(since) + ": dying an hour later, at " + itoa(t)
	}
	if to == "dead" {
		fr += " ; le corps reste fouillable jusqu’à " + itoa(s.bodyUntil)
		en += "; the body may be searched until " + itoa(s.bodyUntil)
	}
	s.steps = append(s.steps, step(s.doc(), s.timerRule(), fr, en))
}

func (s *healthSim) run(events []healthEvent) {
	var evs, late []healthEvent
	for _, ev := range events {
		if ev.at > s.until {
			late = append(late, ev)
		} else {
			evs = append(evs, ev)
		}
	}
	defer func() {
		for _, ev := range late {
			s.ignore(ev, "after_until", "après la fin de la période calculée ("+itoa(s.until)+")",
				"after the end of the period computed ("+itoa(s.until)+")")
		}
	}()
	sort.SliceStable(evs, func(i, j int) bool { return evs[i].at < evs[j].at })
	var pending []pendingAction
	ei := 0
	for {
		t := maxMinutes + 1
		if ei < len(evs) {
			t = evs[ei].at
		}
		for _, p := range pending {
			t = min(t, p.end)
		}
		if s.due != never {
			t = min(t, s.due)
		}
		if t > s.until {
			break
		}
		// At one minute, actions come before timers: a treatment that ends
		// at the minute a timer falls due is still in time.
		rest := pending[:0]
		var ending []pendingAction
		for _, p := range pending {
			if p.end == t {
				ending = append(ending, p)
			} else {
				rest = append(rest, p)
			}
		}
		pending = rest
		for _, p := range ending {
			s.finish(p.ev, t)
		}
		for ei < len(evs) && evs[ei].at == t {
			ev := evs[ei]
			ei++
			if ok, reason, fr, en := s.applicable(ev); !ok {
				s.ignore(ev, reason, fr, en)
				continue
			}
			d := s.duration(ev)
			switch {
			case d == 0:
				s.finish(ev, t)
			case t+d > s.until:
				s.ignore(ev, "ends_after_until", "le soin finirait à "+itoa(t+d)+", après la fin de la période calculée ("+itoa(s.until)+")",
					"the treatment would end at "+itoa(t+d)+", after the end of the period computed ("+itoa(s.until)+")")
			default:
				pending = append(pending, pendingAction{ev, t + d})
			}
		}
		if s.due != never && s.due <= t {
			s.fire(t)
		}
	}
}

func readHealthEvents(r *reader, in map[string]any, modern bool) []healthEvent {
	actions := fantasyActions
	keys := []string{"at", "action", "self"}
	if modern {
		actions = modernActions
		keys = append(keys, "level", "calm_place")
	}
	l, _ := r.optList(in, "", "events", maxHealthEvents, objDesc)
	var evs []healthEvent
	for i, v := range l {
		path := at("events", i)
		m := r.object(path, v, keys...)
		ev := healthEvent{index: i}
		ev.at = r.reqInt(m, path, "at", 0, maxMinutes)
		ev.action = r.reqEnum(m, path, "action", actions)
		ev.self = r.optBool(m, path, "self")
		if modern {
			ev.level = r.reqEnum(m, path, "level", levels)
			ev.calm = r.optBool(m, path, "calm_place")
		}
		evs = append(evs, ev)
	}
	return evs
}

func (s *healthSim) output() map[string]any {
	ign := make([]any, 0, len(s.ignored))
	sort.SliceStable(s.ignored, func(i, j int) bool { return s.ignored[i].index < s.ignored[j].index })
	for _, g := range s.ignored {
		ign = append(ign, map[string]any{"index": f(g.index), "reason": g.reason, "fr": g.fr, "en": g.en})
	}
	out := map[string]any{
		"timeline":    s.timeline,
		"final_state": s.state,
		"ignored":     ign,
		"steps":       s.steps,
	}
	if s.state == "dead" {
		out["body_until"] = f(s.bodyUntil)
	}
	return out
}

func runHealthFantasy(r *reader, in map[string]any) map[string]any {
	in = r.object("", in, "state", "life_points", "combat_ends_at", "events", "until")
	state := r.reqEnum(in, "", "state", fantasyStates)
	life, _ := r.optInt(in, "", "life_points", 1, 10, 1)
	combatEnd, _ := r.optInt(in, "", "combat_ends_at", 0, maxMinutes, 0)
	until, _ := r.optInt(in, "", "until", 0, maxMinutes, 240)
	evs := readHealthEvents(r, in, false)
	if r.err != nil {
		return nil
	}
	s := &healthSim{combatEnd: combatEnd, maxLife: life, until: until, lp: life, bodyUntil: never}
	s.enter(0, state, "initial", never)
	s.steps = append(s.steps, step(docFantasy, "life",
		"état initial à 0 : "+stateFr[state], "initial state at 0: "+stateEn[state]))
	s.run(evs)
	out := s.output()
	out["reading"] = reading(
		"À la même minute, les soins passent avant les échéances (un soin qui finit à la minute où l’agonisant mourrait le sauve). Un soin qui dure s’apprécie à son début et à sa fin. L’imposition des mains et le philtre rendent l’état sain avec 1 PV ; seule la médecine rend tous les PV. La mort vient 5 minutes après le plus tardif du début de l’agonie et de la fin du combat.",
		"At the same minute, treatments come before timers (a treatment ending at the minute a dying character would die saves them). A treatment that takes time is judged at its start and at its end. Laying on hands and the potion give the healthy state with 1 life point; only medicine gives back all life points. Death comes 5 minutes after the later of the start of dying and the end of the fight.")
	return out
}

func runHealthModern(r *reader, in map[string]any) map[string]any {
	in = r.object("", in, "state", "events", "until")
	state := r.reqEnum(in, "", "state", modernStates)
	until, _ := r.optInt(in, "", "until", 0, maxMinutes, 240)
	evs := readHealthEvents(r, in, true)
	if r.err != nil {
		return nil
	}
	s := &healthSim{modern: true, until: until, bodyUntil: never}
	s.enter(0, state, "initial", never)
	s.steps = append(s.steps, step(docContemporary, "health-system",
		"état initial à 0 : "+stateFr[state], "initial state at 0: "+stateEn[state]))
	s.run(evs)
	out := s.output()
	out["reading"] = reading(
		"À la même minute, les soins passent avant les échéances. Les premiers secours repoussent la prochaine aggravation (1 h en novice, 4 h en expert, après la fin du soin) ; répétés, la plus tardive des échéances est gardée. Un blessé peut se soigner lui-même ; dans le coma il est inerte. Le chirurgien novice exige un endroit calme.",
		"At the same minute, treatments come before timers. First aid puts off the next deterioration (1 h for a novice, 4 h for an expert, after the treatment ends); when repeated, the later deadline is kept. A wounded character may treat themselves; in a coma they are inert. A novice surgeon needs a calm place.")
	return out
}
