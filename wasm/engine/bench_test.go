package engine

import "testing"

func benchCalc(b *testing.B, name, in string) {
	v := decodeJSON(b, in)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Calculate(name, v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDice(b *testing.B) { benchCalc(b, "dice", `{"expr":"2d6+1d4-1"}`) }

func BenchmarkArmor(b *testing.B) {
	benchCalc(b, "armor", `{"magic":2,"locations":{"torso":"plate","arms":"chain"},"helmet":true,"hits":[4,1,1,1,2,0,1]}`)
}

func BenchmarkHealthFantasy(b *testing.B) {
	benchCalc(b, "health-fantasy", `{"state":"dying","combat_ends_at":10,"events":[{"at":2,"action":"first_aid"},{"at":20,"action":"medicine"},{"at":30,"action":"potion"}]}`)
}

func BenchmarkHealthModern(b *testing.B) {
	benchCalc(b, "health-modern", `{"state":"wounded","events":[{"at":5,"action":"first_aid","level":"novice"},{"at":70,"action":"surgery","level":"expert","calm_place":true}]}`)
}

func BenchmarkWounds(b *testing.B) {
	benchCalc(b, "wounds", `{"dice":2,"die":6,"medicine_bonus":5,"queue":[5,3,4]}`)
}

func BenchmarkCasting(b *testing.B) {
	benchCalc(b, "casting", `{"magic":4,"apprenticeship":3,"difficulty":2}`)
}

func BenchmarkStudy(b *testing.B) { benchCalc(b, "study", `{"hours":4,"p_test":0.9}`) }

func BenchmarkDyingMagic(b *testing.B) {
	benchCalc(b, "dying-magic", `{"slot_level":5,"con_save_bonus":2}`)
}

func BenchmarkSpellDuel(b *testing.B) {
	benchCalc(b, "spell-duel", `{"a":{"magic":4,"apprenticeship":3,"element":"fire"},"b":{"magic":2,"apprenticeship":2,"element":"vine"}}`)
}

func BenchmarkUnarmedDuel(b *testing.B) {
	benchCalc(b, "unarmed-duel", `{"score":4,"opponents":[2,3,3]}`)
}

func BenchmarkPathfinderDuel(b *testing.B) {
	benchCalc(b, "pathfinder-duel", `{"mode":"counter","spellcraft_bonus":8,"spell_level":3,"caster_level":7,"relation":"different_school","slot_level":4}`)
}

func BenchmarkCritical(b *testing.B) { benchCalc(b, "critical", `{"attack_bonus":5,"ac":15}`) }

// BenchmarkDiceLargest is the largest expression allowed: 200 dice of 1000
// faces, 199,801 values.
func BenchmarkDiceLargest(b *testing.B) { benchCalc(b, "dice", `{"expr":"100d1000+100d1000"}`) }

// BenchmarkDiceLargestTerm is the largest single term of the spec.
func BenchmarkDiceLargestTerm(b *testing.B) { benchCalc(b, "dice", `{"expr":"100d1000"}`) }

// BenchmarkDiceDistLargest is the convolution alone, without the output tree.
func BenchmarkDiceDistLargest(b *testing.B) {
	e, err := ParseDice("100d1000+100d1000")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		e.Dist()
	}
}
