package engine

// Health timelines: the simulation that health-fantasy (healthfantasy.go,
// seed 000, §2.5–2.6) and health-modern (healthmodern.go, seed 001, §2 and
// medicine) share, with its states, actions and events.

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

// named is a key and its words: the small tables below are slices rather
// than maps, which the WebAssembly module would build in code at start-up.
type named struct {
	key string
	w   words
}

func findWords(t []named, key string) words {
	for _, n := range t {
		if n.key == key {
			return n.w
		}
	}
	return words{}
}

// stateNames names the states as attributes: "le personnage est …".
var stateNames = []named{
	{"healthy", words{"sain", "healthy"}}, {"wounded", words{"blessé", "wounded"}}, {"dying", words{"agonisant", "dying"}},
	{"dead", words{"mort", "dead"}}, {"full_health", words{"en pleine forme", "in full health"}},
	{"fatigued", words{"fatigué", "fatigued"}}, {"coma", words{"dans le coma", "in a coma"}},
}

// actionNames names the actions, with an article in French.
var actionNames = []named{
	{"laying_on_hands", words{"l’imposition des mains", "laying on hands"}}, {"first_aid", words{"les premiers secours", "first aid"}},
	{"medicine", words{"la médecine", "medicine"}}, {"potion", words{"le philtre de soin", "the healing potion"}},
	{"surgery", words{"la chirurgie", "surgery"}},
}

func stateWords(state string) words   { return findWords(stateNames, state) }
func actionWords(action string) words { return findWords(actionNames, action) }

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
	index, at int
	action    string
	reason    string
	why       words
}

