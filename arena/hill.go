package arena

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"robocom/internal/bouts"
	"robocom/robolang"
)

// HillGame is RoboCom as a hill plays it (internal/hill's Game): programs loaded and played
// under one option set, scored as the tournament scores them.
type HillGame struct{ Options *Options }

// DecodeHillGame is the game a hill stores: its option set as "key = value" lines.
func DecodeHillGame(options string) (*HillGame, error) {
	o, err := ParseOptions("hill", []byte(options))
	if err != nil {
		return nil, fmt.Errorf("its option set: %v", err)
	}
	return &HillGame{Options: o}, nil
}

// Name is RoboCom's name in hill files and parts.
func (g *HillGame) Name() string { return "robocom" }

// Rules are the option set as text; a RoboCom hill has no language and "{}" as parameters.
func (g *HillGame) Rules() (options, language, params string, err error) {
	b, err := g.Options.MarshalText()
	return string(b), "", "{}", err
}

// Check refuses a hill without an option set.
func (g *HillGame) Check() error {
	if g.Options == nil {
		return errors.New("a RoboCom hill needs an option set")
	}
	return nil
}

func (g *HillGame) load(file string, src []byte) (*robolang.Program, error) {
	// A Core War program read as RoboCom gives an error a line; say what it is instead, as a
	// Core War hill does for a program of another language.
	switch ext := strings.ToLower(filepath.Ext(file)); ext {
	case ".red", ".cw", ".vna":
		return nil, fmt.Errorf("%s is a Core War program (%s); this hill plays RoboCom (.rob, .rbi)", file, ext)
	}
	return robolang.LoadBytes(file, src, robolang.Options{RC3: g.Options.RC3})
}

// Load parses a program (.rob or RBI) in the option set's language; RoboCom's loader warns of
// nothing, so warnings is always nil.
func (g *HillGame) Load(file string, src []byte) (name, author string, warnings, err error) {
	p, err := g.load(file, src)
	if err != nil {
		return "", "", nil, err
	}
	return p.Name, p.Author, nil, nil
}

// Player is the tournament of the programs over the plan.
func (g *HillGame) Player(programs []bouts.Entry, plan bouts.Plan, workers int) (bouts.PlayFunc, error) {
	progs := make([]*robolang.Program, len(programs))
	for i, e := range programs {
		p, err := g.load(e.File, e.Source)
		if err != nil {
			return nil, err
		}
		p.Name = e.Name // the stored name is what the hill shows
		progs[i] = p
	}
	t := &Tournament{Programs: progs, Options: g.Options, Plan: plan, Workers: workers}
	return t.Play, nil
}

// Tally is the tournament's empty Standing.
func (g *HillGame) Tally(programs []bouts.Entry, _ int64, plan bouts.Plan) bouts.Tally {
	es := make([]Entry, len(programs))
	for i, e := range programs {
		es[i] = Entry{Name: e.Name, File: e.File}
	}
	return NewStanding(es, plan)
}

// Ranking is the entries' indexes in ranked order.
func (s *Standing) Ranking() []int {
	r := s.Ranked()
	idx := make([]int, len(r))
	for i, p := range r {
		idx[i] = p.Index
	}
	return idx
}
