package play

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"robocom/corewars/redcode"
	"robocom/internal/bouts"
)

// HillGame is Core War as a hill plays it (internal/hill's Game): programs of one language
// played with its parameters, one process each, scored as the round-robin tournament scores
// them.
type HillGame struct {
	Language Language
	Params   Params
}

// DecodeHillGame is the game a hill stores: the language's name and the parameters as JSON.
func DecodeHillGame(language, params string) (*HillGame, error) {
	l, err := ParseLanguage(language)
	if err != nil {
		return nil, err
	}
	g := &HillGame{Language: l}
	if err := json.Unmarshal([]byte(params), &g.Params); err != nil {
		return nil, fmt.Errorf("its Core War parameters: %v", err)
	}
	return g, nil
}

// Name is Core War's name in hill files and parts.
func (g *HillGame) Name() string { return "core" }

// Rules are the language's name and the parameters as JSON; a Core War hill has no options.
func (g *HillGame) Rules() (options, language, params string, err error) {
	b, err := json.Marshal(g.Params)
	return "", g.Language.Name(), string(b), err
}

// Check refuses a hill without a language or with parameters the language cannot play.
func (g *HillGame) Check() error {
	if g.Language == NoLanguage {
		return errors.New("a Core War hill needs a language: redcode, cw or vna")
	}
	if err := g.Params.Check(g.Language); err != nil {
		return err
	}
	// A pairing is two warriors, each taking at least the minimum distance (the engine's
	// placement): a hill where they cannot fit could store programs but never play them.
	if span := max(g.Params.MinDist, 1); g.Language == Redcode && span > g.Params.Size/2 {
		return fmt.Errorf("two warriors at least %d cells apart do not fit in a core of %d cells; lower the minimum distance (-mindist, -d) or raise the core size", g.Params.MinDist, g.Params.Size)
	}
	return nil
}

func (g *HillGame) load(file string, src []byte) (*Program, error) {
	if l := LanguageOf(file); l != g.Language {
		return nil, fmt.Errorf("%s is not a %s program; this hill plays %s", file, g.Language.Ext(), g.Language)
	}
	return Load(file, src, g.Params)
}

// Load assembles a program of the hill's language; warnings are the assembler's, a
// srcerr.List (Program.Warnings), nil when there are none.
func (g *HillGame) Load(file string, src []byte) (name, author string, warnings, err error) {
	p, err := g.load(file, src)
	if err != nil {
		return "", "", nil, err
	}
	return p.Name, p.Author, p.Warnings.Err(), nil
}

// CarriesOver reports whether a program's rounds against another depend on the rounds before:
// a Redcode warrior that uses p-space (LDP, STP). Hills of format 2 played such pairings with
// p-space emptied every round; internal/hill replays them (format 3).
func (g *HillGame) CarriesOver(file string, src []byte) bool {
	p, err := g.load(file, src)
	if err != nil || p.Lang != Redcode {
		return false
	}
	w, err := p.redcodeWarrior(g.Params, 2)
	return err == nil && redcode.UsesPSpace([]*redcode.Warrior{w})
}

// Player is the match of the programs over the plan.
func (g *HillGame) Player(programs []bouts.Entry, plan bouts.Plan, workers int) (bouts.PlayFunc, error) {
	progs := make([]*Program, len(programs))
	for i, e := range programs {
		p, err := g.load(e.File, e.Source)
		if err != nil {
			return nil, err
		}
		p.Name = e.Name // the stored name is what the hill shows
		progs[i] = p
	}
	m := &Match{Programs: progs, Params: g.Params, Plan: plan, Workers: workers}
	return m.Play, nil
}

// Tally is the round-robin tournament's empty Result.
func (g *HillGame) Tally(programs []bouts.Entry, seed int64, plan bouts.Plan) bouts.Tally {
	es := make([]*Program, len(programs))
	for i, e := range programs {
		es[i] = &Program{Name: e.Name, File: e.File}
	}
	return NewRoundRobin(es, seed, plan)
}

// Ranking is the entries' indexes in ranked order; the standings themselves stay as they are.
func (res *Result) Ranking() []int {
	st := append([]Standing(nil), res.Standings...)
	sortStandings(st)
	idx := make([]int, len(st))
	for i, s := range st {
		idx[i] = s.Index
	}
	return idx
}

var languageNames = map[Language]string{Redcode: "redcode", CW: "cw", VNA: "vna"}

// Name is the language's name in files (hills, parts, JSON) and on the command line.
func (l Language) Name() string { return languageNames[l] }

// Ext is the extension of the language's files.
func (l Language) Ext() string {
	switch l {
	case CW:
		return ".cw"
	case VNA:
		return ".vna"
	}
	return ".red"
}

// ParseLanguage is the language of a name: redcode (or red), cw (or corewars) or vna.
func ParseLanguage(s string) (Language, error) {
	switch strings.ToLower(s) {
	case "redcode", "red":
		return Redcode, nil
	case "cw", "corewars":
		return CW, nil
	case "vna":
		return VNA, nil
	}
	return NoLanguage, fmt.Errorf("unknown core language %q: redcode, cw or vna", s)
}
