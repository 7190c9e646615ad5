package arena

import (
	"strings"
	"testing"

	"robocom/robolang"
)

// Cycle-exact tests of every instruction and rule, with fixed placements. Each expected
// cycle is worked out from ROBOCOM.md in the comment next to it: an instruction fetched in
// cycle t with duration d completes in t+d−1 and the next is fetched in t+d.

type step struct {
	cycle int
	check func(tg *testGame)
}

type engineCase struct {
	name   string
	opts   func(o *Options)
	places []Placement
	progs  []string
	steps  []step // run (cycle by cycle) to each cycle in turn, then check
	log    string // if set: the event log (without cycle-0 spawns) must contain this
	nolog  string // if set: the event log must not contain this
}

func v(id, n int, want int16) func(*testGame) {
	return func(tg *testGame) { tg.t.Helper(); tg.expectVar(id, n, want) }
}

func died(id, c int, why Reason) func(*testGame) {
	return func(tg *testGame) { tg.t.Helper(); tg.expectDeath(id, c, why) }
}

func pos(id, x, y int) func(*testGame) {
	return func(tg *testGame) {
		tg.t.Helper()
		r := tg.robot(id)
		if r.X != x || r.Y != y {
			tg.t.Errorf("cycle %d: robot %d at %d,%d, want %d,%d", tg.Cycle(), id, r.X, r.Y, x, y)
		}
	}
}

func facing(id int, d Dir) func(*testGame) {
	return func(tg *testGame) {
		tg.t.Helper()
		if r := tg.robot(id); r.Dir != d {
			tg.t.Errorf("cycle %d: robot %d faces %s, want %s", tg.Cycle(), id, r.Dir, d)
		}
	}
}

func alive(id int) func(*testGame) {
	return func(tg *testGame) { tg.t.Helper(); tg.robot(id) }
}

func mobile(o *Options) { o.FirstMobile = true }