// healthSim runs one character's timeline minute by minute of interest: the
// starts and ends of actions and the timers of the current state.
type healthSim struct {
	modern    bool
	rules     *Rules
	combatEnd int
	maxLife   int
	until     int

	state     string
	since     int
	lp        int
	due       int
	bodyUntil int
	held      *pendingAction // the treatment still holding the state at until, if any

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
	fh, mh := &s.rules.FantasyHealth, &s.rules.ModernHealth
	switch state {
	case "wounded":
		if s.modern {
			s.due = t + mh.Wounded
		} else {
			s.due = t + fh.WoundedToDying
		}
	case "dying":
		s.due = max(t, s.combatEnd) + fh.DyingAfterFight
	case "fatigued":
		s.due = t + mh.Fatigued
	case "coma":
		s.due = t + mh.Coma
	case "dead":
		if s.modern {
			s.bodyUntil = t + mh.Corpse
		} else {
			s.bodyUntil = t + fh.Corpse
		}
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

// body adds to w what becomes of the body. The fantasy text keeps the
// corpse « 10 min de plus à l’état de cadavre pour que l’on vous fouille
// éventuellement »; the contemporary one says nothing of searching: the
// dead « doit rester en place tant que d’autres personnages souhaitent se
// servir de son cadavre », and may get up if nobody deals with them for the
// delay, so bodyUntil is the earliest minute they may get up (audit R12).
func (s *healthSim) body(w words) words {
	if !s.modern {
		return say("$1 Le corps reste fouillable jusqu’à la minute $2.", "$1 The body may be searched until minute $2.", w, s.bodyUntil)
	}
	return say("$1 Le corps reste en place tant que d’autres personnages veulent s’en servir ; si personne ne s’occupe de lui pendant $3, le joueur peut se relever, au plus tôt à la minute $2.",
		"$1 The body stays in place as long as other characters wish to use it; if nobody deals with it for $3, the player may get up, at minute $2 at the earliest.", w, s.bodyUntil, lasting(s.rules.ModernHealth.Corpse, false))
}

func (s *healthSim) ignore(ev healthEvent, reason string, why words) {
	s.ignored = append(s.ignored, ignoredEvent{index: ev.index, at: ev.at, action: ev.action, reason: reason, why: why})
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
	s.steps = append(s.steps, step(s.doc(), rule, say(
		"L’action $1, $2 à la minute $3, est sans effet, car $4.",
		"Action $1, $2 at minute $3, has no effect, because $4.", ev.index+1, lower(actionWords(ev.action)), ev.at, why)))
}

// applicable says whether ev can act on the current state, and if not why.
func (s *healthSim) applicable(ev healthEvent) (ok bool, reason string, why words) {
	st := s.state
	if st == "dead" {
		return false, "dead", say("le personnage est mort", "the character is dead")
	}
	notFor := func(need words) (bool, string, words) {
		verb := "ne s’applique"
		if ev.action == "first_aid" {
			verb = "ne s’appliquent"
		}
		return false, "not_applicable", say("$1 $2 qu’$3, et le personnage est $4", "$1 applies only $3, and the character is $4",
			actionWords(ev.action), verb, need, stateWords(st))
	}
	if s.modern {
		if st != "wounded" && st != "coma" {
			return notFor(say("à un blessé ou à quelqu’un dans le coma", "to a wounded character or one in a coma"))
		}
		if ev.self && st == "coma" {
			return false, "inert", say("dans le coma, le personnage est inerte et ne peut pas se soigner", "in a coma the character is inert and cannot treat themselves")
		}
		if ev.self && s.rules.ModernHealth.SelfCare == 0 {
			return false, "not_on_self", say("le soin se donne à une autre personne, « la victime », à qui l’on dit l’effet (« ton niveau de santé est maintenant fatigué »)",
				"the care is given to another person, “the victim”, who is told the effect (“your health level is now fatigued”)")
		}
		if ev.action == "surgery" && ev.level == "novice" && !ev.calm {
			return false, "calm_place_required", say("un chirurgien novice n’opère que dans un endroit calme",
				"a novice surgeon operates only in a calm place")
		}
		return true, "", words{}
	}
	switch ev.action {
	case "laying_on_hands":
		if !ev.self {
			return false, "self_only", say("l’imposition des mains ne s’utilise que sur soi", "laying on hands works on oneself only")
		}
		if st != "wounded" {
			return notFor(say("à un blessé", "to a wounded character"))
		}
	case "first_aid":
		if ev.self {
			return false, "not_on_self", say("on ne peut pas s’administrer soi-même les premiers secours", "one cannot give first aid to oneself")
		}
		if st != "dying" {
			return notFor(say("à un agonisant", "to a dying character"))
		}
	case "medicine":
		if ev.self {
			return false, "not_on_self", say("on ne peut pas se soigner soi-même par la médecine", "one cannot give medicine to oneself")
		}
		if st != "wounded" && st != "dying" {
			return notFor(say("à un blessé ou à un agonisant", "to a wounded or dying character"))
		}
	case "potion":
		if st != "wounded" && st != "dying" {
			return notFor(say("à un blessé ou à un agonisant", "to a wounded or dying character"))
		}
		if ev.self && st == "dying" {
			return false, "dying_cannot_drink_alone", say("un agonisant ne peut pas boire le philtre seul", "a dying character cannot drink the potion alone")
		}
	}
	return true, "", words{}
}

func (s *healthSim) duration(ev healthEvent) int {
	fh, mh := &s.rules.FantasyHealth, &s.rules.ModernHealth
	switch ev.action {
	case "first_aid":
		if s.modern {
			return mh.FirstAid
		}
		return fh.FirstAid
	case "medicine":
		return fh.Medicine
	case "surgery":
		switch {
		case ev.level == "novice":
			return mh.SurgeryNovice
		case ev.calm:
			return mh.SurgeryExpertCalm
		}
		return mh.SurgeryExpert
	case "laying_on_hands":
		return fh.LayingOnHands
	case "potion":
		return fh.Potion
	}
	return 0
}

// finish applies the effect of ev, which ends at t.
func (s *healthSim) finish(ev healthEvent, t int) {
	if ok, reason, why := s.applicable(ev); !ok {
		if reason == "dead" {
			reason, why = "dead_before_end", say("le personnage est mort avant la fin du soin", "the character died before the treatment ended")
		} else {
			reason, why = "no_longer_applicable", say("à la fin du soin, $1", "when the treatment ends, $1", why)
		}
		s.ignore(ev, reason, why)
		return
	}
	fh, mh := &s.rules.FantasyHealth, &s.rules.ModernHealth
	from := stateWords(s.state)
	span := say("Des minutes $1 à $2", "From minute $1 to $2", ev.at, t)
	if ev.at == t {
		span = say("À la minute $1", "At minute $1", t)
	}
	if s.modern {
		lvl := say("de niveau novice", "novice")
		if ev.level == "expert" {
			lvl = say("de niveau expert", "expert")
		}
		if ev.action == "first_aid" {
			delay := mh.FirstAidNovice
			if ev.level == "expert" {
				delay = mh.FirstAidExpert
			}
			old := s.due
			if t+delay > s.due {
				s.due = t + delay
			}
			e := map[string]any{"at": f(t), "state": s.state, "cause": ev.action, "event": f(ev.index)}
			s.timeline = append(s.timeline, e)
			w := say("$1, premiers secours $2 ($6), alors que le personnage est $3 : la prochaine aggravation vient $4 minute{4:|s} après, à la minute $5.",
				"$1, $2 first aid ($6) while the character is $3: the next deterioration comes $4 minute{4:|s} later, at minute $5.", span, lvl, from, delay, t+delay, lasting(t-ev.at, false))
			if s.due != t+delay {
				w = say("$1 L’échéance déjà fixée, plus tardive (minute $2), est gardée.", "$1 The later deadline already set (minute $2) is kept.", w, old)
			}
			s.steps = append(s.steps, step(docContemporary, "first-aid", w))
			return
		}
		s.enter(t, "fatigued", ev.action, ev.index)
		d := mh.SurgeryExpertRest
		if ev.level == "novice" {
			d = mh.SurgeryNoviceRest
		}
		s.due = t + d
		place := say("", "")
		if ev.calm {
			place = say(", endroit calme", ", calm place")
		}
		w := say("$1, chirurgie $2 ($3$4) : le personnage, qui était $5, devient fatigué. Il sera en pleine forme exactement $7 après, à la minute $6.",
			"$1, $2 surgery ($3$4): the character, who was $5, becomes fatigued, and will be in full health exactly $7 later, at minute $6.", span, lvl, lasting(t-ev.at, false), place, from, s.due, lasting(d, false))
		if ev.level == "novice" {
			w = say("$1, chirurgie $2 ($3$4) : le personnage, qui était $5, devient fatigué. Il ne sera pas en pleine forme avant $7, à la minute $6.",
				"$1, $2 surgery ($3$4): the character, who was $5, becomes fatigued, and will not be in full health before $7, at minute $6.", span, lvl, lasting(t-ev.at, false), place, from, s.due, lasting(d, false))
		}
		s.steps = append(s.steps, step(docContemporary, "surgery", w))
		return
	}
	switch ev.action {
	case "laying_on_hands", "potion":
		s.lp = min(fh.HealedPoints, s.maxLife)
		s.enter(t, "healthy", ev.action, ev.index)
		s.steps = append(s.steps, step(docFantasy, "healing", say(
			"$1, $2 : le personnage, qui était $3, redevient sain avec $4 point{|s} de vie.",
			"$1, $2: the character, who was $3, is healthy again with $4 life point{|s}.", span, lower(actionWords(ev.action)), from, s.lp)))
	case "first_aid":
		s.enter(t, "wounded", ev.action, ev.index)
		s.steps = append(s.steps, step(docFantasy, "healing", say(
			"$1, premiers secours ($3) : l’agonisant redevient blessé. Sans vrai soin, il sera de nouveau agonisant à la minute $2.",
			"$1, first aid ($3): the dying character is wounded again. Without real care, they will be dying again at minute $2.", span, s.due, lasting(t-ev.at, false))))
	case "medicine":
		s.lp = s.maxLife
		s.enter(t, "healthy", ev.action, ev.index)
		s.steps = append(s.steps, step(docFantasy, "healing", say(
			"$1, médecine ($4) : le personnage, qui était $2, redevient sain avec tous ses points de vie ($3).",
			"$1, medicine ($4): the character, who was $2, is healthy again with all life points ($3).", span, from, s.maxLife, lasting(t-ev.at, false))))
	}
}

// fire applies the timer of the current state, due at t.
func (s *healthSim) fire(t int) {
	from, since := s.state, s.since
	fh := &s.rules.FantasyHealth
	to := s.next()
	s.enter(t, to, "timer", never)
	var w words
	switch {
	case from == "wounded" && !s.modern:
		w = say("Sans vrai soin, le blessé devient agonisant $2 plus tard, à la minute $1.",
			"Without real care, the wounded character becomes dying $2 later, at minute $1.", t, lasting(fh.WoundedToDying, true))
	case from == "dying" && since >= s.combatEnd:
		w = say("Sans soin, l’agonisant meurt $2 plus tard, à la minute $1, le combat étant déjà fini.",
			"Without care, the dying character dies $2 later, at minute $1, the fight being already over.", t, lasting(fh.DyingAfterFight, false))
	case from == "dying":
		w = say("Sans soin, l’agonisant meurt $3 après la fin du combat (minute $1), à la minute $2.",
			"Without care, the dying character dies $3 after the end of the fight (minute $1), at minute $2.", s.combatEnd, t, lasting(fh.DyingAfterFight, false))
	case from == "wounded":
		w = say("Blessé depuis la minute $1 et sans autre soin, le personnage tombe dans le coma à la minute $2.",
			"Wounded since minute $1 and without further care, the character falls into a coma at minute $2.", since, t)
	case from == "coma":
		w = say("Dans le coma depuis la minute $1 et sans autre soin, le personnage meurt à la minute $2.",
			"In a coma since minute $1 and without further care, the character dies at minute $2.", since, t)
	default:
		w = say("Fatigué depuis la minute $1, le personnage retrouve sa pleine forme à la minute $2.",
			"Fatigued since minute $1, the character is back to full health at minute $2.", since, t)
	}
	if to == "dead" {
		w = s.body(w)
	}
	s.steps = append(s.steps, step(s.doc(), s.timerRule(), w))
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
			s.ignore(ev, "after_until", say("elle tombe après la fin de la période calculée (minute $1)",
				"it falls after the end of the period computed (minute $1)", s.until))
		}
	}()
	// A stable insertion sort: at most 100 events, and sort.SliceStable
	// would bring reflection into the module.
	for i := 1; i < len(evs); i++ {
		for j := i; j > 0 && evs[j].at < evs[j-1].at; j-- {
			evs[j], evs[j-1] = evs[j-1], evs[j]
		}
	}
	var pending []pendingAction
	ei := 0
	said := never // the due already said to be held, so that it is said once
	for {
		t := maxMinutes + 1
		if ei < len(evs) {
			t = evs[ei].at
		}
		for _, p := range pending {
			t = min(t, p.end)
		}
		if s.due != never && (s.holder(pending) == nil || said != s.due) {
			t = min(t, s.due)
		}
		if t > s.until {
			break
		}
		// At one minute, actions come before timers: a treatment that ends
		// at the minute a timer falls due is still in time, and one begun
		// at that minute holds it.
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
			if ok, reason, why := s.applicable(ev); !ok {
				s.ignore(ev, reason, why)
				continue
			}
			if d := s.duration(ev); d == 0 {
				s.finish(ev, t)
			} else {
				pending = append(pending, pendingAction{ev, t + d})
			}
		}
		if s.due == never || s.due > t {
			continue
		}
		if h := s.holder(pending); h != nil {
			if said != s.due {
				said = s.due
				s.hold(h, t)
			}
			continue
		}
		s.fire(t)
	}
	// A treatment still under way at the end of the period computed has
	// no effect within it, but it holds what it holds until then.
	s.held = s.holder(pending)
	for _, p := range pending {
		s.ignore(p.ev, "ends_after_until", say("le soin ne finit qu’à la minute $1, après la fin de la période calculée (minute $2)",
			"the treatment ends only at minute $1, after the end of the period computed (minute $2)", p.end, s.until))
	}
}

