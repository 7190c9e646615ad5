package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"robocom/arena"
)

// TestBattleRC3Trace plays RC3.md 10's example E10 through the command line: the trace
// lines carry the task, and init/turn/break are written as RC3.md 9 shows.
func TestBattleRC3Trace(t *testing.T) {
	dir := t.TempDir()
	e10 := writeBattleProg(t, dir, "e10.rob", "Name E10\nBank\nInit 1, @t2\nTurn 1\nBreak\nScan #2\nJump 0\n@t2\nScan #1\nJump @t2\n")
	enemy := writeBattleProg(t, dir, "enemy.rob", "Name Enemy\nBank\nJump 0\n")
	trace := filepath.Join(dir, "t.jsonl")
	var out, errb bytes.Buffer
	code := battleMain([]string{"-json", "-seed", "1", "-options", "rc3m", "-opt", "timeout=30", "-place", "0,0,E", "-place", "1,0,N",
		"-trace", trace, e10, enemy}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var res battleJSON
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatal(err)
	}
	if res.Options != "rc3m" || res.Timeout != 30 {
		t.Errorf("result header %+v", res)
	}
	got, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"round":1,"cycle":0,"robot":1,"program":0,"event":"spawn","parent":0,"x":0,"y":0,"dir":"E","set":2,"banks":1,"mobile":0}
{"round":1,"cycle":0,"robot":2,"program":1,"event":"spawn","parent":0,"x":1,"y":0,"dir":"N","set":2,"banks":1,"mobile":0}
{"round":1,"cycle":2,"robot":1,"program":0,"event":"init","task":1,"new_task":2,"bank":1,"instr":6,"replaced":0}
{"round":1,"cycle":18,"robot":1,"program":0,"event":"turn","task":1,"dir":"S"}
{"round":1,"cycle":20,"robot":1,"program":0,"event":"break","task":1,"ended":[2]}
`
	if string(got) != want {
		t.Errorf("trace\n%s\nwant\n%s", got, want)
	}
}

// TestRC3OptionsCLI: RC3 programs load only under an option set with RC3 instructions, and
// the new -opt keys are accepted by battle and tournament.
func TestRC3OptionsCLI(t *testing.T) {
	dir := t.TempDir()
	mt := writeBattleProg(t, dir, "mt.rob", "Name MT\nBank\nInit 1, 1\nSleep 3\nJump -1\n")
	loop := writeBattleProg(t, dir, "loop.rob", "Name Loop\nBank\nJump 0\n")
	run := func(args ...string) (int, string) {
		var out, errb bytes.Buffer
		code := battleMain(args, &out, &errb)
		return code, out.String() + errb.String()
	}
	if code, e := run(mt, loop); code != 1 || !strings.Contains(e, "mt.rob:3:1: INIT is an RC3 instruction: the option set classic does not have it") {
		t.Errorf("classic: exit %d: %s", code, e)
	}
	for _, args := range [][]string{
		{"-options", "rc3", mt, loop},
		{"-options", "rc3m", "-opt", "max-tasks=3", "-opt", "max-duration=100", "-opt", "cost.sleep=2", "-opt", "cost.init=4",
			"-opt", "cost.create-mobile=7", "-opt", "cost.rtrans-per-instr=2", "-opt", "cost.farscan-per-field=1", "-opt", "timeout=500", mt, loop},
		{"-opt", "instructions=rc3", "-opt", "timeout=100", mt, loop},
	} {
		if code, e := run(args...); code != 0 {
			t.Errorf("%q: exit %d: %s", args, code, e)
		}
	}
	if code, _ := run("-options", "rc3m", "-opt", "max-tasks=101", mt); code != 2 {
		t.Errorf("max-tasks=101: exit %d, want 2", code)
	}
	var out, errb bytes.Buffer
	if code := tournamentMain([]string{"-options", "rc3m", "-opt", "timeout=300", "-rounds", "2", "-json", mt, loop}, &out, &errb); code != 0 {
		t.Errorf("tournament: exit %d: %s", code, errb.String())
	}
}

// TestRC3TraceLines: the RC3 events of RC3.md 9 as trace lines, and classic lines without
// "task".
func TestRC3TraceLines(t *testing.T) {
	for _, c := range []struct {
		e    arena.Event
		want string
	}{
		{arena.Event{Cycle: 2, Robot: 1, Kind: arena.EvInit, Task: 1, NewTask: 2, Bank: 1, Instr: 4},
			`{"round":1,"cycle":2,"robot":1,"program":0,"event":"init","task":1,"new_task":2,"bank":1,"instr":4,"replaced":0}`},
		{arena.Event{Cycle: 7, Robot: 1, Kind: arena.EvQuit, Task: 2}, `{"round":1,"cycle":7,"robot":1,"program":0,"event":"quit","task":2}`},
		{arena.Event{Cycle: 1, Robot: 3, Program: 1, Kind: arena.EvSeize, Task: 4}, `{"round":1,"cycle":1,"robot":3,"program":1,"event":"seize","task":4}`},
		{arena.Event{Cycle: 8, Robot: 1, Kind: arena.EvResume, Task: 1}, `{"round":1,"cycle":8,"robot":1,"program":0,"event":"resume","task":1}`},
		{arena.Event{Cycle: 9, Robot: 1, Kind: arena.EvBreak, Task: 3, Ended: []int{1, 2, 5}}, `{"round":1,"cycle":9,"robot":1,"program":0,"event":"break","task":3,"ended":[1,2,5]}`},
		{arena.Event{Cycle: 16, Robot: 1, Kind: arena.EvRTrans, Task: 1, Target: 2, FromBank: 1, ToBank: 2},
			`{"round":1,"cycle":16,"robot":1,"program":0,"event":"rtrans","task":1,"target":2,"from_bank":1,"to_bank":2}`},
		{arena.Event{Cycle: 12, Robot: 1, Kind: arena.EvDeath, Task: 1, Reason: arena.ReasonDurationTooHigh},
			`{"round":1,"cycle":12,"robot":1,"program":0,"event":"death","task":1,"reason":"duration_too_high"}`},
		{arena.Event{Cycle: 12, Robot: 1, Kind: arena.EvDeath, Reason: arena.ReasonDie},
			`{"round":1,"cycle":12,"robot":1,"program":0,"event":"death","reason":"die"}`},
	} {
		if got := string(appendTraceLine(nil, 1, c.e)); got != c.want+"\n" {
			t.Errorf("got  %swant %s", got, c.want)
		}
	}
}

// TestRBIRC3Hint: rbi reads a program in the language of -options, as check does (-rc3 as
// before); an RC3 program saved without either is told which option sets have it.
func TestRBIRC3Hint(t *testing.T) {
	dir := t.TempDir()
	mt := writeBattleProg(t, dir, "mt.rob", "Name MT\nBank\nInit 1, 1\nSleep 3\nJump -1\n")
	var out, errb bytes.Buffer
	if code := rbiMain(&out, &errb, []string{mt}); code != 1 || !strings.Contains(errb.String(), "INIT is an RC3 instruction: the option set classic does not have it (it needs rc3 or rc3m)") {
		t.Errorf("rbi of an RC3 program without -rc3: exit %d, %q; want 1 and the option sets that have it", code, errb.String())
	}
	for _, flags := range [][]string{{"-rc3"}, {"-options", "rc3m"}} {
		out.Reset()
		errb.Reset()
		if code := rbiMain(&out, &errb, append(flags, mt, "-o", filepath.Join(dir, flags[0][1:]+".rbi"))); code != 0 {
			t.Errorf("rbi %s: exit %d: %s", flags, code, errb.String())
		}
	}
	errb.Reset()
	bad := writeBattleProg(t, dir, "bad.rob", "Name Bad\nBank\nJump @nowhere\n")
	if code := rbiMain(&out, &errb, []string{bad}); code != 1 || strings.Contains(errb.String(), "-rc3") {
		t.Errorf("rbi of a classic program with an error: exit %d, %q; want 1 and no -rc3 hint", code, errb.String())
	}
}