var engineCases = []engineCase{
	// --- arithmetic and flow ---
	{name: "sub", progs: []string{"SUB #1, 3"}, steps: []step{{5, v(1, 1, 0)}, {6, v(1, 1, -3)}}},
	{name: "set", progs: []string{"SET #1, -475"}, steps: []step{{4, v(1, 1, 0)}, {5, v(1, 1, -475)}}},
	{name: "set from variable", progs: []string{"SET #1, 7\nSET #20, #1"}, steps: []step{{10, v(1, 20, 7)}}},
	// COMP 1-3 skips; SET #2 4-8.
	{name: "comp equal skips", progs: []string{"COMP 1, 1\nSET #1, 5\nSET #2, 7"},
		steps: []step{{7, v(1, 2, 0)}, {8, v(1, 2, 7)}, {8, v(1, 1, 0)}}},
	{name: "comp unequal goes on", progs: []string{"COMP 1, 2\nSET #1, 5\nSET #2, 7"},
		steps: []step{{8, v(1, 1, 5)}, {8, v(1, 2, 0)}}},
	// JUMP 1-2; SET #2 3-7.
	{name: "jump", progs: []string{"JUMP 2\nSET #1, 1\nSET #2, 1"}, steps: []step{{6, v(1, 2, 0)}, {7, v(1, 2, 1)}, {7, v(1, 1, 0)}}},
	{name: "jump 0 repeats", progs: []string{"JUMP 0\nSET #1, 1"}, steps: []step{{200, v(1, 1, 0)}}},
	{name: "jump label", progs: []string{"JUMP @x\nSET #1, 1\n@x\nSET #2, 1"}, steps: []step{{7, v(1, 2, 1)}, {7, v(1, 1, 0)}}},
	// SET 1-5, ADD 6-11, JUMP 12-13 to instruction 8: none, so the fetch in 14 reboots:
	// SET 14-18, ADD 19-24.
	{name: "jump outside reboots", progs: []string{"SET #1, 1\nADD #2, 1\nJUMP 5"},
		steps: []step{{23, v(1, 2, 1)}, {24, v(1, 2, 2)}}},
	// Falling off the end reboots: ADD 1-6, (fetch 7 reboots) ADD 7-12.
	{name: "end of bank reboots", progs: []string{"ADD #1, 1"}, steps: []step{{11, v(1, 1, 1)}, {12, v(1, 1, 2)}}},
	// BJUMP 1-5; SET #2 (bank 2, instruction 2) 6-10; then reboot: BJUMP 11-15, SET #2 16-20.
	{name: "bjump", progs: []string{"Bank A\nBJUMP 2, 2\nBank B\nSET #1, 1\nADD #2, 2"},
		steps: []step{{10, v(1, 2, 0)}, {11, v(1, 2, 2)}, {11, v(1, 1, 0)}, {22, v(1, 2, 4)}}},
	// BJUMP to a bank the robot lacks: the fetch in 6 reboots to BJUMP again; #1 never set.
	{name: "bjump to missing bank reboots", progs: []string{"Bank A\nBJUMP 7, 1\nSET #1, 1"}, steps: []step{{100, v(1, 1, 0)}}},
	{name: "bjump past the end reboots", progs: []string{"Bank A\nBJUMP 2, 5\nBank B\nSET #1, 1"}, steps: []step{{100, v(1, 1, 0)}}},
	// BJUMP with a label of another bank is that instruction's number.
	{name: "bjump label", progs: []string{"Bank A\nBJUMP 2, @t\nBank B\nSET #1, 1\n@t\nSET #2, 1"},
		steps: []step{{10, v(1, 2, 1)}, {10, v(1, 1, 0)}}},

	// --- turning and moving; wrap at all four edges, x and y kept apart ---
	{name: "turn", places: []Placement{at(3, 4, North)}, progs: []string{"TURN 0\nTURN 1\nTURN 5\nJUMP 0"},
		steps: []step{{4, facing(1, North)}, {5, facing(1, West)}, {10, facing(1, North)}, {15, facing(1, East)}},
		log:   "5:1:turn:W 10:1:turn:N 15:1:turn:E"},
	{name: "move north wraps", opts: mobile, places: []Placement{at(3, 0, North)}, progs: []string{"MOVE"},
		steps: []step{{17, pos(1, 3, 0)}, {18, pos(1, 3, 15)}, {36, pos(1, 3, 14)}}, log: "18:1:move:3,15 36:1:move:3,14"},
	{name: "move south wraps", opts: mobile, places: []Placement{at(3, 15, South)}, progs: []string{"MOVE"},
		steps: []step{{18, pos(1, 3, 0)}, {36, pos(1, 3, 1)}}},
	{name: "move west wraps", opts: mobile, places: []Placement{at(0, 5, West)}, progs: []string{"MOVE"},
		steps: []step{{18, pos(1, 15, 5)}, {36, pos(1, 14, 5)}}},
	{name: "move east wraps", opts: mobile, places: []Placement{at(15, 5, East)}, progs: []string{"MOVE"},
		steps: []step{{18, pos(1, 0, 5)}, {36, pos(1, 1, 5)}}},
	{name: "move east wraps on a 10 board", opts: func(o *Options) { o.FirstMobile = true; o.Board = 10 },
		places: []Placement{at(9, 2, East)}, progs: []string{"MOVE"}, steps: []step{{18, pos(1, 0, 2)}}},
	{name: "move south wraps on a 10 board", opts: func(o *Options) { o.FirstMobile = true; o.Board = 10 },
		places: []Placement{at(2, 9, South)}, progs: []string{"MOVE"}, steps: []step{{18, pos(1, 2, 0)}}},
	{name: "move not mobile", places: []Placement{at(3, 4, North)}, progs: []string{"MOVE"},
		steps: []step{{17, alive(1)}, {18, died(1, 18, ReasonNotMobile)}}},
	{name: "move onto an occupied field", opts: mobile, places: []Placement{at(3, 4, East), at(4, 4, North)},
		progs: []string{"MOVE\nJUMP 0", "JUMP 0"}, steps: []step{{40, pos(1, 3, 4)}}, nolog: "move"},
	// Both step onto 4,4 in cycle 18: the older robot (1) gets there, 2 stays.
	{name: "two moves onto one field", opts: mobile, places: []Placement{at(3, 4, East), at(5, 4, West)},
		progs: []string{"MOVE\nJUMP 0", "MOVE\nJUMP 0"}, steps: []step{{18, pos(1, 4, 4)}, {18, pos(2, 5, 4)}},
		log: "18:1:move:4,4"},
	{name: "die", progs: []string{"DIE"}, steps: []step{{1, died(1, 1, ReasonDie)}}},

	// --- scanning and remotes ---
	{name: "scan empty", places: []Placement{at(3, 4, North)}, progs: []string{"SET #1, 9\nSCAN #1"}, steps: []step{{11, v(1, 1, 0)}}},
	{name: "scan enemy", places: []Placement{at(3, 4, East), at(4, 4, North)}, progs: []string{"SCAN #1\nJUMP 0", "JUMP 0"},
		steps: []step{{5, v(1, 1, 0)}, {6, v(1, 1, 1)}}},
	// CREATE 0,1,0: 70 cycles, child in front; SCAN 71-76.
	{name: "scan friend", places: []Placement{at(3, 4, North)}, progs: []string{"CREATE 0, 1, 0\nSCAN #1\nJUMP 0"},
		steps: []step{{76, v(1, 1, 2)}}},
	// SET %Active,0 1-13; SCAN %Active 14-27 writes 1 (enemy) into robot 2's #Active.
	{name: "scan into active", places: []Placement{at(3, 4, East), at(4, 4, North)},
		progs: []string{"SET %Active, 0\nSCAN %Active\nJUMP 0", "JUMP 0"}, log: "13:1:deactivate:2 27:1:activate:2"},
	// Remotes of an empty field read 0, writes are lost; each remote costs 8: 13, 13, 13.
	{name: "remote on empty field", places: []Placement{at(3, 4, North)},
		progs: []string{"SET #1, 5\nSET %Active, 1\nSET #1, %Active\nSET #2, %Banks\nADD #3, %Mobile\nJUMP 0"},
		steps: []step{{18, v(1, 1, 5)}, {31, v(1, 1, 0)}, {44, v(1, 2, 0)}, {44, v(1, 3, 0)}}},
	{name: "remote reads", places: []Placement{at(3, 4, East), at(4, 4, North)},
		progs: []string{"SET #1, %Banks\nSET #2, %InstrSet\nSET #3, %Mobile\nSET #4, %Active\nJUMP 0", "Bank A\nJUMP 0\nBank B\nBank C"},
		steps: []step{{13, v(1, 1, 3)}, {26, v(1, 2, 2)}, {39, v(1, 3, 0)}, {52, v(1, 4, 1)}}},
	{name: "own constants", opts: func(o *Options) { o.Board = 12 }, places: []Placement{at(3, 4, North)},
		progs: []string{"Bank A\nSET #1, $Banks\nSET #2, $Fields\nSET #3, $InstrSet\nSET #4, $Mobile\nSET #5, #Active\nBank B\nBank C"},
		steps: []step{{25, func(tg *testGame) {
			for i, want := range []int16{3, 12, 2, 0, 1} {
				tg.expectVar(1, i+1, want)
			}
		}}}},
	// SUB %Active facing nothing reads 0: 0 − 6000 < −5000 eliminates.
	{name: "sub remote on empty field eliminates", places: []Placement{at(3, 4, North)}, progs: []string{"SUB %Active, 6000"},
		steps: []step{{14, died(1, 14, ReasonElimination)}}}, // 6+8

	// --- elimination trigger and 16 bits ---
	{name: "add to the trigger is fine", progs: []string{"SET #1, 4999\nADD #1, 1\nJUMP 0"}, steps: []step{{11, v(1, 1, 5000)}}},
	{name: "add past the trigger eliminates", progs: []string{"SET #1, 5000\nADD #1, 1"}, steps: []step{{11, died(1, 11, ReasonElimination)}}},
	{name: "sub past the trigger eliminates", progs: []string{"SUB #1, 5000\nSUB #1, 1"}, steps: []step{{6, v(1, 1, -5000)}, {12, died(1, 12, ReasonElimination)}}},
	{name: "elim-trigger option", opts: func(o *Options) { o.ElimTrigger = 100 }, progs: []string{"ADD #1, 100\nADD #1, 1"},
		steps: []step{{6, v(1, 1, 100)}, {12, died(1, 12, ReasonElimination)}}},
	{name: "elim-trigger 0", opts: func(o *Options) { o.ElimTrigger = 0 }, progs: []string{"ADD #1, 0\nSUB #1, 1"},
		steps: []step{{6, v(1, 1, 0)}, {12, died(1, 12, ReasonElimination)}}},
	{name: "16-bit overflow eliminates at 32767", opts: func(o *Options) { o.ElimTrigger = 32767 },
		progs: []string{"SET #1, 32767\nADD #1, 1"}, steps: []step{{10, v(1, 1, 32767)}, {11, died(1, 11, ReasonElimination)}}},
	{name: "16-bit underflow eliminates at 32767", opts: func(o *Options) { o.ElimTrigger = 32767 },
		progs: []string{"SUB #2, 32767\nSUB #2, 1"}, steps: []step{{6, v(1, 2, -32767)}, {12, died(1, 12, ReasonElimination)}}},

	// --- TRANS ---
	// TRANS 2,1 of a 2-instruction bank: 5+3·2 = 11. Robot 2 fetches in 11 after the
	// transfer (it is younger): the new bank's SET #1, 9 (11-15).
	{name: "trans", places: []Placement{at(3, 4, East), at(4, 4, West)},
		progs: []string{"Bank A\nTRANS 2, 1\nJUMP 0\nBank Gift\nSET #1, 9\nJUMP 0", "JUMP 0"},
		steps: []step{{12, func(tg *testGame) {
			b := tg.robot(2).Banks[0]
			if b.Name != "Gift" || b.Origin != 0 || b.Len != 2 || b.Hidden {
				tg.t.Errorf("transferred bank = %+v", b)
			}
		}}, {14, v(2, 1, 0)}, {15, v(2, 1, 9)}},
		log: "11:1:trans:2:2>1"},
	{name: "trans to an empty field", places: []Placement{at(3, 4, North)}, progs: []string{"TRANS 1, 1\nSET #1, 1"},
		steps: []step{{15, v(1, 1, 0)}, {16, v(1, 1, 1)}}, nolog: "trans"},
	{name: "trans to a missing bank", places: []Placement{at(3, 4, East), at(4, 4, West)}, progs: []string{"TRANS 1, 3\nSET #1, 1", "JUMP 0"},
		steps: []step{{15, v(1, 1, 0)}, {16, v(1, 1, 1)}}, nolog: "trans"},
	// Own bank 3 missing: N = 0, so 5 cycles; error 12 even facing nothing.
	{name: "trans of a missing bank", places: []Placement{at(3, 4, North)}, progs: []string{"TRANS 3, 1"},
		steps: []step{{5, died(1, 5, ReasonNoSourceBank)}}},
	{name: "trans cost option", opts: func(o *Options) { o.Cost[robolang.OpTrans] = 1; o.TransPerInstr = 10 },
		places: []Placement{at(3, 4, North)}, progs: []string{"TRANS 1, 1\nSET #1, 1"}, steps: []step{{25, v(1, 1, 0)}, {26, v(1, 1, 1)}}},
	// Robot 2 fetched CREATE (70 cycles, 6-75); in 11 its bank 1 is replaced: in 75 it
	// executes the new bank's instruction 2 (SET #3, 4); the fetch in 76 reboots: SET #2 76-80.
	{name: "bank replaced mid-instruction", places: []Placement{at(3, 4, East), at(4, 4, West)},
		progs: []string{"Bank A\nTRANS 2, 1\nJUMP 0\nBank New\nSET #2, 3\nSET #3, 4", "SET #1, 1\nCREATE 0, 1, 0\nJUMP 0"},
		steps: []step{{74, v(2, 3, 0)}, {75, v(2, 3, 4)}, {79, v(2, 2, 0)}, {80, v(2, 2, 3)}}},
	// The same with a 1-instruction bank (TRANS 8 cycles): in 75 nothing stands at
	// instruction 2, nothing happens; reboot in 76.
	{name: "bank shortened mid-instruction", places: []Placement{at(3, 4, East), at(4, 4, West)},
		progs: []string{"Bank A\nTRANS 2, 1\nJUMP 0\nBank New\nSET #2, 3", "SET #1, 1\nCREATE 0, 1, 0\nSET #3, 4"},
		steps: []step{{79, v(2, 2, 0)}, {80, v(2, 2, 3)}, {90, v(2, 3, 0)}}},
	// Robot 2 completes JUMP 1 in 7 and fetches in 8, after robot 1's TRANS of [DIE] into
	// its bank 1 in 8: instruction 3 is gone, reboot, DIE in 8.
	{name: "trans before the victim's fetch", places: []Placement{at(3, 4, East), at(4, 4, West)},
		progs: []string{"Bank A\nTRANS 2, 1\nJUMP 0\nBank D\nDIE", "SET #1, 1\nJUMP 1\nSET #5, 5\nJUMP 0"},
		steps: []step{{8, died(2, 8, ReasonDie)}}},
	// Robot 1 (older) fetches SET #5 in 8 (8-12) before robot 2's TRANS in 8: in 12 nothing
	// stands at instruction 3; reboot in 13: DIE.
	{name: "trans after the victim's fetch", places: []Placement{at(3, 4, East), at(4, 4, West)},
		progs: []string{"SET #1, 1\nJUMP 1\nSET #5, 5\nJUMP 0", "Bank A\nTRANS 2, 1\nJUMP 0\nBank D\nDIE"},
		steps: []step{{12, v(1, 5, 0)}, {13, died(1, 13, ReasonDie)}}},

	// --- CREATE ---
	{name: "create", places: []Placement{at(3, 4, North)}, progs: []string{"CREATE 0, 1, 0\nJUMP 0"},
		steps: []step{{69, func(tg *testGame) {
			if tg.At(3, 3) != 0 {
				tg.t.Error("built too early")
			}
		}}, {70, func(tg *testGame) {
			c := tg.robot(2)
			if c.X != 3 || c.Y != 3 || c.Dir != North || c.Set != 0 || c.Mobile || len(c.Banks) != 1 ||
				c.Banks[0].Len != 0 || c.Active != 0 || c.Team != 0 || c.Generation != 1 || c.Parent != 1 {
				tg.t.Errorf("child = %+v", c)
			}
			last := tg.events[len(tg.events)-1]
			if last.Kind != EvSpawn || last.Robot != 2 || last.Parent != 1 || last.Banks != 1 || last.Set != 0 || last.Mobile {
				tg.t.Errorf("spawn event = %+v", last)
			}
		}}},
		log: "70:2:spawn:3,3N"},
	{name: "create cost set 1 mobile", places: []Placement{at(3, 4, West)}, progs: []string{"CREATE 1, 2, 1\nJUMP 0"},
		steps: []step{{220, func(tg *testGame) {
			last := tg.events[len(tg.events)-1]
			if last.Kind != EvSpawn || last.Banks != 2 || last.Set != 1 || !last.Mobile || last.Cycle != 220 {
				tg.t.Errorf("spawn event = %+v", last)
			}
		}}},
		log: "220:2:spawn:2,4W"}, // (50+40)·2+40
	{name: "create cost set 2, 50 banks, mobile", places: []Placement{at(3, 4, South)}, progs: []string{"CREATE 2, 50, 1\nJUMP 0"},
		log: "2180:2:spawn:3,5S"}, // (50+1000)·2+80
	{name: "create cost options", opts: func(o *Options) {
		o.Cost[robolang.OpCreate] = 10
		o.CreatePerBank, o.CreateMobileFactor, o.CreateSet1, o.CreateSet2 = 1, 3, 100, 1000
	}, places: []Placement{at(3, 4, South)}, progs: []string{"CREATE 1, 2, 1\nJUMP 0"}, log: "136:2:spawn:3,5S"}, // (10+2)·3+100
	{name: "create onto an occupied field", places: []Placement{at(3, 4, East), at(4, 4, North)},
		progs: []string{"CREATE 0, 1, 0\nSET #1, 1", "JUMP 0"}, steps: []step{{75, v(1, 1, 1)}}, nolog: "spawn"},
	{name: "create 0 banks", places: []Placement{at(3, 4, North)}, progs: []string{"CREATE 2, 0, 0"},
		steps: []step{{130, died(1, 130, ReasonInvalidBanks)}}}, // 50+80
	{name: "create 51 banks", places: []Placement{at(3, 4, North)}, progs: []string{"CREATE 0, 51, 0"},
		steps: []step{{1070, died(1, 1070, ReasonInvalidBanks)}}},
	{name: "create negative banks lasts at least 1", places: []Placement{at(3, 4, North)}, progs: []string{"CREATE 0, -5, 0"},
		steps: []step{{1, died(1, 1, ReasonInvalidBanks)}}},
	{name: "create set 3", places: []Placement{at(3, 4, North)}, progs: []string{"CREATE 3, 1, 0"},
		steps: []step{{70, died(1, 70, ReasonInvalidParameter)}}},
	{name: "create mobile 2", places: []Placement{at(3, 4, North)}, progs: []string{"CREATE 0, 1, 2"},
		steps: []step{{70, died(1, 70, ReasonInvalidParameter)}}},
	{name: "error 11 before 13", places: []Placement{at(3, 4, North)}, progs: []string{"CREATE 3, 0, 0"},
		steps: []step{{50, died(1, 50, ReasonInvalidBanks)}}},
	{name: "create errors before the field is looked at", places: []Placement{at(3, 4, East), at(4, 4, North)},
		progs: []string{"CREATE 0, 60, 0", "JUMP 0"}, steps: []step{{1250, died(1, 1250, ReasonInvalidBanks)}}},

	// --- instruction sets (a parent builds a child, gives it bank 2, activates it) ---
	// CREATE 0,1,0 1-70; TRANS 2,1 (N=1) 71-78; SET %Active,1 79-91: the child is activated
	// in 91 and, being younger, fetches in 91.
	{name: "activated child acts in the same cycle", places: []Placement{at(3, 4, North)},
		progs: []string{"Bank A\nCREATE 0, 1, 0\nTRANS 2, 1\nSET %Active, 1\nJUMP 0\nBank B\nDIE"},
		steps: []step{{91, died(2, 91, ReasonDie)}}, log: "91:1:activate:2 91:2:death:die"},
	{name: "set 0 scan: error 5", places: []Placement{at(3, 4, North)},
		progs: []string{"Bank A\nCREATE 0, 1, 0\nTRANS 2, 1\nSET %Active, 1\nJUMP 0\nBank B\nSCAN #1"},
		steps: []step{{96, died(2, 96, ReasonSet1Required)}}},
	{name: "set 0 trans: error 5", places: []Placement{at(3, 4, North)},
		progs: []string{"Bank A\nCREATE 0, 1, 0\nTRANS 2, 1\nSET %Active, 1\nJUMP 0\nBank B\nTRANS 1, 1"},
		steps: []step{{98, died(2, 98, ReasonSet1Required)}}}, // 5+3·1
	{name: "set 0 remote: error 5", places: []Placement{at(3, 4, North)},
		progs: []string{"Bank A\nCREATE 0, 1, 0\nTRANS 2, 1\nSET %Active, 1\nJUMP 0\nBank B\nSET #1, %Active"},
		steps: []step{{103, died(2, 103, ReasonSet1Required)}}},
	{name: "set 0 create: error 6", places: []Placement{at(3, 4, North)},
		progs: []string{"Bank A\nCREATE 0, 1, 0\nTRANS 2, 1\nSET %Active, 1\nJUMP 0\nBank B\nCREATE 0, 1, 0"},
		steps: []step{{160, died(2, 160, ReasonSet2Required)}}},
	// CREATE's own requirement (6) comes before the remote operand's (5): %Banks of the
	// empty field in front of the child is 0, so 50+20+8 = 78 cycles: 91-168.
	{name: "set 0 create with remote: error 6 first", places: []Placement{at(3, 4, North)},
		progs: []string{"Bank A\nCREATE 0, 1, 0\nTRANS 2, 1\nSET %Active, 1\nJUMP 0\nBank B\nCREATE %Banks, 1, 0"},
		steps: []step{{168, died(2, 168, ReasonSet2Required)}}},
	// Set 1: CREATE 1,1,0 takes 110; TRANS 111-118; SET %Active 119-131; CREATE 131-200.
	{name: "set 1 create: error 6", places: []Placement{at(3, 4, North)},
		progs: []string{"Bank A\nCREATE 1, 1, 0\nTRANS 2, 1\nSET %Active, 1\nJUMP 0\nBank B\nCREATE 0, 1, 0"},
		steps: []step{{200, died(2, 200, ReasonSet2Required)}}},
	{name: "set 1 scan and remote are fine", places: []Placement{at(3, 4, North)},
		progs: []string{"Bank A\nCREATE 1, 1, 0\nTRANS 2, 1\nSET %Active, 1\nTURN 1\nJUMP 0\nBank B\nSCAN #1\nSET #2, %Active\nSET #3, 1\nJUMP 0"},
		steps: []step{{170, func(tg *testGame) {
			tg.expectVar(2, 1, 0) // the parent behind the child is not in front of it
			tg.expectVar(2, 3, 1)
		}}}},
	{name: "set 0 not mobile: error 9", places: []Placement{at(3, 4, North)},
		progs: []string{"Bank A\nCREATE 0, 1, 0\nTRANS 2, 1\nSET %Active, 1\nJUMP 0\nBank B\nMOVE"},
		steps: []step{{108, died(2, 108, ReasonNotMobile)}}},

	// --- data hunger ---
	{name: "data hunger of a first robot", progs: []string{"Bank A\nBank B\nDIE"}, steps: []step{{1, died(1, 1, ReasonDataHunger)}}},
	// CREATE 1-70, SET %Active,1 71-83: the child has an empty bank 1.
	{name: "data hunger on activation", places: []Placement{at(3, 4, North)}, progs: []string{"CREATE 0, 1, 0\nSET %Active, 1\nJUMP 0"},
		steps: []step{{83, died(2, 83, ReasonDataHunger)}}},
	// Robot 1 falls off its bank 1 into a reboot after its own bank 1 was emptied by robot 2.
	{name: "data hunger at reboot", places: []Placement{at(3, 4, East), at(4, 4, West)},
		progs: []string{"Bank A\nSET #1, 1\nSET #1, 2\nSET #1, 3", "Bank A\nTRANS 2, 1\nJUMP 0\nBank Empty"},
		steps: []step{{5, v(1, 1, 1)}, {6, died(1, 6, ReasonDataHunger)}}}, // TRANS of an empty bank: 5 cycles

	// --- activity: frozen instructions and the turn order ---
	// Robot 1: SET 1-5, SET 6-10, ADD fetched 11 (due 16). Robot 2 deactivates it in 13
	// (after robot 1's turn: turns 11,12,13 counted, 3 left) and reactivates it in 26
	// (after its turn): turns 27, 28, 29.
	{name: "older robot frozen and resumed", places: []Placement{at(3, 4, East), at(4, 4, West)},
		progs: []string{"SET #1, 1\nSET #2, 1\nADD #3, 1\nJUMP 0", "SET %Active, 0\nSET %Active, 1\nJUMP 0"},
		steps: []step{{28, v(1, 3, 0)}, {29, v(1, 3, 1)}}, log: "13:2:deactivate:1 26:2:activate:1"},
	// Robot 2 is younger: deactivated in 13 before its turn (turns 11, 12 counted, 4 left),
	// reactivated in 26 before its turn: turns 26, 27, 28, 29.
	{name: "younger robot frozen and resumed", places: []Placement{at(3, 4, East), at(4, 4, West)},
		progs: []string{"SET %Active, 0\nSET %Active, 1\nJUMP 0", "SET #1, 1\nSET #2, 1\nADD #3, 1\nJUMP 0"},
		steps: []step{{28, v(2, 3, 0)}, {29, v(2, 3, 1)}}, log: "13:1:deactivate:2 26:1:activate:2"},
	// Robot 1 completes COMP in 13 (SET 1-5, SET 6-10, COMP 11-13) and would fetch in 14;
	// robot 2 deactivates it in 13 and reactivates it in 26, after its turn: SET #2 27-31.
	{name: "frozen between instructions", places: []Placement{at(3, 4, East), at(4, 4, West)},
		progs: []string{"SET #1, 1\nSET #1, 2\nCOMP 1, 2\nSET #2, 5\nJUMP 0", "SET %Active, 0\nSET %Active, 1\nJUMP 0"},
		steps: []step{{30, v(1, 2, 0)}, {31, v(1, 2, 5)}}},
	// A robot deactivating itself stops; #Active of 7 is active.
	{name: "self deactivation", progs: []string{"SET #Active, 0\nSET #1, 1"}, steps: []step{{100, v(1, 1, 0)}}, log: "5:1:deactivate:1"},
	{name: "active above 1", progs: []string{"SET #Active, 7\nSET #1, 1"}, steps: []step{{10, v(1, 1, 1)}}, nolog: "activate"},
	{name: "active below 0", progs: []string{"SUB #Active, 3\nSET #1, 1"}, steps: []step{{100, v(1, 1, 0)}}, log: "6:1:deactivate:1"},

	// --- costs ---
	{name: "cost option", opts: func(o *Options) { o.Cost[robolang.OpAdd] = 2 }, progs: []string{"ADD #1, 1\nADD #1, 1"},
		steps: []step{{2, v(1, 1, 1)}, {4, v(1, 1, 2)}}},
	{name: "cost 0 still takes a turn", opts: func(o *Options) { o.Cost[robolang.OpAdd] = 0 }, progs: []string{"ADD #1, 1\nADD #1, 1"},
		steps: []step{{1, v(1, 1, 1)}, {2, v(1, 1, 2)}}},
	{name: "remote cost option", opts: func(o *Options) { o.RemoteCost = 1 }, places: []Placement{at(3, 4, North)},
		progs: []string{"COMP %Active, 1\nSET #1, 1"}, steps: []step{{8, v(1, 1, 0)}, {9, v(1, 1, 1)}}}, // COMP 3+1: 1-4; SET 5-9
}

func TestEngine(t *testing.T) {
	for _, tc := range engineCases {
		t.Run(strings.ReplaceAll(tc.name, " ", "_"), func(t *testing.T) {
			o := Classic()
			if tc.opts != nil {
				tc.opts(o)
			}
			tg := newGame(t, o, tc.places, tc.progs...)
			for _, s := range tc.steps {
				tg.to(s.cycle)
				s.check(tg)
			}
			if tc.log != "" || tc.nolog != "" {
				if len(tc.steps) == 0 {
					tg.to(3000)
				}
				l := tg.log()
				if tc.log != "" && !strings.Contains(l, tc.log) {
					t.Errorf("event log lacks %q:\n%s", tc.log, clip(l))
				}
				if tc.nolog != "" && strings.Contains(l, ":"+tc.nolog) {
					t.Errorf("event log has %q:\n%s", tc.nolog, clip(l))
				}
			}
			checkInvariants(t, tg.Game)
		})
	}
}

func clip(s string) string {
	if len(s) > 600 {
		return s[:600] + "..."
	}
	return s
}