// holder is the treatment under way that holds the deterioration of the
// current state, or nil: the text keeps the dying character in agony « pour
// permettre à vos alliés de vous soigner », and first aid « permet de
// maintenir en vie un agonisant ». A treatment holds while it lasts if it
// treats the current state; one that cannot apply was never begun, so it
// holds nothing. Recovering from fatigue is no deterioration, and nothing
// treats it.
func (s *healthSim) holder(pending []pendingAction) *pendingAction {
	if s.due == never || s.state == "fatigued" {
		return nil
	}
	var h *pendingAction
	for i := range pending {
		if ok, _, _ := s.applicable(pending[i].ev); ok && (h == nil || pending[i].end < h.end) {
			h = &pending[i]
		}
	}
	return h
}

// hold says, at t, the minute the timer of the current state falls due,
// that the treatment h holds it.
func (s *healthSim) hold(h *pendingAction, t int) {
	would := say("serait devenu $1", "would have become $1", stateWords(s.next()))
	if s.next() == "dead" {
		would = words{"serait mort", "would have died"}
	}
	s.steps = append(s.steps, step(s.doc(), s.timerRule(), say(
		"À la minute $1, le personnage $2, mais le soin commencé à la minute $3 ($4), alors qu’il était $5, le maintient $5 jusqu’à sa fin, à la minute $6.",
		"At minute $1 the character $2, but the treatment begun at minute $3 ($4), while they were $5, keeps them $5 until it ends, at minute $6.",
		t, would, h.ev.at, lower(actionWords(h.ev.action)), stateWords(s.state), h.end)))
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

// ignoredSaid is how many actions without effect the answer names, with
// their reason.
const ignoredSaid = 2

func (s *healthSim) output() map[string]any {
	ign := make([]any, 0, len(s.ignored))
	for i := 1; i < len(s.ignored); i++ {
		for j := i; j > 0 && s.ignored[j].index < s.ignored[j-1].index; j-- {
			s.ignored[j], s.ignored[j-1] = s.ignored[j-1], s.ignored[j]
		}
	}
	for _, g := range s.ignored {
		ign = append(ign, map[string]any{"index": f(g.index), "reason": g.reason, "fr": g.why[0], "en": g.why[1]})
	}
	out := map[string]any{
		"timeline":    s.timeline,
		"final_state": s.state,
		"ignored":     ign,
		"steps":       s.steps,
	}
	ans := say("À la minute $1 : **$2** depuis la minute **$3**.", "At minute $1: **$2** since minute **$3**.", s.until, stateWords(s.state), s.since)
	if s.since == 0 {
		ans = say("À la minute $1 : **$2** depuis le début.", "At minute $1: **$2** since the start.", s.until, stateWords(s.state))
	}
	if s.state == "dead" {
		out["body_until"] = f(s.bodyUntil)
		ans = s.body(ans)
	} else if s.held != nil {
		ans = say("$1 Ensuite : le soin ($2) finit à la minute $3 ; d’ici là, le personnage reste $4.",
			"$1 Next: the treatment ($2) ends at minute $3; until then the character stays $4.", ans, lower(actionWords(s.held.ev.action)), s.held.end, stateWords(s.state))
	} else if s.due != never {
		ans = say("$1 Ensuite : $2 à la minute $3.", "$1 Next: $2 at minute $3.", ans, stateWords(s.next()), s.due)
	}
	// The answer says which action had no effect and why: "one action had
	// no effect", with the reason left in the steps, sent players looking
	// for it. Past the first few, the others are counted.
	for i, g := range s.ignored {
		if i == ignoredSaid {
			break
		}
		ans = say("$1 L’action $2, $3 à la minute $4, est restée sans effet, car $5.",
			"$1 Action $2, $3 at minute $4, had no effect, because $5.", ans, g.index+1, lower(actionWords(g.action)), g.at, g.why)
	}
	if n := len(s.ignored) - ignoredSaid; n > 0 {
		ans = say("$1 {2:Une autre action est restée|$2 autres actions sont restées} sans effet (les étapes du calcul disent pourquoi).",
			"$1 {2:One other action|$2 other actions} had no effect (the steps say why).", ans, n)
	}
	out["answer"] = answer(ans)
	return out
}

// lasting writes a delay of m minutes as the rules' texts do: whole hours in
// hours, the rest in minutes; spelled writes one hour in words ("une
// heure plus tard"), as a sentence says it.
func lasting(m int, spelled bool) words {
	switch {
	case spelled && m == 60:
		return words{"une heure", "an hour"}
	case m > 0 && m%60 == 0:
		return say("$1 heure{|s}", "$1 hour{|s}", m/60)
	}
	return say("$1 minute{|s}", "$1 minute{|s}", m)
}

// acting says how long a treatment takes, in the middle of a sentence: the
// texts give laying on hands and the potion no duration.
func acting(m int) words {
	if m == 0 {
		return words{"agit aussitôt", "acts at once"}
	}
	return say("dure $1", "takes $1", lasting(m, false))
}
